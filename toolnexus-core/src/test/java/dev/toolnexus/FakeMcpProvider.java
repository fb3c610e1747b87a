package dev.toolnexus;

import dev.toolnexus.spi.SourceRequest;
import dev.toolnexus.spi.ToolSourceProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands in for toolnexus-mcp on core's test classpath (found through ServiceLoader like the real
 * one): the config section {@code fakeTools} lists tool names, served as MCP tools by a source that
 * reports one connected server named {@code fake}.
 */
public final class FakeMcpProvider implements ToolSourceProvider {
  /** The connection made by the last {@link #open}. */
  static volatile Connection last;

  /** Counted down when an {@link #open} begins, so a test can see when the load started. */
  static volatile CountDownLatch openStarted = new CountDownLatch(1);

  @Override
  public List<String> sections() {
    return List.of("fakeTools");
  }

  @Override
  public ToolSource open(SourceRequest request) {
    openStarted.countDown();
    List<Tool> tools = new ArrayList<>();
    if (request.sectionValue() instanceof List<?> l) {
      for (Object n : l) {
        tools.add(TestTools.labelled(String.valueOf(n), Source.MCP, "mcp:" + n));
      }
    }
    request.onPartStatus().accept("fake", SourceStatus.ready());
    Connection c = new Connection(tools);
    last = c;
    return c;
  }

  /** A fake live connection whose tool list a test can change. */
  static final class Connection implements ToolSource {
    final List<Tool> tools;
    final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    final AtomicInteger closes = new AtomicInteger();

    Connection(List<Tool> tools) {
      this.tools = new CopyOnWriteArrayList<>(tools);
    }

    @Override
    public String id() {
      return "mcp";
    }

    @Override
    public Source kind() {
      return Source.MCP;
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
    public SourceStatus status() {
      Map<String, SourceStatus> m = new LinkedHashMap<>();
      m.put("fake", SourceStatus.ready());
      return SourceStatus.of(m);
    }

    @Override
    public void close() {
      closes.incrementAndGet();
    }
  }
}
