package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A served tool that declares an output schema lists it and sends its output as checked {@code
 * structuredContent}; one that breaks the schema answers with an error naming the problem.
 */
class StructuredOutputTest {

  private static final Map<String, Object> WEATHER =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of("city", Map.of("type", "string"), "celsius", Map.of("type", "number")),
          "required",
          List.of("city"));

  private static Tool returning(String name, Object output) {
    return Tools.withOutputSchema(
        Tools.define(
            name,
            "Weather",
            Fixtures.NO_ARGS,
            args -> output instanceof ToolResult r ? r : (String) output),
        WEATHER);
  }

  private static Map<?, ?> call(Tool tool) throws Exception {
    try (Toolkit toolkit = Toolkit.of(tool);
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      return (Map<?, ?>)
          RawMcp.answer(client.post(RawMcp.call(1, tool.name(), Map.of()))).get("result");
    }
  }

  private static String text(Map<?, ?> result) {
    return (String) ((Map<?, ?>) ((List<?>) result.get("content")).get(0)).get("text");
  }

  @Test
  void theOutputSchemaIsListedBesideTheInputSchema() throws Exception {
    try (Toolkit toolkit = Toolkit.of(returning("weather", "{}"));
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      Map<String, Object> answer =
          RawMcp.answer(client.post(Map.of("jsonrpc", "2.0", "id", 3, "method", "tools/list")));
      List<?> tools = (List<?>) ((Map<?, ?>) answer.get("result")).get("tools");
      assertThat(((Map<?, ?>) tools.get(0)).get("outputSchema")).isEqualTo(WEATHER);
    }
  }

  @Test
  void aConformingOutputIsSentAsStructuredContentAndAsText() throws Exception {
    Map<?, ?> result = call(returning("weather", "{\"city\":\"Oslo\",\"celsius\":-3.5}"));
    assertThat(result.get("isError")).isEqualTo(false);
    assertThat(result.get("structuredContent")).isEqualTo(Map.of("city", "Oslo", "celsius", -3.5));
    assertThat(text(result)).isEqualTo("{\"city\":\"Oslo\",\"celsius\":-3.5}");
  }

  @Test
  void anOutputThatIsNotAJsonObjectIsAnErrorResult() throws Exception {
    Map<?, ?> result = call(returning("weather", "sunny"));
    assertThat(result.get("isError")).isEqualTo(true);
    assertThat(result.containsKey("structuredContent")).isFalse();
    assertThat(text(result))
        .isEqualTo("tool weather declares an outputSchema, but its output is not a JSON object");
  }

  @Test
  void anOutputThatBreaksTheSchemaIsAnErrorResultNamingTheField() throws Exception {
    Map<?, ?> result = call(returning("weather", "{\"celsius\":\"cold\"}"));
    assertThat(result.get("isError")).isEqualTo(true);
    assertThat(result.containsKey("structuredContent")).isFalse();
    assertThat(text(result))
        .startsWith("tool weather returned output that does not match its outputSchema: ")
        .contains("city: is required but missing")
        .contains("celsius:");
  }

  @Test
  void anErrorResultIsPassedOnWithoutStructuredContent() throws Exception {
    Map<?, ?> result = call(returning("weather", ToolResult.error("no such city")));
    assertThat(result.get("isError")).isEqualTo(true);
    assertThat(result.containsKey("structuredContent")).isFalse();
    assertThat(text(result)).isEqualTo("no such city");
  }

  @Test
  void aGatewayServesAnUpstreamToolsOutputSchemaAndStructuredContent() throws Exception {
    Map<String, Object> behind =
        Map.of(
            "mcpServers",
            Map.of("ev", Map.of("command", List.of("node", Node.everythingJs(), "stdio"))));
    try (Toolkit inner = Toolkit.builder().builtins(false).mcpConfig(behind).build();
        McpHttpServer server = McpServe.http(inner, McpServeOptions.defaults());
        Toolkit outer =
            Toolkit.builder()
                .builtins(false)
                .mcpConfig(
                    Map.of("mcpServers", Map.of("gw", Map.of("url", server.url().toString()))))
                .build()) {
      Tool upstream = inner.get("ev_get-structured-content").orElseThrow();
      assertThat(upstream.outputSchema()).isNotEmpty();
      assertThat(outer.get("gw_ev_get-structured-content").orElseThrow().outputSchema())
          .isEqualTo(upstream.outputSchema());
      // our MCP client refuses a result without conforming structuredContent, so success proves it
      ToolResult direct = inner.execute("ev_get-structured-content", Map.of("location", "Chicago"));
      ToolResult via = outer.execute("gw_ev_get-structured-content", Map.of("location", "Chicago"));
      assertThat(via.isError()).isFalse();
      assertThat(via.output()).isEqualTo(direct.output());
    }
  }
}
