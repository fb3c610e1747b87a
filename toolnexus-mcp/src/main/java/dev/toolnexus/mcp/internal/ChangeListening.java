package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.time.Scheduler;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArraySet;

/** The {@code subscriptions/listen} change stream of one 2026-07-28 {@link ServerConnection}. */
final class ChangeListening implements AutoCloseable {
  private final ServerConnection connection;
  private final Scheduler scheduler;
  private final Runnable refresh;
  // the resource URIs subscribed to on a 2026-07-28 server, which its listen filter names
  private final Set<String> subscribed = new CopyOnWriteArraySet<>();
  private volatile ChangeStream changes;

  /**
   * The change listening of {@code connection}.
   *
   * @param scheduler paces the reopening of a dropped HTTP change stream
   * @param refresh lists the tools again after a tools change
   */
  ChangeListening(ServerConnection connection, Scheduler scheduler, Runnable refresh) {
    this.connection = connection;
    this.scheduler = scheduler;
    this.refresh = refresh;
  }

  /**
   * Opens the {@code subscriptions/listen} stream of a server spoken to in 2026-07-28 (over HTTP
   * kept open by a {@link ChangeStream}, over stdio on the shared channel), or replaces it when the
   * subscribed URIs changed; null for a server of the session revision, whose changes come unasked.
   */
  CompletableFuture<Map<String, Object>> open() {
    StatelessSession st = connection.stateless();
    StdioSession s = connection.session();
    String name = connection.name();
    ServerFeatures features = connection.features();
    if (st != null) {
      ChangeStream stream = changes;
      if (stream == null) {
        ChangeNotes notes = new ChangeNotes(name, st::drop, refresh, features::updated);
        stream =
            new ChangeStream(
                name,
                scheduler,
                () -> ListenFilter.of(st.capabilities(), subscribed),
                notes::accept,
                st::listen);
        changes = stream;
      }
      return stream.open();
    }
    if (s != null && s.isStateless()) {
      ChangeNotes notes = new ChangeNotes(name, method -> {}, refresh, features::updated);
      return s.listenChanges(ListenFilter.of(s.capabilities(), subscribed), notes);
    }
    return null;
  }

  /**
   * Adds or removes a resource URI of a 2026-07-28 server's listen filter and opens the stream
   * again with it; false for a server of the session revision (which has {@code
   * resources/subscribe}). When added, waits for the acknowledgement and fails unless it kept the
   * URI.
   */
  boolean resubscribe(String uri, boolean add, CancelToken cancel) {
    StdioSession session = connection.session();
    boolean stateless2026 =
        connection.stateless() != null || session != null && session.isStateless();
    if (!stateless2026) {
      return false;
    }
    boolean changed = add ? subscribed.add(uri) : subscribed.remove(uri);
    if (!changed) {
      return true;
    }
    CompletableFuture<Map<String, Object>> acknowledged = open();
    if (!add) {
      return true;
    }
    Map<String, Object> ack;
    try {
      ack =
          Await.await(
              acknowledged,
              connection.config().timeout(),
              connection.dead(),
              cancel,
              ListenFilter.LISTEN);
    } catch (RuntimeException e) {
      subscribed.remove(uri);
      throw e;
    }
    if (!ListenFilter.accepted(ack, uri)) {
      subscribed.remove(uri);
      open();
      throw new McpFailure(
          ListenFilter.LISTEN
              + " failed: MCP server \""
              + connection.name()
              + "\" did not accept the subscription to \""
              + uri
              + "\"");
    }
    return true;
  }

  /** Ends the HTTP change stream, if one was opened. */
  @Override
  public void close() {
    ChangeStream stream = changes;
    if (stream != null) {
      stream.close();
    }
  }
}
