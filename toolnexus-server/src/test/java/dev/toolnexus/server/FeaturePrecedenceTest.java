package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A resource registered on the options wins over a gatewayed MCP server's resource of the same URI,
 * in the listing and on read, while the server's other resources still pass through.
 */
class FeaturePrecedenceTest {
  private static final String CLASH = "demo://resource/static/document/features.md";

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
    server =
        McpServe.http(
            inner,
            McpServeOptions.builder()
                .resource(ServedResource.text(CLASH, "mine", "text/plain", "my own features"))
                .build());
  }

  @AfterAll
  static void stop() {
    server.close();
    inner.close();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(String method, Map<String, Object> params)
      throws Exception {
    RawMcp c = RawMcp.connect(server.url());
    Map<String, Object> answer =
        RawMcp.answer(
            c.post(Map.of("jsonrpc", "2.0", "id", 2, "method", method, "params", params)));
    assertThat(answer).as(answer.toString()).containsKey("result");
    return (Map<String, Object>) answer.get("result");
  }

  @Test
  void aRegisteredResourceIsReadInsteadOfTheGatewayedOneOfTheSameUri() throws Exception {
    assertThat(result("resources/read", Map.of("uri", CLASH)))
        .isEqualTo(
            Map.of(
                "contents",
                List.of(
                    Map.of("uri", CLASH, "mimeType", "text/plain", "text", "my own features"))));
  }

  @Test
  @SuppressWarnings("unchecked")
  void theListingHoldsTheRegisteredResourceOnceFirstAndTheGatewayedOthers() throws Exception {
    List<Map<String, Object>> resources =
        (List<Map<String, Object>>) result("resources/list", Map.of()).get("resources");
    assertThat(resources.get(0))
        .isEqualTo(Map.of("uri", CLASH, "name", "mine", "mimeType", "text/plain"));
    assertThat(resources).filteredOn(r -> CLASH.equals(r.get("uri"))).hasSize(1);
    assertThat(resources).hasSizeGreaterThan(1);
  }
}
