package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link McpServeOptions.Builder#listTtl}: the lifetime a 2026-07-28 client is told it may keep the
 * served lists, as their {@code ttlMs}; discover and reads keep zero.
 */
class ListTtlWireTest {
  private static final String V = "2026-07-28";

  /** The result of one stateless request of {@code method} with {@code params}. */
  private static Map<?, ?> result(URI url, String method, Map<String, Object> params, String... h)
      throws Exception {
    Map<String, Object> p = new LinkedHashMap<>(params);
    p.put(
        "_meta",
        Map.of(
            "io.modelcontextprotocol/protocolVersion", V,
            "io.modelcontextprotocol/clientCapabilities", Map.of(),
            "io.modelcontextprotocol/clientInfo", Map.of("name", "raw", "version", "1")));
    var b =
        RawMcp.request(
            url,
            null,
            Json.write(Map.of("jsonrpc", "2.0", "id", 1, "method", method, "params", p)));
    b.header("MCP-Protocol-Version", V).header("Mcp-Method", method);
    for (int i = 0; i < h.length; i += 2) {
      b.header(h[i], h[i + 1]);
    }
    HttpResponse<String> r = RawMcp.HTTP.send(b.build(), RawMcp.ofString());
    assertThat(r.statusCode()).as(method + ": " + r.body()).isEqualTo(200);
    return (Map<?, ?>) Json.parseObject(r.body()).get("result");
  }

  @Test
  void everyListCarriesTheConfiguredLifetime() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(
                toolkit, McpServeOptions.builder().listTtl(Duration.ofSeconds(90)).build())) {
      for (String method :
          new String[] {
            "tools/list", "resources/list", "resources/templates/list", "prompts/list"
          }) {
        Map<?, ?> result = result(server.url(), method, Map.of());
        assertThat(result.get("ttlMs")).as(method).isEqualTo(90_000);
        assertThat(result.get("cacheScope")).as(method).isEqualTo("public");
      }
    }
  }

  @Test
  void discoverStaysStaleAtOnce() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(
                toolkit, McpServeOptions.builder().listTtl(Duration.ofSeconds(90)).build())) {
      assertThat(result(server.url(), "server/discover", Map.of()).get("ttlMs")).isEqualTo(0);
    }
  }

  @Test
  void aListBehindATokenIsPrivateWithTheLifetime() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(
                toolkit,
                McpServeOptions.builder().token("t0k").listTtl(Duration.ofMillis(2500)).build())) {
      Map<?, ?> result =
          result(server.url(), "tools/list", Map.of(), "Authorization", "Bearer t0k");
      assertThat(result.get("ttlMs")).isEqualTo(2500);
      assertThat(result.get("cacheScope")).isEqualTo("private");
    }
  }

  @Test
  void withoutTheOptionListsAreStaleAtOnce() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      assertThat(result(server.url(), "prompts/list", Map.of()).get("ttlMs")).isEqualTo(0);
    }
  }

  @Test
  void aNegativeLifetimeIsRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> McpServeOptions.builder().listTtl(Duration.ofSeconds(-1)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("listTtl must be zero or more, got PT-1S");
  }
}
