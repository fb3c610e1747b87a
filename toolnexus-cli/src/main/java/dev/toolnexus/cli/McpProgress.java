package dev.toolnexus.cli;

import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Shows on stderr which MCP servers are still connecting and how each one ended. On a terminal it
 * is one live line redrawn in place; otherwise plain lines (one at the start, one per server).
 */
final class McpProgress implements AutoCloseable {
  private static final Set<String> RESERVED =
      Set.of("builtins", "agents", "subagents", "a2a", "mcpServer");

  private final PrintWriter err;
  private final boolean live;
  private final List<String> servers;
  private final Map<String, McpServerStatus> done = new ConcurrentHashMap<>();
  private final long start = System.nanoTime();
  private ScheduledExecutorService ticker;
  private boolean finished;

  private McpProgress(PrintWriter err, boolean live, List<String> servers) {
    this.err = err;
    this.live = live;
    this.servers = servers;
  }

  /** Starts reporting for the servers named in the config file. */
  static McpProgress start(Io io, Path config) {
    McpProgress p = new McpProgress(io.err(), io.terminal(), serverNames(config));
    p.begin();
    return p;
  }

  private void begin() {
    if (servers.isEmpty()) {
      return;
    }
    if (live) {
      redraw();
      ticker =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "toolnexus-mcp-progress");
                t.setDaemon(true);
                return t;
              });
      ticker.scheduleAtFixedRate(this::redraw, 100, 100, TimeUnit.MILLISECONDS);
    } else {
      err.println("MCP: connecting " + String.join(", ", servers));
      err.flush();
    }
  }

  /** Records one server's outcome as soon as it is known. */
  void server(String name, McpServerStatus status) {
    if (done.putIfAbsent(name, status) == null && !live) {
      err.println(line(name, status));
      err.flush();
    }
  }

  /** Records every server's final status and prints the summary. */
  void finish(Map<String, McpServerStatus> statuses) {
    stopTicker();
    if (live) {
      err.print("\r\033[K");
    }
    for (Map.Entry<String, McpServerStatus> e : statuses.entrySet()) {
      if (live) {
        err.println(line(e.getKey(), e.getValue()));
      } else {
        server(e.getKey(), e.getValue());
      }
    }
    err.flush();
    finished = true;
  }

  private synchronized void redraw() {
    List<String> pending = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    for (String s : servers) {
      McpServerStatus st = done.get(s);
      if (st == null) {
        pending.add(s);
      } else {
        parts.add(s + " " + st.state().id());
      }
    }
    double secs = (System.nanoTime() - start) / 1e9;
    StringBuilder sb = new StringBuilder("\r\033[KMCP: ");
    if (!pending.isEmpty()) {
      sb.append("connecting ").append(String.join(", ", pending));
    }
    if (!parts.isEmpty()) {
      sb.append(pending.isEmpty() ? "" : "; ").append(String.join(", ", parts));
    }
    sb.append(String.format(java.util.Locale.ROOT, " (%.1fs)", secs));
    err.print(sb);
    err.flush();
  }

  private void stopTicker() {
    if (ticker != null) {
      ticker.shutdownNow();
      try {
        ticker.awaitTermination(1, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      ticker = null;
    }
  }

  private static String line(String name, McpServerStatus status) {
    return "MCP " + name + ": " + status;
  }

  @Override
  public void close() {
    stopTicker();
    if (live && !finished && !servers.isEmpty()) {
      err.print("\r\033[K");
      err.flush();
    }
  }

  /**
   * The server names of a config, in order, read leniently: a config the MCP loader will reject
   * just shows no names here, and the loader reports the real error.
   */
  @SuppressWarnings("unchecked")
  static List<String> serverNames(Path config) {
    Map<String, Object> doc;
    try {
      Object parsed = Json.parse(Files.readString(config));
      if (!(parsed instanceof Map)) {
        return List.of();
      }
      doc = (Map<String, Object>) parsed;
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    for (String key : List.of("mcpServers", "servers", "mcp")) {
      if (doc.get(key) instanceof Map<?, ?> m) {
        return m.keySet().stream().map(String::valueOf).toList();
      }
    }
    return doc.entrySet().stream()
        .filter(e -> !RESERVED.contains(e.getKey()) && e.getValue() instanceof Map)
        .map(Map.Entry::getKey)
        .toList();
  }
}
