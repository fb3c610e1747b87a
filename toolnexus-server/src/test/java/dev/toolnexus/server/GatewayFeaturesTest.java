package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A served toolkit passes on its MCP servers' resources, templates, prompts and completions: the
 * official TypeScript SDK client reads them through toolnexus from server-everything behind it.
 */
class GatewayFeaturesTest {
  private static Toolkit inner;
  private static McpHttpServer server;

  @BeforeAll
  static void serve() throws Exception {
    inner =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(
                Map.of(
                    "mcpServers",
                    Map.of("ev", Map.of("command", List.of("node", Node.everythingJs(), "stdio")))))
            .build();
    server = McpServe.http(inner, McpServeOptions.defaults());
  }

  @AfterAll
  static void stop() {
    server.close();
    inner.close();
  }

  private static Map<String, Object> drive(Map<String, Object> features) throws Exception {
    Node.Run run =
        Node.run(
            List.of(
                "ts-client.mjs",
                Json.write(
                    Map.of(
                        "transport",
                        "http",
                        "url",
                        server.url().toString(),
                        "features",
                        features))));
    assertThat(run.exit()).as(run.stderr()).isZero();
    return Json.parseObject(run.stdout().trim());
  }

  @Test
  @SuppressWarnings("unchecked")
  void theCapabilitiesOfferResourcesPromptsAndCompletions() throws Exception {
    Map<String, Object> caps = (Map<String, Object>) drive(Map.of()).get("capabilities");
    assertThat(caps).containsEntry("resources", Map.of()).containsEntry("prompts", Map.of());
    assertThat(caps).containsEntry("completions", Map.of());
  }

  @Test
  @SuppressWarnings("unchecked")
  void resourcesAndTemplatesAreListedAndReadThroughTheGateway() throws Exception {
    Map<String, Object> seen = drive(Map.of("read", "demo://resource/static/document/features.md"));
    List<Map<String, Object>> resources = (List<Map<String, Object>>) seen.get("resources");
    assertThat(resources).extracting(r -> r.get("name")).contains("features.md", "startup.md");
    assertThat(resources.stream().filter(r -> r.get("name").equals("features.md")).findFirst())
        .hasValue(
            Map.of(
                "uri",
                "demo://resource/static/document/features.md",
                "name",
                "features.md",
                "description",
                "Static document file exposed from /docs: features.md",
                "mimeType",
                "text/markdown"));
    assertThat((List<Map<String, Object>>) seen.get("templates"))
        .extracting(t -> t.get("uriTemplate"))
        .containsExactly(
            "demo://resource/dynamic/text/{resourceId}",
            "demo://resource/dynamic/blob/{resourceId}");
    Map<String, Object> content =
        ((List<Map<String, Object>>) ((Map<String, Object>) seen.get("read")).get("contents"))
            .get(0);
    assertThat(content)
        .containsEntry("uri", "demo://resource/static/document/features.md")
        .containsEntry("mimeType", "text/markdown");
    assertThat((String) content.get("text")).isNotBlank();
  }

  @Test
  @SuppressWarnings("unchecked")
  void promptsAreServedUnderTheServersPrefixAndFilledIn() throws Exception {
    Map<String, Object> seen =
        drive(
            Map.of(
                "prompt",
                Map.of(
                    "name",
                    "ev_args-prompt",
                    "arguments",
                    Map.of("city", "Paris", "state", "TX"))));
    assertThat((List<Map<String, Object>>) seen.get("prompts"))
        .extracting(p -> p.get("name"))
        .containsExactly(
            "ev_simple-prompt", "ev_args-prompt", "ev_completable-prompt", "ev_resource-prompt");
    assertThat(seen.get("prompt"))
        .isEqualTo(
            Map.of(
                "messages",
                List.of(
                    Map.of(
                        "role",
                        "user",
                        "content",
                        Map.of("type", "text", "text", "What's weather in Paris, TX?")))));
  }

  @Test
  @SuppressWarnings("unchecked")
  void completionsOfAPromptArgumentAndATemplateVariablePassThrough() throws Exception {
    Map<String, Object> prompt =
        drive(
            Map.of(
                "complete",
                Map.of(
                    "ref",
                    Map.of("type", "ref/prompt", "name", "ev_completable-prompt"),
                    "argument",
                    Map.of("name", "department", "value", "S"))));
    assertThat(prompt.get("complete"))
        .isEqualTo(
            Map.of(
                "completion",
                Map.of("values", List.of("Sales", "Support"), "total", 2, "hasMore", false)));
    Map<String, Object> template =
        drive(
            Map.of(
                "complete",
                Map.of(
                    "ref",
                    Map.of(
                        "type", "ref/resource", "uri", "demo://resource/dynamic/text/{resourceId}"),
                    "argument",
                    Map.of("name", "resourceId", "value", "12"))));
    assertThat(((Map<String, Object>) template.get("complete")).get("completion"))
        .isEqualTo(Map.of("values", List.of("12"), "total", 1, "hasMore", false));
  }

  @Test
  void anUnknownResourceIsAnsweredResourceNotFound() throws Exception {
    RawMcp client = RawMcp.connect(server.url());
    Map<String, Object> answer =
        RawMcp.answer(
            client.post(
                Map.of(
                    "jsonrpc",
                    "2.0",
                    "id",
                    5,
                    "method",
                    "resources/read",
                    "params",
                    Map.of("uri", "demo://nowhere"))));
    assertThat(((Map<?, ?>) answer.get("error")).get("code")).isEqualTo(-32002);
    assertThat((String) ((Map<?, ?>) answer.get("error")).get("message"))
        .startsWith("Resource not found: demo://nowhere");
  }

  @Test
  void aStatelessReadOfAnUnknownResourceIsInvalidParams() throws Exception {
    Map<String, Object> message =
        Map.of(
            "jsonrpc",
            "2.0",
            "id",
            7,
            "method",
            "resources/read",
            "params",
            Map.of(
                "uri",
                "demo://nowhere",
                "_meta",
                Map.of(
                    "io.modelcontextprotocol/protocolVersion",
                    "2026-07-28",
                    "io.modelcontextprotocol/clientCapabilities",
                    Map.of())));
    java.net.http.HttpResponse<String> r =
        RawMcp.HTTP.send(
            RawMcp.request(server.url(), null, Json.write(message))
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "resources/read")
                .header("Mcp-Name", "demo://nowhere")
                .build(),
            RawMcp.ofString());
    Map<?, ?> error = (Map<?, ?>) RawMcp.answer(r).get("error");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(error.get("code")).isEqualTo(-32602);
    assertThat((String) error.get("message")).startsWith("Resource not found: demo://nowhere");
  }

  @Test
  void anUnknownPromptIsInvalidParams() throws Exception {
    RawMcp client = RawMcp.connect(server.url());
    Map<String, Object> answer =
        RawMcp.answer(
            client.post(
                Map.of(
                    "jsonrpc",
                    "2.0",
                    "id",
                    6,
                    "method",
                    "prompts/get",
                    "params",
                    Map.of("name", "ev_nope"))));
    assertThat(answer.get("error"))
        .isEqualTo(Map.of("code", -32602, "message", "Unknown prompt: ev_nope"));
  }
}
