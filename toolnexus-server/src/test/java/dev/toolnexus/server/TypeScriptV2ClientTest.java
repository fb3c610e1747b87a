package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The official MCP TypeScript SDK v2 client, pinned to the stateless revision, lists and calls the
 * served tools; the v1 client keeps its session on the same endpoint; and two replicas that share
 * nothing answer one stateless client alternately.
 */
class TypeScriptV2ClientTest {

  private static final List<Map<String, Object>> CALLS =
      List.of(
          Map.of("name", "echo", "arguments", Map.of("text", "hi")),
          Map.of("name", "test_tool_with_progress", "progress", true));

  private static final List<String> TOOL_NAMES =
      List.of(
          "test_simple_text",
          "test_image_content",
          "test_audio_content",
          "test_embedded_resource",
          "test_multiple_content_types",
          "test_error_handling",
          "test_tool_with_logging",
          "test_tool_with_progress",
          "echo");

  @Test
  void listsPagesAndCallsToolsStatelessly() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().pageSize(4).build())) {
      Map<String, Object> seen = drive(server.url().toString());
      assertStateless(seen);
    }
  }

  @Test
  void theSessionClientWorksOnTheSameEndpointBesideIt() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      assertStateless(drive(server.url().toString()));
      Map<String, Object> plan =
          Map.of(
              "transport",
              "http",
              "url",
              server.url().toString(),
              "calls",
              List.of(Map.of("name", "echo", "arguments", Map.of("text", "v1"))));
      Node.Run run = Node.run(List.of("ts-client.mjs", Json.write(plan)));
      assertThat(run.exit()).as(run.stderr()).isZero();
      Map<String, Object> v1 = Json.parseObject(run.stdout().trim());
      assertThat(v1.get("capabilities"))
          .isEqualTo(
              Map.of(
                  "tools",
                  Map.of("listChanged", true),
                  "logging",
                  Map.of(),
                  "resources",
                  Map.of(),
                  "prompts",
                  Map.of(),
                  "completions",
                  Map.of()));
      assertThat(v1.get("results"))
          .isEqualTo(
              List.of(
                  Map.of(
                      "content",
                      List.of(Map.of("type", "text", "text", "Echo: v1")),
                      "isError",
                      false)));
    }
  }

  @Test
  void twoReplicasAnswerOneClientAlternately() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer a = McpServe.http(toolkit, McpServeOptions.builder().pageSize(4).build());
        McpHttpServer b = McpServe.http(toolkit, McpServeOptions.builder().pageSize(4).build());
        RoundRobinRelay relay = RoundRobinRelay.start(List.of(a.url(), b.url()))) {
      Map<String, Object> seen = drive(relay.url().toString());
      assertStateless(seen);
      // the cursors of the second and third page were minted by the other replica
      assertThat(relay.hops())
          .containsExactly(
              new RoundRobinRelay.Hop(0, "server/discover", 200, null),
              new RoundRobinRelay.Hop(1, "tools/list", 200, null),
              new RoundRobinRelay.Hop(0, "tools/list", 200, null),
              new RoundRobinRelay.Hop(1, "tools/list", 200, null),
              new RoundRobinRelay.Hop(0, "tools/call", 200, null),
              new RoundRobinRelay.Hop(1, "tools/call", 200, null));
    }
  }

  @Test
  void theClientMirrorsAMarkedParameterIntoAHeaderTheServerChecks() throws Exception {
    try (Toolkit toolkit =
            Toolkit.builder().builtins(false).tools(Fixtures.regionalEcho()).build();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults());
        RoundRobinRelay relay = RoundRobinRelay.start(List.of(server.url()))) {
      Map<String, Object> plan =
          Map.of(
              "url",
              relay.url().toString(),
              "calls",
              List.of(Map.of("name", "regional_echo", "arguments", Map.of("region", "eu-west1"))));
      Node.Run run = Node.run(List.of("ts-v2-client.mjs", Json.write(plan)));
      assertThat(run.exit()).as(run.stderr()).isZero();
      Map<String, Object> seen = Json.parseObject(run.stdout().trim());
      assertThat(((List<?>) seen.get("results")).get(0))
          .isEqualTo(
              Map.of(
                  "content",
                  List.of(Map.of("type", "text", "text", "region eu-west1")),
                  "isError",
                  false,
                  "_meta",
                  Map.of(
                      "io.modelcontextprotocol/serverInfo",
                      Map.of("name", "toolnexus", "version", "0.1.0"))));
      assertThat(relay.params()).containsExactly(Map.entry("mcp-param-region", "eu-west1"));
    }
  }

  @SuppressWarnings("unchecked")
  private static void assertStateless(Map<String, Object> seen) {
    assertThat(seen.get("era")).isEqualTo("modern");
    assertThat(seen.get("protocolVersion")).isEqualTo("2026-07-28");
    assertThat(seen.get("sessionId")).isNull();
    assertThat(seen.get("serverInfo")).isEqualTo(Map.of("name", "toolnexus", "version", "0.1.0"));
    assertThat(seen.get("capabilities"))
        .isEqualTo(
            Map.of(
                "tools",
                Map.of("listChanged", true),
                "logging",
                Map.of(),
                "resources",
                Map.of(),
                "prompts",
                Map.of(),
                "completions",
                Map.of()));
    List<Map<String, Object>> tools = (List<Map<String, Object>>) seen.get("tools");
    assertThat(tools).extracting(t -> t.get("name")).containsExactlyElementsOf(TOOL_NAMES);
    List<Map<String, Object>> results = (List<Map<String, Object>>) seen.get("results");
    assertThat(results.get(0))
        .isEqualTo(
            Map.of(
                "content",
                List.of(Map.of("type", "text", "text", "Echo: hi")),
                "isError",
                false,
                "_meta",
                Map.of(
                    "io.modelcontextprotocol/serverInfo",
                    Map.of("name", "toolnexus", "version", "0.1.0"))));
    assertThat(((List<Map<String, Object>>) results.get(1).get("content")).get(0).get("text"))
        .isEqualTo("Tool with progress completed");
    assertThat(seen.get("progress"))
        .isEqualTo(
            List.of(
                Map.of("progress", 0, "total", 100),
                Map.of("progress", 50, "total", 100),
                Map.of("progress", 100, "total", 100)));
  }

  private static Map<String, Object> drive(String url) throws Exception {
    Node.Run run =
        Node.run(List.of("ts-v2-client.mjs", Json.write(Map.of("url", url, "calls", CALLS))));
    assertThat(run.exit()).as(run.stderr()).isZero();
    return Json.parseObject(run.stdout().trim());
  }
}
