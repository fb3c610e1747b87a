package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * toolnexus as a gateway: our MCP client calls our server, which serves a toolkit whose tools come
 * from server-everything; names and results pass through unchanged.
 */
class GatewayTest {

  @Test
  void ourClientThroughOurServerReachesServerEverythingIntact() throws Exception {
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
      assertThat(inner.names()).contains("ev_echo", "ev_get-tiny-image");
      assertThat(outer.names())
          .containsExactlyElementsOf(inner.names().stream().map(n -> "gw_" + n).toList());
      assertThat(outer.get("gw_ev_echo").orElseThrow().inputSchema())
          .isEqualTo(inner.get("ev_echo").orElseThrow().inputSchema());

      ToolResult direct = inner.execute("ev_echo", Map.of("message", "through the gateway"));
      ToolResult viaGateway = outer.execute("gw_ev_echo", Map.of("message", "through the gateway"));
      assertThat(viaGateway.output())
          .isEqualTo(direct.output())
          .isEqualTo("Echo: through the gateway");
      assertThat(viaGateway.isError()).isFalse();

      ToolResult image = inner.execute("ev_get-tiny-image", Map.of());
      ToolResult imageViaGateway = outer.execute("gw_ev_get-tiny-image", Map.of());
      assertThat(imageViaGateway.output()).isEqualTo(image.output());
      assertThat(imageViaGateway.parts()).isEqualTo(image.parts()).hasSize(1);
    }
  }
}
