package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One client, two MCP revisions chosen per server: our server on the TypeScript SDK v2 (stateless
 * 2026-07-28) and server-everything (the 2025-11-25 session), each behind a relay that records the
 * wire.
 */
class TwoRevisionsTest {
  static V2Server v2;
  static NodeServer everything;

  @BeforeAll
  static void start() throws Exception {
    v2 = V2Server.start();
    everything = NodeServer.start("streamableHttp");
  }

  @AfterAll
  static void stop() {
    v2.close();
    everything.close();
  }

  static Map<String, Object> remote(String url, Object... extra) {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("url", url);
    for (int i = 0; i < extra.length; i += 2) {
      m.put((String) extra[i], extra[i + 1]);
    }
    return m;
  }

  @Test
  void oneToolkitListsAndCallsAStatelessServerAndASessionServer() {
    try (McpToolSource s =
        RemoteServersTest.connect(
            Map.of(), "v2", remote(v2.url()), "old", remote(everything.url("/mcp")))) {
      assertThat(s.serverStatus())
          .containsExactly(
              Map.entry("v2", McpServerStatus.connected("2026-07-28")),
              Map.entry("old", McpServerStatus.connected("2025-11-25")));
      assertThat(s.tools().stream().map(t -> t.name()).filter(n -> n.startsWith("v2_")))
          .containsExactly(
              "v2_add",
              "v2_echo",
              "v2_count",
              "v2_wait",
              "v2_state",
              "v2_grow",
              "v2_job",
              "v2_job_state",
              "v2_greet",
              "v2_visit");
      ToolResult sum = RemoteServersTest.run(s, "v2_add", Map.of("a", 2, "b", 3));
      assertThat(sum.isError()).isFalse();
      assertThat(sum.output()).isEqualTo("{\"sum\":5}");
      assertThat(RemoteServersTest.run(s, "v2_echo", Map.of("text", "stateless")).output())
          .isEqualTo("stateless");
      assertThat(RemoteServersTest.run(s, "old_echo", Map.of("message", "session")).output())
          .isEqualTo("Echo: session");
    }
  }

  @Test
  void theGenericSourceStatusNamesTheRevisionEachServerSpeaks() {
    try (McpToolSource s =
        RemoteServersTest.connect(
            Map.of(), "v2", remote(v2.url()), "old", remote(everything.url("/mcp")))) {
      assertThat(s.status().parts())
          .containsExactly(
              Map.entry("v2", dev.toolnexus.SourceStatus.ready("2026-07-28")),
              Map.entry("old", dev.toolnexus.SourceStatus.ready("2025-11-25")));
    }
  }

  @Test
  void theStatelessServerIsNeverInitializedAndEveryRequestCarriesMetaAndHeaders() throws Exception {
    try (RecordingProxy proxy = RecordingProxy.to(v2.url());
        McpToolSource s = RemoteServersTest.connect(Map.of(), "v2", remote(proxy.url()))) {
      assertThat(RemoteServersTest.run(s, "v2_echo", Map.of("text", "hi")).output())
          .isEqualTo("hi");
      // the listen stream is opened alongside the listing, so its place before the call is free
      assertThat(withoutListen(proxy))
          .containsExactly("server/discover", "tools/list", "tools/call");
      assertThat(proxy.rpcMethods()).filteredOn(LISTEN::equals).hasSize(1);
      for (RecordingProxy.Seen seen : proxy.seen) {
        assertThat(seen.httpMethod()).isEqualTo("POST");
        assertThat(seen.meta())
            .containsEntry("io.modelcontextprotocol/protocolVersion", "2026-07-28")
            .containsEntry(
                "io.modelcontextprotocol/clientCapabilities",
                Map.of(
                    "elicitation",
                    Map.of("form", Map.of(), "url", Map.of()),
                    "extensions",
                    Map.of("io.modelcontextprotocol/tasks", Map.of())))
            .containsKey("io.modelcontextprotocol/clientInfo");
        assertThat(seen.headers())
            .containsEntry("mcp-protocol-version", "2026-07-28")
            .containsEntry("mcp-method", seen.rpcMethod())
            .doesNotContainKey("mcp-session-id");
      }
      assertThat(proxy.seen.get(0).meta().get("io.modelcontextprotocol/clientInfo"))
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
          .containsEntry("name", "toolnexus");
      assertThat(proxy.seen.stream().filter(x -> x.rpcMethod().equals("tools/call")).findFirst())
          .hasValueSatisfying(x -> assertThat(x.headers()).containsEntry("mcp-name", "echo"));
    }
  }

