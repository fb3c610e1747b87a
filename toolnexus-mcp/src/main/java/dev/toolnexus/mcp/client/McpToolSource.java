package dev.toolnexus.mcp.client;

import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolSource;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.mcp.internal.ServerConnection;
import dev.toolnexus.mcp.internal.UniqueNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The live MCP side of a toolkit, a {@link ToolSource} with id {@code "mcp"}: every connected
 * server's tools in config order, each server's status, and {@link #close()} that stops every
 * client and kills every stdio process tree. A server's {@code notifications/tools/list_changed}
 * refreshes its tools and tells the listeners. Add it to a toolkit with {@code
 * Toolkit.builder().source(Mcp.connect(...))}.
 */
public final class McpToolSource implements ToolSource {
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

  /** The source's id in a toolkit's status: {@code "mcp"}. */
  @Override
  public String id() {
    return "mcp";
  }

  /** MCP tools come first in a toolkit. */
  @Override
  public Source kind() {
    return Source.MCP;
  }

  /**
   * The source's status with one part per configured server: ready when no enabled server failed,
   * partial when some did, failed when all did.
   */
  @Override
  public SourceStatus status() {
    Map<String, SourceStatus> parts = new LinkedHashMap<>();
    status.forEach((name, st) -> parts.put(name, st.toSourceStatus()));
    return SourceStatus.of(parts);
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
  public Map<String, McpServerStatus> serverStatus() {
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
