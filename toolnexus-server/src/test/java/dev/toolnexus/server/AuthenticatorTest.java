package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Toolkit;
import dev.toolnexus.server.auth.AuthOutcome;
import dev.toolnexus.server.auth.Authenticator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An authenticator in place of the static token decides who reaches a served toolkit: its refusals
 * carry their status and challenge, a tool it does not allow is refused before it runs, and its
 * documents are served to anyone.
 */
class AuthenticatorTest {

  /** Accepts "Bearer reader" (scope read) and "Bearer admin" (read, admin); echo needs admin. */
  static final class Scoped implements Authenticator {
    @Override
    public AuthOutcome authenticate(String authorization) {
      if ("Bearer reader".equals(authorization)) {
        return new AuthOutcome.Allowed("ann", Set.of("read"));
      }
      if ("Bearer admin".equals(authorization)) {
        return new AuthOutcome.Allowed("bob", Set.of("read", "admin"));
      }
      return new AuthOutcome.Refused(401, "Bearer resource_metadata=\"m\"", "who are you?");
    }

    @Override
    public AuthOutcome authorizeTool(AuthOutcome.Allowed caller, String tool) {
      return tool.equals("echo") && !caller.scopes().contains("admin")
          ? new AuthOutcome.Refused(403, "Bearer error=\"insufficient_scope\"", "echo needs admin")
          : caller;
    }

    @Override
    public Map<String, String> documents() {
      return Map.of("/.well-known/oauth-protected-resource/mcp", "{\"resource\":\"r\"}");
    }
  }

  private static HttpResponse<String> post(
      URI url, String auth, String session, Map<String, Object> m) throws Exception {
    HttpRequest.Builder b = RawMcp.request(url, session, dev.toolnexus.Json.write(m));
    if (auth != null) {
      b.header("Authorization", auth);
    }
    return RawMcp.HTTP.send(b.build(), RawMcp.ofString());
  }

  private static String session(URI url, String auth) throws Exception {
    HttpResponse<String> r = post(url, auth, null, RawMcp.initialize(1));
    assertThat(r.statusCode()).isEqualTo(200);
    return r.headers().firstValue("Mcp-Session-Id").orElseThrow();
  }

  @Test
  void aRefusalIsAnsweredWithItsStatusChallengeAndMessage() throws Exception {
    try (Toolkit toolkit = Toolkit.of(Fixtures.echo());
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().authenticator(new Scoped()).build())) {
      HttpResponse<String> r = post(server.url(), "Bearer nobody", null, RawMcp.initialize(1));
      assertThat(r.statusCode()).isEqualTo(401);
      assertThat(r.headers().firstValue("WWW-Authenticate"))
          .hasValue("Bearer resource_metadata=\"m\"");
      assertThat(r.body()).contains("who are you?");
    }
  }

  @Test
  void aToolTheCallerMayNotCallIsRefused403AndOneItMayRuns() throws Exception {
    try (Toolkit toolkit = Toolkit.of(Fixtures.echo());
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().authenticator(new Scoped()).build())) {
      String reader = session(server.url(), "Bearer reader");
      HttpResponse<String> refused =
          post(server.url(), "Bearer reader", reader, RawMcp.call(2, "echo", Map.of("text", "x")));
      assertThat(refused.statusCode()).isEqualTo(403);
      assertThat(refused.headers().firstValue("WWW-Authenticate"))
          .hasValue("Bearer error=\"insufficient_scope\"");
      assertThat(refused.body()).contains("echo needs admin");

      String admin = session(server.url(), "Bearer admin");
      HttpResponse<String> ran =
          post(server.url(), "Bearer admin", admin, RawMcp.call(2, "echo", Map.of("text", "x")));
      assertThat(ran.statusCode()).isEqualTo(200);
      assertThat(RawMcp.answer(ran).get("result").toString()).contains("isError=false");
    }
  }

  @Test
  void theAuthenticatorsDocumentsAreServedWithoutCredentials() throws Exception {
    try (Toolkit toolkit = Toolkit.of(Fixtures.echo());
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().authenticator(new Scoped()).build())) {
      HttpResponse<String> r =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          server.url().resolve("/.well-known/oauth-protected-resource/mcp"))
                      .GET()
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
      assertThat(r.body()).isEqualTo("{\"resource\":\"r\"}");
    }
  }

  @Test
  void aTokenAndAnAuthenticatorTogetherAreRefused() {
    assertThatThrownBy(
            () -> McpServeOptions.builder().token("t").authenticator(new Scoped()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a token and an authenticator both decide who may call: give one of them");
  }

  @Test
  void theAuthenticatorGuardsTheA2aHostToo() throws Exception {
    try (var s =
        dev.toolnexus.server.a2a.ServedForAuth.start(
            b -> b.authenticator(new Scoped()).mcp(McpServeOptions.defaults()))) {
      HttpResponse<String> r = s.postRoot("Bearer nobody");
      assertThat(r.statusCode()).isEqualTo(401);
      assertThat(r.headers().firstValue("WWW-Authenticate"))
          .hasValue("Bearer resource_metadata=\"m\"");
      assertThat(s.postRoot("Bearer reader").statusCode()).isEqualTo(200);
      assertThat(s.card().statusCode()).isEqualTo(200);
    }
  }
}
