package dev.toolnexus;

import dev.toolnexus.spi.McpConnection;
import dev.toolnexus.spi.McpConnector;
import dev.toolnexus.spi.McpLoadRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands in for toolnexus-mcp on core's test classpath (found through ServiceLoader like the real
 * one): the config key {@code fakeTools} lists tool names, served as MCP tools.
 */
public final class FakeMcpConnector implements McpConnector {
  /** The connection made by the last {@link #connect}. */
  static volatile Connection last;

  @Override
  public McpConnection connect(McpLoadRequest request) {
    List<Tool> tools = new ArrayList<>();
    Object names = request.config().get("fakeTools");
    if (names instanceof List<?> l) {
      for (Object n : l) {
        tools.add(TestTools.labelled(String.valueOf(n), Source.MCP, "mcp:" + n));
      }
    }
    Connection c = new Connection(tools);
    last = c;
    return c;
  }

  /** A fake live connection whose tool list a test can change. */
  static final class Connection implements McpConnection {
    final List<Tool> tools;
    final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    final AtomicInteger closes = new AtomicInteger();

    Connection(List<Tool> tools) {
      this.tools = new CopyOnWriteArrayList<>(tools);
    }

    @Override
    public List<Tool> tools() {
      return List.copyOf(tools);
    }

    @Override
    public void onToolsChanged(Runnable listener) {
      listeners.add(listener);
    }

    void add(Tool tool) {
      tools.add(tool);
      listeners.forEach(Runnable::run);
    }

    @Override
    public Map<String, McpServerStatus> status() {
      Map<String, McpServerStatus> m = new LinkedHashMap<>();
      m.put("fake", McpServerStatus.connected());
      return m;
    }

    @Override
    public void close() {
      closes.incrementAndGet();
    }
  }
}
