package dev.toolnexus.mcp.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.WaitFor;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.mcp.internal.Await;
import dev.toolnexus.mcp.internal.ConfiguredAuth;
import dev.toolnexus.mcp.internal.ListCache;
import dev.toolnexus.mcp.internal.ServerConnection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs one piece of work per enabled server concurrently and collects results in config order. */
final class Loader {
  private static final Logger log = LoggerFactory.getLogger(Loader.class);
  private static final Object CANCELLED = new Object();

  private Loader() {}

  static McpToolSource load(
      McpConfig config, Map<String, String> env, WaitFor waitFor, CancelToken cancel) {
    return load(config, env, waitFor, cancel, (name, status) -> {});
  }

  static McpToolSource load(
      McpConfig config,
      Map<String, String> env,
      WaitFor waitFor,
      CancelToken cancel,
      BiConsumer<String, McpServerStatus> onStatus) {
    List<Runnable> listeners = new CopyOnWriteArrayList<>();
    Runnable fire = () -> listeners.forEach(Runnable::run);
    Map<String, Object> results =
        forEachServer(
            config,
            cancel,
            server ->
                ConfiguredAuth.run(
                    server,
                    env,
                    waitFor,
                    s -> ServerConnection.open(s, env, waitFor, cancel, fire, ListCache.shared())),
            onStatus);
    Map<String, McpServerStatus> status = new LinkedHashMap<>();
    Map<String, ServerConnection> connections = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : results.entrySet()) {
      if (e.getValue() instanceof ServerConnection c) {
        connections.put(e.getKey(), c);
        status.put(e.getKey(), McpServerStatus.connected(c.protocolVersion()));
      } else {
        status.put(e.getKey(), (McpServerStatus) e.getValue());
      }
    }
    return new McpToolSource(status, connections, listeners);
  }

  /**
   * Applies {@code work} to every enabled, well-formed server at once, each on its own thread but
   * the last, which runs on the calling thread. Each value of the result is the work's return value
   * or a {@code disabled}/{@code failed} status.
   *
   * @throws CancellationException when {@code cancel} fired; any results are closed first
   */
  static Map<String, Object> forEachServer(
      McpConfig config,
      CancelToken cancel,
      Function<McpServerConfig, ?> work,
      BiConsumer<String, McpServerStatus> onStatus) {
    cancel.throwIfCancelled();
    Map<String, CompletableFuture<Object>> futures = new LinkedHashMap<>();
    List<McpServerConfig> connecting = new ArrayList<>();
    for (McpServerConfig server : config.servers()) {
      if (!server.enabled()) {
        futures.put(server.name(), CompletableFuture.completedFuture(McpServerStatus.disabled()));
        tell(onStatus, server.name(), McpServerStatus.disabled());
      } else if (!server.isValid()) {
        log.warn("{}", server.problem());
        futures.put(
            server.name(),
            CompletableFuture.completedFuture(McpServerStatus.failed(server.problem())));
        tell(onStatus, server.name(), McpServerStatus.failed(server.problem()));
      } else {
        futures.put(server.name(), new CompletableFuture<>());
        connecting.add(server);
      }
    }
    // every server connects at once, the last on this thread: it would only wait for the others
    // anyway, and a single server then needs no thread of its own
    for (int i = 0; i < connecting.size(); i++) {
      McpServerConfig server = connecting.get(i);
      CompletableFuture<Object> f = futures.get(server.name());
      if (i == connecting.size() - 1) {
        connect(server, work, onStatus, f);
      } else {
        Threads.start(
            "toolnexus-mcp-connect-" + server.name(), () -> connect(server, work, onStatus, f));
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    futures.forEach((name, f) -> out.put(name, f.join()));
    if (cancel.isCancelled() || out.containsValue(CANCELLED)) {
      for (Object r : out.values()) {
        if (r instanceof AutoCloseable c) {
          try {
            c.close();
          } catch (Exception e) {
            log.debug("closing after a cancelled load failed: {}", e.getMessage());
          }
        }
      }
      throw new CancellationException(
          "MCP load cancelled" + (cancel.reason() == null ? "" : ": " + cancel.reason()));
    }
    return out;
  }

  /** Connects one server and completes {@code f} with the connection or the status it ended in. */
  private static void connect(
      McpServerConfig server,
      Function<McpServerConfig, ?> work,
      BiConsumer<String, McpServerStatus> onStatus,
      CompletableFuture<Object> f) {
    try {
      Object result = work.apply(server);
      tell(
          onStatus,
          server.name(),
          McpServerStatus.connected(
              result instanceof ServerConnection c ? c.protocolVersion() : null));
      f.complete(result);
    } catch (CancellationException e) {
      f.complete(CANCELLED);
    } catch (AuthRequiredException e) {
      log.warn("MCP server {} needs a sign-in: {}", server.name(), e.getMessage());
      tell(onStatus, server.name(), McpServerStatus.needsAuth(e.getMessage()));
      f.complete(McpServerStatus.needsAuth(e.getMessage()));
    } catch (RuntimeException e) {
      String reason = Await.message(e);
      log.warn("MCP server {} failed: {}", server.name(), reason);
      tell(onStatus, server.name(), McpServerStatus.failed(reason));
      f.complete(McpServerStatus.failed(reason));
    } finally {
      // an Error must not leave the load waiting forever
      f.complete(McpServerStatus.failed("connecting failed unexpectedly"));
    }
  }

  private static void tell(
      BiConsumer<String, McpServerStatus> onStatus, String name, McpServerStatus status) {
    try {
      onStatus.accept(name, status);
    } catch (RuntimeException e) {
      log.warn("the MCP status listener failed for {}: {}", name, e.toString());
    }
  }
}