  @Test
  void aCancelledStatelessCallClosesItsStreamWhichTheServerSeesAsTheCancel() throws Exception {
    // no relay here: the server itself must see the connection close
    try (McpToolSource s = RemoteServersTest.connect(Map.of(), "v2", remote(v2.url()))) {
      CancelToken cancel = new CancelToken();
      CompletableFuture<ToolResult> call = startWait(s, "direct", cancel);
      assertThat(state(s, "direct", "started")).isEqualTo("started");
      cancel.cancel();
      assertThat(call.get().output()).isEqualTo("MCP server \"v2\": tool \"wait\" was cancelled");
      assertThat(state(s, "direct", "aborted")).isEqualTo("aborted");
    }
  }

  @Test
  void aCancelledStatelessCallSendsNoCancelNotification() throws Exception {
    try (RecordingProxy proxy = RecordingProxy.to(v2.url());
        McpToolSource s = RemoteServersTest.connect(Map.of(), "v2", remote(proxy.url()))) {
      CancelToken cancel = new CancelToken();
      CompletableFuture<ToolResult> call = startWait(s, "relayed", cancel);
      assertThat(state(s, "relayed", "started")).isEqualTo("started");
      cancel.cancel();
      assertThat(call.get().output()).isEqualTo("MCP server \"v2\": tool \"wait\" was cancelled");
      assertThat(withoutListen(proxy))
          .containsExactly("server/discover", "tools/list", "tools/call", "tools/call");
    }
  }

  @Test
  void aToolListChangeOnTheListenStreamRefreshesTheStatelessServersTools() throws Exception {
    // its own server: the tool this adds must not reach the other tests
    try (V2Server grows = V2Server.start();
        McpToolSource s = RemoteServersTest.connect(Map.of(), "v2", remote(grows.url()))) {
      assertThat(RemoteServersTest.run(s, "v2_grow", Map.of("name", "late")).output())
          .isEqualTo("added late");
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (s.tools().stream().noneMatch(t -> t.name().equals("v2_late"))
          && System.nanoTime() < until) {
        Thread.sleep(20);
      }
      assertThat(s.tools().stream().map(t -> t.name()))
          .containsExactly(
              "v2_add",
              "v2_echo",
              "v2_count",
              "v2_wait",
              "v2_state",
              "v2_grow",
              "v2_job",
              "v2_job_state",
              "v2_greet",
              "v2_visit",
              "v2_late");
      assertThat(RemoteServersTest.run(s, "v2_late", Map.of()).output()).isEqualTo("late");
    }
  }

  private static final String LISTEN = "subscriptions/listen";

  /** The recorded methods but the background listen stream's. */
  private static List<String> withoutListen(RecordingProxy proxy) {
    return proxy.rpcMethods().stream().filter(m -> !m.equals(LISTEN)).toList();
  }

  private static CompletableFuture<ToolResult> startWait(
      McpToolSource s, String id, CancelToken cancel) {
    return CompletableFuture.supplyAsync(
        () ->
            EverythingStdioTest.tool(s, "v2_wait")
                .execute(Map.of("id", id), ToolContext.of(cancel)));
  }

  /** The server's state of the wait call {@code id}, once it is {@code want} (or ten seconds). */
  private static String state(McpToolSource s, String id, String want) {
    return RemoteServersTest.run(s, "v2_state", Map.of("id", id, "want", want)).output();
  }

  @Test
  void aStatelessServersProgressStreamedBeforeTheResultReachesTheProgressSink() {
    try (McpToolSource s = RemoteServersTest.connect(Map.of(), "v2", remote(v2.url()))) {
      List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
      ToolContext ctx =
          ToolContext.empty()
              .withProgress((done, total, msg) -> seen.add(done + "/" + total + ":" + msg));
      ToolResult r = EverythingStdioTest.tool(s, "v2_count").execute(Map.of("n", 3), ctx);
      assertThat(r.output()).isEqualTo("counted to 3");
      assertThat(seen).containsExactly("1.0/3.0:step 1", "2.0/3.0:step 2", "3.0/3.0:step 3");
    }
  }

  @Test
  void overStdioTheV2ServerIsSpokenToStatelesslyAndServerEverythingInItsSession() {
    List<String> v2Stdio =
        List.of("node", TestEnv.nodeDir().resolve("v2-server.mjs").toString(), "stdio");
    try (McpToolSource s =
        RemoteServersTest.connect(
            Map.of(),
            "v2",
            TestEnv.local(v2Stdio),
            "old",
            TestEnv.local(TestEnv.everythingStdio()))) {
      assertThat(s.serverStatus())
          .containsExactly(
              Map.entry("v2", McpServerStatus.connected("2026-07-28")),
              Map.entry("old", McpServerStatus.connected("2025-11-25")));
      assertThat(RemoteServersTest.run(s, "v2_add", Map.of("a", 4, "b", 5)).output())
          .isEqualTo("{\"sum\":9}");
      assertThat(RemoteServersTest.run(s, "old_echo", Map.of("message", "stdio")).output())
          .isEqualTo("Echo: stdio");
    }
  }

