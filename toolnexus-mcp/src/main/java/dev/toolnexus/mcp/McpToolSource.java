package dev.toolnexus.mcp;

import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.mcp.internal.ServerConnection;
import dev.toolnexus.mcp.internal.UniqueNames;
import dev.toolnexus.spi.McpConnection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The live MCP side of a toolkit: every connected server's tools in config order, each server's
 * status, and {@link #close()} that stops every client and kills every stdio process tree. A
 * server's {@code notifications/tools/list_changed} refreshes its tools and tells the listeners.
 */
public final class McpToolSource implements McpConnection {
  private final Map<String, McpServerStatus> status;
  private final Map<String, ServerConnection> connections;
  private final List<Runnable> listeners;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final UniqueNames names = new UniqueNames();

  McpToolSource(
      Map<String, McpServerStatus> status,
      Map<String, ServerConnection> connections,
      List<Runnable> listeners) {
    this.status = Collections.unmodifiableMap(new LinkedHashMap<>(status));
    this.connections = Collections.unmodifiableMap(new LinkedHashMap<>(connections));
    this.listeners = listeners;
  }

  /**
   * Every connected server's tools, servers in config order, each in its list order. Two tools
   * whose exposed names would clash both stay: the later one gets a distinct name (logged at WARN).
   */
  @Override
  public List<Tool> tools() {
    return names.assign(List.copyOf(connections.values()));
  }

  /** Each configured server's status ({@code connected | disabled | failed}), in config order. */
  @Override
  public Map<String, McpServerStatus> status() {
    return status;
  }

  /** Called after a server's tool list changed ({@code notifications/tools/list_changed}). */
  @Override
  public void onToolsChanged(Runnable listener) {
    listeners.add(listener);
  }

  /** The process of a connected stdio server (its root; descendants via {@code descendants()}). */
  public Optional<ProcessHandle> process(String server) {
    ServerConnection c = connections.get(server);
    return c == null ? Optional.empty() : Optional.ofNullable(c.process());
  }

  /** Whether {@link #close()} has run. */
  public boolean isClosed() {
    return closed.get();
  }

  /**
   * Stops every client and kills every stdio server's process tree, all servers at once;
   * idempotent. (A JVM shutdown hook also kills any process tree still running at exit.)
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    List<CompletableFuture<Void>> done = new ArrayList<>();
    for (ServerConnection c : connections.values()) {
      CompletableFuture<Void> f = new CompletableFuture<>();
      Threads.start(
          "toolnexus-mcp-close-" + c.name(),
          () -> {
            try {
              c.close();
            } finally {
              f.complete(null);
            }
          });
      done.add(f);
    }
    done.forEach(CompletableFuture::join);
  }
}
