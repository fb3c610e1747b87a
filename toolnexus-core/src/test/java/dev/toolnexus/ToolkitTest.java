package dev.toolnexus;

import static dev.toolnexus.TestTools.echo;
import static dev.toolnexus.TestTools.names;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ToolkitTest {

  @Test
  void extraToolsKeepTheirOrder() {
    try (Toolkit tk = Toolkit.of(echo("c"), echo("a"), echo("b"))) {
      assertThat(tk.names()).containsExactly("c", "a", "b");
      assertThat(names(tk.tools())).containsExactly("c", "a", "b");
    }
  }

  @Test
  void mcpToolsComeBeforeExtraTools() {
    try (Toolkit tk =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("fakeTools", List.of("srv_one", "srv_two")))
            .tools(echo("mine"))
            .build()) {
      assertThat(tk.names()).containsExactly("srv_one", "srv_two", "mine");
      assertThat(tk.get("srv_one").orElseThrow().source()).isEqualTo(Source.MCP);
      assertThat(tk.mcpStatus()).containsEntry("fake", McpServerStatus.connected());
    }
  }

  @Test
  void configSourcesStartOpeningBeforeTheSkillsLoad() throws Exception {
    // a local MCP server boots while the build thread loads skills: the source's load has begun
    // by the time the (blocking) skill provider runs, so the two overlap instead of queueing
    CountDownLatch started = new CountDownLatch(1);
    FakeMcpProvider.openStarted = started;
    AtomicInteger seenStarted = new AtomicInteger(-1);
    try (Toolkit tk =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("fakeTools", List.of("srv_one")))
            .skillProvider(
                () -> {
                  seenStarted.set(started.await(5, TimeUnit.SECONDS) ? 1 : 0);
                  return List.of();
                })
            .build()) {
      assertThat(seenStarted.get()).isEqualTo(1);
      assertThat(tk.names()).containsExactly("srv_one", "skill");
    }
  }

  @Test
  void anMcpToolWinsOverAnExtraToolOfTheSameName() {
    try (Toolkit tk =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("fakeTools", List.of("dup")))
            .tools(echo("dup"))
            .build()) {
      assertThat(tk.execute("dup", Map.of()).output()).isEqualTo("mcp:dup");
    }
  }

  @Test
  void firstExtraOfANameWins() {
    Tool first = TestTools.labelled("dup", Source.NATIVE, "first");
    Tool second = TestTools.labelled("dup", Source.NATIVE, "second");

    try (Toolkit tk = Toolkit.of(first, second)) {
      assertThat(tk.tools()).containsExactly(first);
      assertThat(tk.execute("dup", Map.of()).output()).isEqualTo("first");
    }
  }

  @Test
  void getFindsByExactName() {
    Tool a = echo("a");
    try (Toolkit tk = Toolkit.of(a)) {
      assertThat(tk.get("a")).containsSame(a);
      assertThat(tk.get("A")).isEmpty();
    }
  }

  @Test
  void disableToolsDropsByNameAcrossSources() {
    try (Toolkit tk =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("fakeTools", List.of("m1", "m2")))
            .tools(echo("e1"), echo("e2"))
            .disableTools("m2", "e1", "not_there")
            .build()) {
      assertThat(tk.names()).containsExactly("m1", "e2");
      assertThat(tk.execute("e1", Map.of()).isError()).isTrue();
    }
  }

  @Test
  void registerAppendsAfterEverySource() {
    try (Toolkit tk = Toolkit.of(echo("a"))) {
      tk.register(echo("late"));

      assertThat(tk.names()).containsExactly("a", "late");
      assertThat(tk.execute("late", Map.of()).output()).isEqualTo("late");
    }
  }

  @Test
  void registeringATakenNameKeepsTheFirst() {
    try (Toolkit tk = Toolkit.of(TestTools.labelled("a", Source.NATIVE, "original"))) {
      tk.register(TestTools.labelled("a", Source.CUSTOM, "late"));

      assertThat(tk.execute("a", Map.of()).output()).isEqualTo("original");
      assertThat(tk.tools()).hasSize(1);
    }
  }

  @Test
  void registerValidatesTheName() {
    try (Toolkit tk = Toolkit.of()) {
      assertThatThrownBy(() -> tk.register(TestTools.labelled("", Source.NATIVE, "x")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("tool name must not be empty");
    }
  }

  @Test
  void aChangedMcpToolListIsSeenOnTheNextCall() {
    try (Toolkit tk =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("fakeTools", List.of("m1")))
            .tools(echo("e"))
            .build()) {
      assertThat(tk.names()).containsExactly("m1", "e");

      FakeMcpProvider.last.add(TestTools.labelled("m2", Source.MCP, "mcp:m2"));

      assertThat(tk.names()).containsExactly("m1", "m2", "e");
      assertThat(tk.execute("m2", Map.of()).output()).isEqualTo("mcp:m2");
    }
  }

  @Test
  void executeRoutesToTheNamedTool() {
    try (Toolkit tk = Toolkit.of(TestTools.weather(), echo("ping"))) {
      ToolResult r = tk.execute("get_weather", Map.of("city", "Chennai"));

      assertThat(r.output()).isEqualTo("sunny in Chennai");
      assertThat(r.isError()).isFalse();
    }
  }

  @Test
  void unknownToolIsAnErrorResultListingTheAvailableNames() {
    try (Toolkit tk = Toolkit.of(echo("alpha"), echo("beta"))) {
      ToolResult r = tk.execute("gamma", Map.of());

      assertThat(r.isError()).isTrue();
      assertThat(r.output()).isEqualTo("Unknown tool: gamma. Available: alpha, beta");
    }
  }

  @Test
  void unknownToolInAnEmptyToolkitSaysNoneAreAvailable() {
    try (Toolkit tk = Toolkit.of()) {
      assertThat(tk.execute("x", Map.of()).output())
          .isEqualTo("Unknown tool: x. Available: (none)");
    }
  }

  @Test
  void invalidArgumentsAreRejectedBeforeTheToolRuns() {
    AtomicInteger runs = new AtomicInteger();
    Tool counted =
        Tools.define(
            "get_weather",
            "w",
            TestTools.CITY_SCHEMA,
            a -> {
              runs.incrementAndGet();
              return "ran";
            });
    try (Toolkit tk = Toolkit.of(counted)) {
      ToolResult r = tk.execute("get_weather", Map.of("city", 42));

      assertThat(r.isError()).isTrue();
      assertThat(r.output())
          .isEqualTo(
              "Invalid arguments for tool get_weather:\n- city: expected string, got integer");
      assertThat(runs).hasValue(0);
    }
  }

  @Test
  void everyArgumentProblemIsListed() {
    try (Toolkit tk = Toolkit.of(TestTools.weather())) {
      Map<String, Object> schemaWithMore =
          Json.parseObject(
              "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
                  + "\"unit\":{\"enum\":[\"c\",\"f\"]}},\"required\":[\"city\",\"unit\"]}");
      tk.register(Tools.define("w2", "w", schemaWithMore, a -> "ok"));

      ToolResult r = tk.execute("w2", Map.of());

      assertThat(r.output())
          .isEqualTo(
              "Invalid arguments for tool w2:\n- city: is required but missing\n"
                  + "- unit: is required but missing");
    }
  }

  @Test
  void nullArgumentsAreAnEmptyObject() {
    try (Toolkit tk = Toolkit.of(echo("e"))) {
      assertThat(tk.execute("e", null).output()).isEqualTo("e");
    }
  }

  @Test
  void aToolThatThrowsBecomesAnErrorResultWithItsMessage() {
    Tool thrower =
        new Tool() {
          @Override
          public String name() {
            return "boom";
          }

          @Override
          public String description() {
            return "throws";
          }

          @Override
          public Map<String, Object> inputSchema() {
            return Map.of("type", "object");
          }

          @Override
          public Source source() {
            return Source.CUSTOM;
          }

          @Override
          public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
            throw new IllegalStateException("the disk is full");
          }
        };
    try (Toolkit tk = Toolkit.of(thrower)) {
      ToolResult r = tk.execute("boom", Map.of());

      assertThat(r.isError()).isTrue();
      assertThat(r.output()).isEqualTo("tool boom failed: the disk is full");
    }
  }

  @Test
  void theContextReachesTheTool() {
    CancelToken token = new CancelToken();
    token.cancel();
    Tool probe =
        Tools.define(
            "probe",
            "p",
            Map.of("type", "object"),
            (args, ctx) -> ctx.isCancelled() + " " + ctx.answerOpt().map(Answer::id).orElse("-"));
    try (Toolkit tk = Toolkit.of(probe)) {
      ToolResult r =
          tk.execute("probe", Map.of(), ToolContext.of(token).withAnswer(Answer.ok("r1")));

      assertThat(r.output()).isEqualTo("true r1");
    }
  }

  @Test
  void concurrentExecuteCallsAllGetTheirOwnResult() throws Exception {
    Tool upper =
        Tools.define(
            "upper",
            "u",
            Json.parseObject(
                "{\"type\":\"object\",\"properties\":{\"s\":{\"type\":\"string\"}},"
                    + "\"required\":[\"s\"]}"),
            a -> a.get("s").toString().toUpperCase(java.util.Locale.ROOT));
    int threads = 8;
    int calls = 200;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (Toolkit tk = Toolkit.of(upper)) {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<String>>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        Callable<List<String>> job =
            () -> {
              start.await();
              List<String> mismatches = new ArrayList<>();
              for (int i = 0; i < calls; i++) {
                String in = "t" + id + "c" + i;
                ToolResult r = tk.execute("upper", Map.of("s", in));
                if (r.isError() || !r.output().equals(in.toUpperCase(java.util.Locale.ROOT))) {
                  mismatches.add(in + " -> " + r.output());
                }
                if (i % 50 == 0) {
                  tk.register(echo("reg_" + id + "_" + i));
                }
              }
              return mismatches;
            };
        futures.add(pool.submit(job));
      }
      start.countDown();
      for (Future<List<String>> f : futures) {
        assertThat(f.get(60, TimeUnit.SECONDS)).isEmpty();
      }
      assertThat(tk.names()).hasSize(1 + threads * 4);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void closeIsIdempotentAndClosesTheMcpConnectionOnce() {
    Toolkit tk =
        Toolkit.builder().builtins(false).mcpConfig(Map.of("fakeTools", List.of("m"))).build();
    FakeMcpProvider.Connection conn = FakeMcpProvider.last;

    tk.close();
    tk.close();

    assertThat(tk.isClosed()).isTrue();
    assertThat(conn.closes).hasValue(1);
  }

  @Test
  void adapterMethodsRenderTheToolkitsTools() {
    try (Toolkit tk = Toolkit.of(TestTools.weather(), echo("ping"))) {
      assertThat(tk.toOpenAI()).isEqualTo(Adapters.toOpenAI(tk.tools()));
      assertThat(tk.toAnthropic()).isEqualTo(Adapters.toAnthropic(tk.tools()));
      assertThat(tk.toGemini()).isEqualTo(Adapters.toGemini(tk.tools()));
    }
  }

  @Test
  void sourcesAssembleMcpThenSkillThenBuiltinsThenExtrasAndAnExtraShadowsABuiltin() {
    java.nio.file.Path skills =
        java.nio.file.Path.of(System.getProperty("toolnexus.conformance"), "skills");
    Tool myBash = TestTools.labelled("bash", Source.NATIVE, "sandboxed bash");
    try (Toolkit tk =
        Toolkit.builder()
            .mcpConfig(Map.of("fakeTools", List.of("srv_a")))
            .skillsDir(skills)
            .tools(echo("mine"), myBash)
            .build()) {
      List<String> expected = new ArrayList<>(List.of("srv_a", "skill"));
      dev.toolnexus.builtins.Builtins.NAMES.stream()
          .filter(n -> !n.equals("bash"))
          .forEach(expected::add);
      expected.add("mine");
      expected.add("bash");

      assertThat(tk.names()).containsExactlyElementsOf(expected);
      assertThat(tk.get("bash")).containsSame(myBash);
      assertThat(tk.get("read").orElseThrow().source()).isEqualTo(Source.BUILTIN);
      assertThat(tk.execute("bash", Map.of("command", "echo hi")).output())
          .isEqualTo("sandboxed bash");
    }
  }

  @Test
  void builtinsAreOnByDefaultAndDisableToolsReachesThem() {
    try (Toolkit tk = Toolkit.builder().disableTools("bash", "webfetch").build()) {
      List<String> expected = new ArrayList<>(dev.toolnexus.builtins.Builtins.NAMES);
      expected.removeAll(List.of("bash", "webfetch"));

      assertThat(tk.names()).containsExactlyElementsOf(expected);
    }
  }
}
