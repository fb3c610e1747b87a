package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stdio server that, once initialized, sends its client a ping, roots/list,
 * sampling/createMessage and elicitation/create, logs a message, and after every answer announces
 * tools/list_changed (a raw JSON-RPC server recording exactly what it was sent).
 */
class ServerRequestsTest {

  private static McpToolSource connect(Path log, Request[] asked) {
    return Mcp.connect(
        McpConfig.parse(
            TestEnv.config("asks", TestEnv.local(TestEnv.javaServer("asks", log.toString()))),
            "<test>"),
        asked == null
            ? null
            : request -> {
              asked[0] = request;
              return Answer.ok(request.id(), Map.of("name", "Ada"));
            },
        new CancelToken());
  }

  private static McpToolSource connectEarly(Path log) {
    return Mcp.connect(
        McpConfig.parse(
            TestEnv.config("early", TestEnv.local(TestEnv.javaServer("early", log.toString()))),
            "<test>"),
        null,
        new CancelToken());
  }

  private static List<String> replies(Path log) throws IOException {
    return Files.readAllLines(log).stream().filter(l -> l.startsWith("reply ")).toList();
  }

  private static void awaitSecondTool(McpToolSource s) throws InterruptedException {
    EverythingStdioTest.awaitTool(s, "asks_second");
  }

  @Test
  void initializeAdvertisesElicitationAndIsFollowedByInitializedThenToolsList(@TempDir Path dir)
      throws Exception {
    Path log = dir.resolve("asks.log");
    try (McpToolSource s = connect(log, new Request[1])) {
      awaitSecondTool(s);
      // the answers to the server's own requests may come in between
      List<String> lines =
          Files.readAllLines(log).stream().filter(l -> !l.startsWith("reply ")).toList();
      // server/discover first: a server of the session revision does not answer it
      assertThat(lines.subList(0, 4))
          .containsExactly(
              "server/discover toolnexus-call-1",
              "initialize toolnexus-call-2 protocolVersion=2025-11-25"
                  + " capabilities={\"elicitation\":{\"form\":{},\"url\":{}}} clientInfo=toolnexus",
              "notifications/initialized",
              "tools/list toolnexus-call-3");
    }
  }

  @Test
  void pingRootsSamplingAndElicitationAreEachAnsweredAsTheSdkClientWould(@TempDir Path dir)
      throws Exception {
    Path log = dir.resolve("asks.log");
    Request[] asked = new Request[1];
    try (McpToolSource s = connect(log, asked)) {
      awaitSecondTool(s);
      assertThat(replies(log))
          .containsExactlyInAnyOrder(
              "reply s-ping {\"result\":{}}",
              "reply s-roots {\"error\":{\"code\":-32601,\"message\":\"Roots not supported\","
                  + "\"data\":{\"reason\":\"Client does not have roots capability\"}}}",
              "reply s-sampling {\"error\":{\"code\":-32601,"
                  + "\"message\":\"Method not found: sampling/createMessage\"}}",
              "reply s-elicit {\"result\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");
      assertThat(asked[0].kind()).isEqualTo("input");
      assertThat(asked[0].prompt()).isEqualTo("Your name?");
      assertThat(asked[0].data())
          .isEqualTo(
              Map.of(
                  "schema",
                  Map.of(
                      "type", "object", "properties", Map.of("name", Map.of("type", "string")))));
    }
  }

  @Test
  void withoutAWaitForElicitationIsNeitherAdvertisedNorAnswered(@TempDir Path dir)
      throws Exception {
    Path log = dir.resolve("asks.log");
    try (McpToolSource s = connect(log, null)) {
      awaitSecondTool(s);
      assertThat(Files.readAllLines(log).subList(0, 2))
          .containsExactly(
              "server/discover toolnexus-call-1",
              "initialize toolnexus-call-2 protocolVersion=2025-11-25 capabilities={}"
                  + " clientInfo=toolnexus");
      assertThat(replies(log))
          .contains(
              "reply s-elicit {\"error\":{\"code\":-32601,"
                  + "\"message\":\"Method not found: elicitation/create\"}}");
    }
  }

  @Test
  void toolsListChangedAfterTheServerRequestsRefreshesTheToolsAndTheNewOneRuns(@TempDir Path dir)
      throws Exception {
    Path log = dir.resolve("asks.log");
    try (McpToolSource s = connect(log, new Request[1])) {
      assertThat(s.serverStatus())
          .containsExactly(Map.entry("asks", McpServerStatus.connected("2025-11-25")));
      awaitSecondTool(s);
      assertThat(s.tools().stream().map(Tool::name)).containsExactly("asks_first", "asks_second");
      Tool second = s.tools().get(1);
      assertThat(second.execute(Map.of(), ToolContext.empty()).output()).isEqualTo("ran second");
      assertThat(Files.readAllLines(log)).contains("tools/list toolnexus-call-4");
    }
  }

  @Test
  void toolsListChangedSentBeforeInitializeIsAnsweredIsIgnoredAndTheFirstListingStands(
      @TempDir Path dir) throws Exception {
    Path log = dir.resolve("early.log");
    try (McpToolSource s = connectEarly(log)) {
      assertThat(s.serverStatus())
          .containsExactly(Map.entry("early", McpServerStatus.connected("2025-11-25")));
      assertThat(s.tools().stream().map(Tool::name)).containsExactly("early_first");
      assertThat(s.tools().get(0).execute(Map.of(), ToolContext.empty()).output())
          .isEqualTo("ran first");
      assertThat(Files.readAllLines(log))
          .containsExactly(
              "server/discover toolnexus-call-1",
              "initialize toolnexus-call-2 protocolVersion=2025-11-25 capabilities={}"
                  + " clientInfo=toolnexus",
              "notifications/initialized",
              "tools/list toolnexus-call-3",
              "tools/call toolnexus-call-4");
    }
  }
}
