package dev.toolnexus;

import static dev.toolnexus.TestTools.echo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ToolSourceTest {

  /** A host's own source: a changeable list of tools, a status it is told, a close counter. */
  static final class MySource implements ToolSource {
    final String id;
    final List<Tool> tools = new CopyOnWriteArrayList<>();
    final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    final AtomicInteger closes = new AtomicInteger();
    volatile SourceStatus status = SourceStatus.ready();

    MySource(String id, Tool... tools) {
      this.id = id;
      this.tools.addAll(List.of(tools));
    }

    @Override
    public String id() {
      return id;
    }

    @Override
    public List<Tool> tools() {
      return List.copyOf(tools);
    }

    @Override
    public SourceStatus status() {
      return status;
    }

    @Override
    public void onToolsChanged(Runnable listener) {
      listeners.add(listener);
    }

    void add(Tool t) {
      tools.add(t);
      listeners.forEach(Runnable::run);
    }

    @Override
    public void close() {
      closes.incrementAndGet();
    }
  }

  @Test
  void aUserSourceIsListedExecutedAndReportedInStatus() {
    MySource mine = new MySource("crm", echo("find_customer"));
    mine.status = SourceStatus.failed("token expired");
    try (Toolkit tk = Toolkit.builder().builtins(false).source(mine).build()) {
      assertThat(tk.names()).containsExactly("find_customer");
      assertThat(tk.execute("find_customer", Map.of()).output()).isEqualTo("find_customer");
      assertThat(tk.status())
          .containsExactly(Map.entry("crm", SourceStatus.failed("token expired")));
    }
    assertThat(mine.closes.get()).isEqualTo(1);
  }

  @Test
  void sourcesOfATypeAreFoundOnTheToolkitAndOnItsViews() {
    MySource a = new MySource("b-crm", echo("find_customer"));
    MySource b = new MySource("a-erp", echo("find_order"));
    try (Toolkit tk = Toolkit.builder().builtins(false).source(a).source(b).build()) {
      assertThat(tk.sources(MySource.class)).containsExactly(b, a);
      assertThat(tk.view(t -> false).sources(MySource.class)).containsExactly(b, a);
      assertThat(tk.sources(String.class)).isEmpty();
    }
  }

  @Test
  void otherSourcesComeAfterTheHostToolsOrderedById() {
    try (Toolkit tk =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("fakeTools", List.of("m1")))
            .source(ToolSource.of("zeta", echo("z1")))
            .source(ToolSource.of("alpha", echo("a1"), echo("a2")))
            .tools(echo("host"))
            .build()) {
      assertThat(tk.names()).containsExactly("m1", "host", "a1", "a2", "z1");
      assertThat(tk.status().keySet()).containsExactly("mcp", "alpha", "zeta");
    }
  }

  @Test
  void aSourceOfKindMcpSitsWithTheMcpTools() {
    ToolSource mcpLike =
        new ToolSource() {
          @Override
          public String id() {
            return "remote";
          }

          @Override
          public List<Tool> tools() {
            return List.of(TestTools.labelled("r1", Source.MCP, "remote"));
          }

          @Override
          public Source kind() {
            return Source.MCP;
          }
        };
    try (Toolkit tk =
        Toolkit.builder().builtins(false).tools(echo("host")).source(mcpLike).build()) {
      assertThat(tk.names()).containsExactly("r1", "host");
    }
  }

  @Test
  void twoSourcesWithTheSameIdAreRefusedAndBothClosed() {
    MySource a = new MySource("dup", echo("a"));
    MySource b = new MySource("dup", echo("b"));
    assertThatThrownBy(() -> Toolkit.builder().builtins(false).source(a).source(b).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the toolkit already has a tool source with id \"dup\"");
    assertThat(a.closes.get()).isEqualTo(1);
    assertThat(b.closes.get()).isEqualTo(1);
  }

  @Test
  void aSourceAddedAtRunTimeFiresOnToolsChangedAndIsListed() {
    try (Toolkit tk = Toolkit.of(echo("a"))) {
      AtomicInteger fired = new AtomicInteger();
      tk.onToolsChanged(fired::incrementAndGet);

      tk.addSource(ToolSource.of("late", echo("b")));

      assertThat(fired.get()).isEqualTo(1);
      assertThat(tk.names()).containsExactly("a", "b");
      assertThat(tk.status()).containsOnlyKeys("late");
    }
  }

  @Test
  void registerAndASourcesOwnChangeFireOnToolsChanged() {
    MySource mine = new MySource("mine", echo("x"));
    try (Toolkit tk = Toolkit.builder().builtins(false).source(mine).build()) {
      List<String> seen = new ArrayList<>();
      tk.onToolsChanged(() -> seen.add(String.join(",", tk.names())));

      tk.register(echo("reg"));
      mine.add(echo("y"));

      assertThat(seen).containsExactly("reg,x", "reg,x,y");
    }
  }

  @Test
  void aClosedSubscriptionIsNotCalledAgain() {
    try (Toolkit tk = Toolkit.of()) {
      AtomicInteger fired = new AtomicInteger();
      Toolkit.Subscription sub = tk.onToolsChanged(fired::incrementAndGet);
      tk.register(echo("one"));
      sub.close();
      tk.register(echo("two"));

      assertThat(fired.get()).isEqualTo(1);
    }
  }

  @Test
  void statusOfAnMcpSourceHasOnePartPerServerAndMcpStatusReadsThem() {
    try (Toolkit tk =
        Toolkit.builder().builtins(false).mcpConfig(Map.of("fakeTools", List.of("m"))).build()) {
      assertThat(tk.status().get("mcp").parts())
          .containsExactly(Map.entry("fake", SourceStatus.ready()));
      assertThat(tk.mcpStatus()).containsExactly(Map.entry("fake", McpServerStatus.connected()));
    }
  }

  @Test
  void aConnectedServersRevisionSurvivesTheTripThroughTheGenericStatus() {
    SourceStatus part = McpServerStatus.connected("2026-07-28").toSourceStatus();

    assertThat(part).isEqualTo(SourceStatus.ready("2026-07-28"));
    assertThat(part.protocolVersion()).isEqualTo("2026-07-28");
    assertThat(part.toString()).isEqualTo("ready (protocol 2026-07-28)");
    assertThat(McpServerStatus.of(part)).isEqualTo(McpServerStatus.connected("2026-07-28"));
    assertThat(McpServerStatus.of(SourceStatus.ready())).isEqualTo(McpServerStatus.connected());
  }

  @Test
  void partsMakeTheSourceStatus() {
    SourceStatus ok = SourceStatus.ready();
    SourceStatus bad = SourceStatus.failed("refused");
    SourceStatus off = SourceStatus.disabled(null);

    assertThat(SourceStatus.of(Map.of("a", ok)).state()).isEqualTo(SourceStatus.State.READY);
    assertThat(SourceStatus.of(Map.of("a", ok, "b", off)).state())
        .isEqualTo(SourceStatus.State.READY);
    SourceStatus partial = SourceStatus.of(Map.of("a", ok, "b", bad));
    assertThat(partial.state()).isEqualTo(SourceStatus.State.PARTIAL);
    assertThat(partial.reason()).isEqualTo("1 of 2 failed");
    assertThat(SourceStatus.of(Map.of("b", bad, "c", off)).state())
        .isEqualTo(SourceStatus.State.FAILED);
    assertThat(SourceStatus.of(Map.of("c", off)).state()).isEqualTo(SourceStatus.State.DISABLED);
  }

  @Test
  void aConfigWithMcpServersButNoMcpModuleSaysWhatIsMissing() {
    assertThatThrownBy(
            () ->
                Toolkit.builder()
                    .mcpConfig(Map.of("mcpServers", Map.of("x", Map.of("command", "y"))))
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "an MCP config was given (<object>) but toolnexus-mcp is not on the classpath; add"
                + " the dev.toolnexus:toolnexus-mcp dependency");
  }
}
