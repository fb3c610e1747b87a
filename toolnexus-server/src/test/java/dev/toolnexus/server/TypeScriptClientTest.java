package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The official MCP TypeScript SDK client lists and calls the served tools. */
class TypeScriptClientTest {

  private static final List<Map<String, Object>> CALLS =
      List.of(
          Map.of("name", "echo", "arguments", Map.of("text", "hi")),
          Map.of("name", "test_image_content"));

  @Test
  void listsAndCallsToolsOverStreamableHttp() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      Map<String, Object> seen =
          drive(Map.of("transport", "http", "url", server.url().toString(), "calls", CALLS));
      assertSeen(seen);
    }
  }

  @Test
  void listsAndCallsToolsOverStdio() throws Exception {
    Map<String, Object> seen =
        drive(
            Map.of(
                "transport",
                "stdio",
                "command",
                Node.java(StdioFixtureMain.class),
                "calls",
                CALLS));
    assertSeen(seen);
  }

  @Test
  void sendsTheTokenItWasGiven() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().token("s3cret").build())) {
      Map<String, Object> seen =
          drive(
              Map.of(
                  "transport",
                  "http",
                  "url",
                  server.url().toString(),
                  "token",
                  "s3cret",
                  "calls",
                  CALLS));
      assertSeen(seen);
    }
  }

  @SuppressWarnings("unchecked")
  private static void assertSeen(Map<String, Object> seen) {
    assertThat(seen.get("serverInfo")).isEqualTo(Map.of("name", "toolnexus", "version", "0.1.0"));
    assertThat((Map<String, Object>) seen.get("capabilities"))
        .containsEntry("tools", Map.of("listChanged", true));
    List<Map<String, Object>> tools = (List<Map<String, Object>>) seen.get("tools");
    assertThat(tools)
        .extracting(t -> t.get("name"))
        .containsExactly(
            "test_simple_text",
            "test_image_content",
            "test_audio_content",
            "test_embedded_resource",
            "test_multiple_content_types",
            "test_error_handling",
            "test_tool_with_logging",
            "test_tool_with_progress",
            "echo");
    assertThat(tools.get(8).get("inputSchema"))
        .isEqualTo(
            Map.of(
                "type",
                "object",
                "properties",
                Map.of("text", Map.of("type", "string")),
                "required",
                List.of("text")));
    List<Map<String, Object>> results = (List<Map<String, Object>>) seen.get("results");
    assertThat(results.get(0))
        .isEqualTo(
            Map.of(
                "content", List.of(Map.of("type", "text", "text", "Echo: hi")), "isError", false));
    assertThat(results.get(1))
        .isEqualTo(
            Map.of(
                "content",
                List.of(
                    Map.of("type", "text", "text", "a red pixel"),
                    Map.of(
                        "type", "image", "data", Fixtures.RED_PIXEL_PNG, "mimeType", "image/png")),
                "isError",
                false));
  }

  private static Map<String, Object> drive(Map<String, Object> plan) throws Exception {
    Node.Run run = Node.run(List.of("ts-client.mjs", Json.write(plan)));
    assertThat(run.exit()).as(run.stderr()).isZero();
    return Json.parseObject(run.stdout().trim());
  }
}
