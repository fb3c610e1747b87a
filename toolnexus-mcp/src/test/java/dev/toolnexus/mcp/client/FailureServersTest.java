package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Servers that misbehave, built with the MCP SDK (or raw JSON-RPC) in their own JVMs. */
class FailureServersTest {

  static McpToolSource connect(Object... nameServerPairs) {
    return Mcp.connect(McpConfig.parse(TestEnv.config(nameServerPairs), "<test>"));
  }

  /**
   * {@link #connect} on a host whose environment is only the safe default set, so a failure names
   * no withheld variables.
   */
  static McpToolSource connectOnPlainHost(Object... nameServerPairs) {
    return Loader.load(
        McpConfig.parse(TestEnv.config(nameServerPairs), "<test>"),
        Map.of("PATH", System.getenv("PATH"), "HOME", System.getProperty("user.home")),
        null,
        new CancelToken());
  }

  static Tool tool(McpToolSource s, String name) {
    return EverythingStdioTest.tool(s, name);
  }

  static ToolResult run(McpToolSource s, String name, Map<String, Object> args) {
    return tool(s, name).execute(args, ToolContext.empty());
  }

  /** Polls a file a test server appends to until a line matches (generous bound). */
  static List<String> awaitLine(Path log, Predicate<String> match) throws IOException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
      if (lines.stream().anyMatch(match)) {
        return lines;
      }
      Thread.onSpinWait();
    }
    throw new AssertionError("no matching line in " + log);
  }

  @Test
  void aServerThatNeverAnswersInitializeFailsWithinItsTimeoutAndTheOthersStillLoad() {
    try (McpToolSource s =
        connectOnPlainHost(
            "silent",
            TestEnv.local(TestEnv.javaServer("hang"), "timeout", 1500),
            "paged",
            TestEnv.local(TestEnv.javaServer("paged")))) {
      assertThat(s.serverStatus())
          .containsExactly(
              Map.entry("silent", McpServerStatus.failed("initialize timed out after 1500 ms")),
              Map.entry("paged", McpServerStatus.connected("2025-11-25")));
      assertThat(s.tools()).hasSize(1000);
    }
  }

  @Test
  void aServerThatExitsAtOnceFailsNamingTheExitCodeAndItsStderr() {
    try (McpToolSource s = connectOnPlainHost("dies", TestEnv.local(TestEnv.javaServer("exit")))) {
      McpServerStatus status = s.serverStatus().get("dies");
      assertThat(status.state()).isEqualTo(McpServerStatus.State.FAILED);
      assertThat(status.reason())
          .isEqualTo(
              "initialize failed: server exited with code 3; stderr: fatal: no configuration"
                  + " found");
    }
  }

  @Test
  void aCommandThatCannotStartFailsNamingTheCommand() {
    try (McpToolSource s =
        connect("ghost", TestEnv.local(List.of("toolnexus-no-such-command-xyz")))) {
      assertThat(s.serverStatus().get("ghost").reason())
          .startsWith("cannot start command \"toolnexus-no-such-command-xyz\": ");
    }
  }

  @Test
  void strayLinesOnStdoutAreSkippedAndNeverFatal() {
    try (McpToolSource s = connect("noisy", TestEnv.local(TestEnv.javaServer("garbage")))) {
      assertThat(s.serverStatus().get("noisy")).isEqualTo(McpServerStatus.connected("2025-11-25"));
      assertThat(run(s, "noisy_ping", Map.of()).output()).isEqualTo("pong");
      assertThat(run(s, "noisy_ping", Map.of()).output()).isEqualTo("pong");
    }
  }

  @Test
  void aThousandToolsOverManyPagesAreListedInOrderAndRouteBack() {
    try (McpToolSource s = connect("paged", TestEnv.local(TestEnv.javaServer("paged")))) {
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        expected.add("paged_tool_" + i);
      }
      assertThat(s.tools()).extracting(Tool::name).containsExactlyElementsOf(expected);
      assertThat(run(s, "paged_tool_999", Map.of()).output()).isEqualTo("ran tool_999");
    }
  }

  @Test
  void theToolsAllowlistSelectsByOriginalNameAndTheInventoryStaysUnfiltered() {
    Map<String, Object> config =
        TestEnv.config(
            "allow",
            TestEnv.local(
                TestEnv.javaServer("paged"), "tools", Map.of("tool_3", true, "tool_7", true)),
            "drop",
            TestEnv.local(TestEnv.javaServer("paged"), "tools", Map.of("tool_0", false)));
    McpConfig parsed = McpConfig.parse(config, "<test>");
    try (McpToolSource s = Mcp.connect(parsed)) {
      assertThat(s.tools().stream().map(Tool::name).filter(n -> n.startsWith("allow_")))
          .containsExactly("allow_tool_3", "allow_tool_7");
      assertThat(s.tools().stream().map(Tool::name).filter(n -> n.startsWith("drop_")))
          .hasSize(999)
          .doesNotContain("drop_tool_0");
    }
    java.util.Set<Long> before = CloseTest.liveChildren();
    Map<String, McpServerInventory> inventory = Mcp.listMcpTools(parsed);
    assertThat(CloseTest.liveChildren()).isSubsetOf(before);
    assertThat(inventory).containsOnlyKeys("allow", "drop");
    assertThat(inventory.get("allow").status()).isEqualTo(McpServerStatus.connected());
    assertThat(inventory.get("allow").tools()).hasSize(1000);
    assertThat(inventory.get("allow").tools().get(5))
        .isEqualTo(new McpToolInfo("tool_5", "tool number 5", Map.of("type", "object")));
  }

  @Test
  void aServerThatDiesMidSessionGivesAnErrorNamingItAndTheOthersKeepWorking() {
    try (McpToolSource s =
        connect(
            "crashy",
            TestEnv.local(TestEnv.javaServer("crash3")),
            "noisy",
            TestEnv.local(TestEnv.javaServer("garbage")))) {
      assertThat(run(s, "crashy_work", Map.of()).output()).isEqualTo("done 1");
      assertThat(run(s, "crashy_work", Map.of()).output()).isEqualTo("done 2");
      ToolResult third = run(s, "crashy_work", Map.of());
      assertThat(third.isError()).isTrue();
      assertThat(third.output())
          .startsWith(
              "MCP server \"crashy\" failed while running tool \"work\": server exited with code"
                  + " 7");
      ToolResult fourth = run(s, "crashy_work", Map.of());
      assertThat(fourth.isError()).isTrue();
      assertThat(fourth.output())
          .isEqualTo(
              "MCP server \"crashy\" is not running (exited with code 7); tool \"work\" cannot"
                  + " run");
      assertThat(run(s, "noisy_ping", Map.of()).output()).isEqualTo("pong");
    }
  }

  @Test
  void aTimedOutCallSendsNotificationsCancelledForThatRequest(@TempDir Path dir)
      throws IOException {
    Path log = dir.resolve("slow.log");
    try (McpToolSource s =
        connect("slow", TestEnv.local(TestEnv.javaServer("slow", log.toString())))) {
      ToolResult r =
          tool(s, "slow_sleep")
              .execute(
                  Map.of("ms", 20_000), ToolContext.empty().withTimeout(Duration.ofMillis(300)));
      assertThat(r.isError()).isTrue();
      assertThat(r.output())
          .isEqualTo("MCP server \"slow\": tool \"sleep\" timed out after 300 ms");
      List<String> lines = awaitLine(log, l -> l.startsWith("stopped "));
      String callLine =
          lines.stream().filter(l -> l.startsWith("tools/call ")).findFirst().orElseThrow();
      String id = callLine.substring("tools/call ".length());
      assertThat(lines).contains("notifications/cancelled requestId=" + id + " reason=timed out");
    }
  }

  @Test
  void aCancelledCallReturnsAtOnceAndSendsNotificationsCancelled(@TempDir Path dir)
      throws Exception {
    Path log = dir.resolve("slow.log");
    try (McpToolSource s =
        connect("slow", TestEnv.local(TestEnv.javaServer("slow", log.toString())))) {
      CancelToken cancel = new CancelToken();
      CompletableFuture<ToolResult> call =
          CompletableFuture.supplyAsync(
              () -> tool(s, "slow_sleep").execute(Map.of("ms", 20_000), ToolContext.of(cancel)));
      awaitLine(log, l -> l.startsWith("tools/call "));
      cancel.cancel();
      ToolResult r = call.get();
      assertThat(r.isError()).isTrue();
      assertThat(r.output()).isEqualTo("MCP server \"slow\": tool \"sleep\" was cancelled");
      List<String> lines = awaitLine(log, l -> l.startsWith("stopped "));
      assertThat(lines)
          .anyMatch(l -> l.matches("notifications/cancelled requestId=\\S+ reason=cancelled"));
    }
  }

  @Test
  void progressExtendsTheTimeoutOnlyUpToTheHardMaximum() {
    try (McpToolSource s =
        connect("slow", TestEnv.local(TestEnv.javaServer("slow"), "maxTotalTimeout", 2500))) {
      ToolContext ctx = ToolContext.empty().withTimeout(Duration.ofMillis(800));
      ToolResult shortCall =
          tool(s, "slow_sleep").execute(Map.of("ms", 1600, "progressMs", 100), ctx);
      assertThat(shortCall.output()).isEqualTo("slept 1600");
      ToolResult endless =
          tool(s, "slow_sleep").execute(Map.of("ms", 20_000, "progressMs", 100), ctx);
      assertThat(endless.output())
          .isEqualTo(
              "MCP server \"slow\": tool \"sleep\" timed out after 2500 ms (the maximum, although"
                  + " it reported progress)");
    }
  }

  @Test
  void aServersProgressReachesTheCallersProgressSink() {
    try (McpToolSource s = connect("slow", TestEnv.local(TestEnv.javaServer("slow")))) {
      List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
      ToolContext ctx =
          ToolContext.empty()
              .withProgress((done, total, msg) -> seen.add(done + "/" + total + ":" + msg));

      ToolResult r = tool(s, "slow_sleep").execute(Map.of("ms", 1000, "progressMs", 100), ctx);

      assertThat(r.output()).isEqualTo("slept 1000");
      assertThat(seen).isNotEmpty().first().isEqualTo("1.0/10.0:step 1");
      assertThat(seen).allMatch(line -> line.matches("\\d+\\.0/10\\.0:step \\d+"));
    }
  }

  @Test
  void listChangedRefreshesThatServersToolsAndTellsTheListener() throws Exception {
    try (McpToolSource s = connect("live", TestEnv.local(TestEnv.javaServer("changing")))) {
      assertThat(s.tools()).extracting(Tool::name).containsExactly("live_add_tool");
      assertThat(run(s, "live_add_tool", Map.of("name", "fresh")).output())
          .isEqualTo("added fresh");
      EverythingStdioTest.awaitTool(s, "live_fresh");
      assertThat(s.tools()).extracting(Tool::name).containsExactly("live_add_tool", "live_fresh");
      assertThat(run(s, "live_fresh", Map.of()).output()).isEqualTo("I am fresh");
    }
  }

  @Test
  void aLocalServerRunsInItsConfiguredWorkingDirectory(@TempDir Path dir) throws IOException {
    Path real = dir.toRealPath();
    try (McpToolSource s =
        connect("slow", TestEnv.local(TestEnv.javaServer("slow"), "cwd", real.toString()))) {
      assertThat(run(s, "slow_where", Map.of()).output()).isEqualTo(real.toString());
    }
  }

  @Test
  void toolOrderFollowsTheConfigNotWhichServerConnectedFirst() {
    // the slow-starting JVM server comes first in the config, server-everything second
    try (McpToolSource s =
        connect(
            "first",
            TestEnv.local(TestEnv.javaServer("changing")),
            "second",
            TestEnv.local(TestEnv.everythingStdio()))) {
      List<String> names = s.tools().stream().map(Tool::name).toList();
      assertThat(names.get(0)).isEqualTo("first_add_tool");
      assertThat(names.subList(1, names.size())).allMatch(n -> n.startsWith("second_"));
      assertThat(s.serverStatus()).containsOnlyKeys("first", "second");
      assertThat(List.copyOf(s.serverStatus().keySet())).containsExactly("first", "second");
    }
  }

  @Test
  void aToolNameOverSixtyFourCharactersIsShortenedAndStillRoutesToTheServerTool() throws Exception {
    String longName =
        "an_extremely_long_tool_name_that_no_provider_would_accept_as_is_" + "x".repeat(10);
    try (McpToolSource s = connect("live", TestEnv.local(TestEnv.javaServer("changing")))) {
      run(s, "live_add_tool", Map.of("name", longName));
      String exposed = dev.toolnexus.mcp.internal.ToolNames.exposed("live", longName);
      EverythingStdioTest.awaitTool(s, exposed);
      assertThat(exposed).hasSize(64).startsWith("live_an_extremely_long_tool_name");
      assertThat(run(s, exposed, Map.of()).output()).isEqualTo("I am " + longName);
    }
  }

  @Test
  void closeKillsTheWholeProcessTree() {
    McpToolSource s = connect("tree", TestEnv.local(TestEnv.javaServer("tree")));
    ProcessHandle root = s.process("tree").orElseThrow();
    List<ProcessHandle> tree = new ArrayList<>(root.descendants().toList());
    assertThat(tree).isNotEmpty();
    tree.add(root);
    s.close();
    assertThat(tree).noneMatch(ProcessHandle::isAlive);
    s.close(); // idempotent
  }

  @Test
  void cancellingTheLoadAbortsEveryPendingConnect() {
    CancelToken cancel = new CancelToken();
    Map<String, Object> servers = new LinkedHashMap<>();
    servers.put("silent", TestEnv.local(TestEnv.javaServer("hang"), "timeout", 120_000));
    servers.put("dies", TestEnv.local(TestEnv.javaServer("exit")));
    McpConfig config = McpConfig.parse(Map.of("mcpServers", servers), "<test>");
    List<String> told = new ArrayList<>();
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () ->
            assertThatThrownBy(
                    () ->
                        Mcp.connect(
                            config,
                            null,
                            cancel,
                            (name, status) -> {
                              synchronized (told) {
                                told.add(name + "=" + status.state().id());
                              }
                              cancel.cancel("host gave up");
                            }))
                .isInstanceOf(CancellationException.class)
                .hasMessage("MCP load cancelled: host gave up"));
    assertThat(told).contains("dies=failed");
  }
}
