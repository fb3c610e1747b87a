package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Who may reach a served toolkit: token, Origin, Host, body size and session checks. */
class SecurityTest {
  private final Toolkit toolkit = Fixtures.conformanceToolkit();
  private McpHttpServer server;

  @AfterEach
  void stop() {
    server.close();
    toolkit.close();
  }

  private HttpResponse<String> send(String header, String value) throws Exception {
    var b = RawMcp.request(server.url(), null, Json.write(RawMcp.initialize(1)));
    if (header != null) {
      b.header(header, value);
    }
    return RawMcp.HTTP.send(b.build(), RawMcp.ofString());
  }

  @Test
  void aWrongTokenGets401WithAChallenge() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.builder().token("right").build());
    HttpResponse<String> r = send("Authorization", "Bearer wrong");
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(r.headers().firstValue("WWW-Authenticate"))
        .contains("Bearer realm=\"toolnexus\", error=\"invalid_token\"");
    assertThat(r.body()).doesNotContain("right");
  }

  @Test
  void aMissingTokenGets401() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.builder().token("right").build());
    HttpResponse<String> r = send(null, null);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(r.headers().firstValue("WWW-Authenticate")).contains("Bearer realm=\"toolnexus\"");
  }

  @Test
  void theRightTokenIsLetIn() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.builder().token("right").build());
    HttpResponse<String> r = send("Authorization", "Bearer right");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Mcp-Session-Id")).isPresent();
  }

  @Test
  void aForeignOriginGets403() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.defaults());
    HttpResponse<String> r = send("Origin", "https://evil.example.com");
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(Json.parseObject(r.body()))
        .containsEntry("error", Map.of("code", -32600, "message", "Forbidden: Origin not allowed"));
  }

  @Test
  void aLocalOriginIsLetIn() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.defaults());
    assertThat(send("Origin", "http://localhost:5173").statusCode()).isEqualTo(200);
  }

  @Test
  void anAllowedOriginIsLetIn() throws Exception {
    server =
        McpServe.http(
            toolkit, McpServeOptions.builder().allowOrigin("https://app.example.com").build());
    assertThat(send("Origin", "https://app.example.com").statusCode()).isEqualTo(200);
  }

  @Test
  void aBodyOverTheLimitGets413() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.builder().maxRequestBytes(100).build());
    HttpResponse<String> r =
        RawMcp.post(
            server.url(),
            null,
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                1,
                "method",
                "ping",
                "params",
                Map.of("pad", "x".repeat(200))));
    assertThat(r.statusCode()).isEqualTo(413);
  }

  @Test
  void aRequestWithoutASessionGets400AndAnUnknownSession404() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.defaults());
    Map<String, Object> ping = Map.of("jsonrpc", "2.0", "id", 2, "method", "ping");
    assertThat(RawMcp.post(server.url(), null, ping).statusCode()).isEqualTo(400);
    assertThat(RawMcp.post(server.url(), "no-such-session", ping).statusCode()).isEqualTo(404);
  }

  @Test
  void anUnknownToolIsInvalidParams() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.defaults());
    RawMcp client = RawMcp.connect(server.url());
    Map<String, Object> answer = RawMcp.answer(client.post(RawMcp.call(3, "nope", Map.of())));
    assertThat(answer.get("error"))
        .isEqualTo(Map.of("code", -32602, "message", "Unknown tool: nope"));
  }

  @Test
  void theToolsOptionExposesOnlyTheNamedToolsAndIgnoresUnknownNames() throws Exception {
    server =
        McpServe.http(toolkit, McpServeOptions.builder().tools("echo", "no_such_tool").build());
    RawMcp client = RawMcp.connect(server.url());
    Map<String, Object> answer =
        RawMcp.answer(client.post(Map.of("jsonrpc", "2.0", "id", 4, "method", "tools/list")));
    assertThat(Json.write(answer.get("result"))).startsWith("{\"tools\":[{\"name\":\"echo\"");
    assertThat((java.util.List<?>) ((Map<?, ?>) answer.get("result")).get("tools")).hasSize(1);
    Map<String, Object> hidden =
        RawMcp.answer(client.post(RawMcp.call(5, "test_simple_text", Map.of())));
    assertThat(hidden.get("error"))
        .isEqualTo(Map.of("code", -32602, "message", "Unknown tool: test_simple_text"));
  }
}