  @Test
  void overStdioAPinnedStatelessRevisionIsSpokenWithoutAsking() {
    List<String> v2Stdio =
        List.of("node", TestEnv.nodeDir().resolve("v2-server.mjs").toString(), "stdio");
    try (McpToolSource s =
        RemoteServersTest.connect(
            Map.of(), "v2", TestEnv.local(v2Stdio, "protocolVersion", "2026-07-28"))) {
      assertThat(s.serverStatus().get("v2")).isEqualTo(McpServerStatus.connected("2026-07-28"));
      assertThat(RemoteServersTest.run(s, "v2_echo", Map.of("text", "pinned")).output())
          .isEqualTo("pinned");
    }
  }

  @Test
  void overStdioAPinnedSessionRevisionSkipsDiscover(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path log = dir.resolve("slow.log");
    try (McpToolSource s =
        RemoteServersTest.connect(
            Map.of(),
            "raw",
            TestEnv.local(
                TestEnv.javaServer("slow", log.toString()), "protocolVersion", "2025-11-25"))) {
      assertThat(s.serverStatus().get("raw")).isEqualTo(McpServerStatus.connected("2025-11-25"));
    }
    assertThat(Files.readAllLines(log).get(0)).startsWith("initialize toolnexus-call-1 ");
  }

  @Test
  void overStdioASessionServerIsAskedDiscoverOnceThenInitializedInTheSameProcess(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path log = dir.resolve("slow.log");
    try (McpToolSource s =
        RemoteServersTest.connect(
            Map.of(), "raw", TestEnv.local(TestEnv.javaServer("slow", log.toString())))) {
      assertThat(s.serverStatus().get("raw")).isEqualTo(McpServerStatus.connected("2025-11-25"));
    }
    // one log is written by one process: the probe and the handshake went to the same one
    assertThat(Files.readAllLines(log).subList(0, 2))
        .containsExactly(
            "server/discover toolnexus-call-1",
            "initialize toolnexus-call-2 protocolVersion=2025-11-25 capabilities={}"
                + " clientInfo=toolnexus");
    assertThat(Files.readAllLines(log).stream().filter(l -> l.startsWith("server/discover")))
        .hasSize(1);
  }

  @Test
  void aPinnedStatelessRevisionSkipsDiscover() throws Exception {
    try (RecordingProxy proxy = RecordingProxy.to(v2.url());
        McpToolSource s =
            RemoteServersTest.connect(
                Map.of(), "v2", remote(proxy.url(), "protocolVersion", "2026-07-28"))) {
      assertThat(RemoteServersTest.run(s, "v2_add", Map.of("a", 1, "b", 1)).output())
          .isEqualTo("{\"sum\":2}");
      assertThat(proxy.rpcMethods()).containsExactly("tools/list", "tools/call");
      assertThat(s.serverStatus().get("v2")).isEqualTo(McpServerStatus.connected("2026-07-28"));
    }
  }

  @Test
  void aPinnedSessionRevisionSkipsDiscover() throws Exception {
    try (RecordingProxy proxy = RecordingProxy.to(everything.url("/mcp"));
        McpToolSource s =
            RemoteServersTest.connect(
                Map.of(), "old", remote(proxy.url(), "protocolVersion", "2025-11-25"))) {
      assertThat(RemoteServersTest.run(s, "old_echo", Map.of("message", "x")).output())
          .isEqualTo("Echo: x");
      assertThat(proxy.rpcMethods()).doesNotContain("server/discover");
      assertThat(proxy.rpcMethods().get(0)).isEqualTo("initialize");
      assertThat(s.serverStatus().get("old")).isEqualTo(McpServerStatus.connected("2025-11-25"));
    }
  }

  @Test
  void aSessionOnlyServerIsAskedDiscoverOncePerConnectThenSpokenToInItsSession() throws Exception {
    try (RecordingProxy proxy = RecordingProxy.to(everything.url("/mcp"))) {
      try (McpToolSource s = RemoteServersTest.connect(Map.of(), "old", remote(proxy.url()))) {
        assertThat(RemoteServersTest.run(s, "old_echo", Map.of("message", "a")).output())
            .isEqualTo("Echo: a");
        assertThat(RemoteServersTest.run(s, "old_echo", Map.of("message", "b")).output())
            .isEqualTo("Echo: b");
      }
      assertThat(proxy.rpcMethods().stream().filter("server/discover"::equals).count())
          .isEqualTo(1);
      assertThat(proxy.rpcMethods().subList(0, 2)).containsExactly("server/discover", "initialize");
      assertThat(proxy.rpcMethods().stream().filter("tools/call"::equals).count()).isEqualTo(2);
    }
  }
}
