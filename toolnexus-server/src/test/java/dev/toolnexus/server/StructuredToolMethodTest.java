package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.annotations.ToolMethod;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A {@link ToolMethod} returning a record is served with the record's schema as its {@code
 * outputSchema}, its hints as {@code annotations}, and its result as {@code structuredContent}; the
 * official TypeScript clients of both revisions check the content against the schema.
 */
class StructuredToolMethodTest {

  /** What the served tool returns. */
  public record Forecast(String city, double celsius, Optional<String> note) {}

  /** The served tools. */
  public static class Weather {
    /** A read-only forecast from local data. */
    @ToolMethod(value = "Forecast for a city", readOnly = true, openWorld = false)
    public Forecast forecast(String city) {
      return new Forecast(city, -3.5, Optional.empty());
    }
  }

  private static final Map<String, Object> SCHEMA =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of(
              "city",
              Map.of("type", "string"),
              "celsius",
              Map.of("type", "number"),
              "note",
              Map.of("type", "string")),
          "required",
          List.of("city", "celsius"));

  private static final List<Map<String, Object>> CALLS =
      List.of(Map.of("name", "forecast", "arguments", Map.of("city", "Oslo")));

  private static Map<String, Object> drive(String script, Map<String, Object> plan)
      throws Exception {
    Node.Run run = Node.run(List.of(script, Json.write(plan)));
    assertThat(run.exit()).as(run.stderr()).isZero();
    return Json.parseObject(run.stdout().trim());
  }

  private static Map<String, Object> serve(String script, boolean session) throws Exception {
    try (Toolkit toolkit =
            Toolkit.builder().builtins(false).tools(Tools.fromObject(new Weather())).build();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      Map<String, Object> plan =
          session
              ? Map.of("transport", "http", "url", server.url().toString(), "calls", CALLS)
              : Map.of("url", server.url().toString(), "calls", CALLS);
      return drive(script, plan);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> tool(Map<String, Object> seen) {
    return ((List<Map<String, Object>>) seen.get("tools")).get(0);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(Map<String, Object> seen) {
    return ((List<Map<String, Object>>) seen.get("results")).get(0);
  }

  @Test
  void theSessionClientSeesTheRecordSchemaAndTheHints() throws Exception {
    Map<String, Object> tool = tool(serve("ts-client.mjs", true));
    assertThat(tool.get("outputSchema")).isEqualTo(SCHEMA);
    assertThat(tool.get("annotations"))
        .isEqualTo(Map.of("readOnlyHint", true, "openWorldHint", false));
  }

  @Test
  void theSessionClientGetsTheRecordAsStructuredContent() throws Exception {
    Map<String, Object> result = result(serve("ts-client.mjs", true));
    assertThat(result.get("structuredContent")).isEqualTo(Map.of("city", "Oslo", "celsius", -3.5));
    assertThat(result.get("content"))
        .isEqualTo(List.of(Map.of("type", "text", "text", "{\"city\":\"Oslo\",\"celsius\":-3.5}")));
  }

  @Test
  void theStatelessClientSeesTheRecordSchemaAndTheHints() throws Exception {
    Map<String, Object> tool = tool(serve("ts-v2-client.mjs", false));
    assertThat(tool.get("outputSchema")).isEqualTo(SCHEMA);
    assertThat(tool.get("annotations"))
        .isEqualTo(Map.of("readOnlyHint", true, "openWorldHint", false));
  }

  @Test
  void theStatelessClientGetsTheRecordAsStructuredContent() throws Exception {
    Map<String, Object> result = result(serve("ts-v2-client.mjs", false));
    assertThat(result.get("structuredContent")).isEqualTo(Map.of("city", "Oslo", "celsius", -3.5));
    assertThat(result.get("isError")).isEqualTo(false);
  }
}
