package dev.toolnexus.mcp.internal;

import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code subscriptions/listen} stream of a 2026-07-28 server over HTTP, kept open: a stream
 * that ends without the server's closing answer (it dropped, or the server failed it) is opened
 * again after a backoff on the scheduler, 1 s doubling to 30 s and back to 1 s once a stream is
 * acknowledged; a stream the server closed with its answer is not. A changed filter (a resource
 * subscribed to or dropped) replaces the stream at once.
 */
final class ChangeStream {
  private static final Logger log = LoggerFactory.getLogger(ChangeStream.class);
  static final Duration FIRST_DELAY = Duration.ofSeconds(1);
  static final Duration MAX_DELAY = Duration.ofSeconds(30);

  private final String server;
  private final Scheduler scheduler;
  private final Supplier<Map<String, Object>> filter;
  private final Consumer<Map<String, Object>> onChange;
  private final BiFunction<
          Map<String, Object>,
          Consumer<Map<String, Object>>,
          CompletableFuture<Map<String, Object>>>
      opener;
  private CompletableFuture<Map<String, Object>> stream;
  private Scheduler.Timer retry;
  private Duration delay = FIRST_DELAY;
  private long generation;
  private boolean closed;

  /**
   * @param filter the filter of the next stream (asked at each opening)
   * @param onChange gets each notification of a stream other than its acknowledgement
   * @param opener sends {@code subscriptions/listen} with a filter, handing the stream's
   *     notifications to the consumer; the future ends with the stream
   */
  ChangeStream(
      String server,
      Scheduler scheduler,
      Supplier<Map<String, Object>> filter,
      Consumer<Map<String, Object>> onChange,
      BiFunction<
              Map<String, Object>,
              Consumer<Map<String, Object>>,
              CompletableFuture<Map<String, Object>>>
          opener) {
    this.server = server;
    this.scheduler = scheduler;
    this.filter = filter;
    this.onChange = onChange;
    this.opener = opener;
  }

  /**
   * Opens a stream now, replacing any open one. The future completes with the acknowledgement's
   * params once the server acknowledged it (from then on no change is missed), with an empty map
   * when there is nothing to listen for, or fails when the stream ended before.
   */
  synchronized CompletableFuture<Map<String, Object>> open() {
    CompletableFuture<Map<String, Object>> acknowledged = new CompletableFuture<>();
    if (closed) {
      acknowledged.complete(Map.of());
      return acknowledged;
    }
    cancelCurrent();
    Map<String, Object> wanted = filter.get();
    if (wanted.isEmpty()) {
      acknowledged.complete(Map.of());
      return acknowledged;
    }
    long mine = ++generation;
    CompletableFuture<Map<String, Object>> s =
        opener.apply(
            wanted,
            n -> {
              if (ListenFilter.ACKNOWLEDGED.equals(n.get("method"))) {
                acknowledged(mine);
                acknowledged.complete(n.get("params") instanceof Map<?, ?> p ? copy(p) : Map.of());
              } else {
                onChange.accept(n);
              }
            });
    stream = s;
    s.whenComplete(
        (r, e) -> {
          acknowledged.completeExceptionally(
              new McpFailure(
                  ListenFilter.LISTEN
                      + " ended before the server acknowledged it"
                      + (e == null ? "" : ": " + Await.message(e))));
          ended(mine, e);
        });
    return acknowledged;
  }

  private static Map<String, Object> copy(Map<?, ?> p) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    p.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  private synchronized void acknowledged(long mine) {
    if (mine == generation) {
      delay = FIRST_DELAY;
    }
  }

  private synchronized void ended(long mine, Throwable e) {
    if (closed || mine != generation) {
      return; // replaced or closed: nothing to reopen
    }
    stream = null;
    if (e == null) {
      log.debug("MCP server {} closed its {} stream", server, ListenFilter.LISTEN);
      return;
    }
    Throwable cause = e instanceof java.util.concurrent.CompletionException c ? c.getCause() : e;
    if (cause instanceof dev.toolnexus.mcp.protocol.RpcException rpc && rpc.error() != null) {
      // the server refused the request itself: asking again would be refused the same way
      log.warn(
          "MCP server {} refused {}: {}; its changes go unheard",
          server,
          ListenFilter.LISTEN,
          rpc.getMessage());
      return;
    }
    Duration wait = delay;
    delay = delay.multipliedBy(2).compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay.multipliedBy(2);
    log.debug(
        "MCP server {}: the {} stream ended ({}); opening it again in {} ms",
        server,
        ListenFilter.LISTEN,
        Await.message(e),
        wait.toMillis());
    retry = scheduler.schedule(wait, this::reopen);
  }

  private void reopen() {
    // a stream that ends again schedules its own next try
    open().exceptionally(e -> Map.of());
  }

  private void cancelCurrent() {
    Scheduler.Timer t = retry;
    retry = null;
    if (t != null) {
      t.cancel();
    }
    CompletableFuture<Map<String, Object>> s = stream;
    stream = null;
    generation++;
    if (s != null) {
      s.cancel(true);
    }
  }

  /** Closes the stream and stops reopening it. */
  synchronized void close() {
    cancelCurrent();
    closed = true;
  }
}
