package dev.toolnexus.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Json;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A toolkit served over MCP as a protected resource of a real authorization server (oidc-provider):
 * a good token calls a tool; a token for another audience, an expired one, a tampered one and one
 * without a tool's scope are refused with the status and challenge MCP clients follow.
 */
class OAuthResourceServerTest {
  private static AuthServer auth;
  private static Protected served;
  private static Protected introspected;

  @BeforeAll
  static void start() throws Exception {
    auth = AuthServer.start();
    int port = Protected.freePort();
    served =
        Protected.start(
            port,
            OAuthResourceServer.builder()
                .issuer(auth.issuer)
                .resource("http://127.0.0.1:" + port + "/mcp")
                .scopes("tools:read")
                .toolScopes(Map.of("delete_notes", List.of("tools:admin")))
                .clockSkew(Duration.ZERO)
                .build());
    int other = Protected.freePort();
    introspected =
        Protected.start(
            other,
            OAuthResourceServer.builder()
                .issuer(auth.issuer)
                .resource("http://127.0.0.1:" + other + "/mcp")
                .scopes("tools:read")
                .introspection("rs", "rs-secret")
                .build());
  }

  @AfterAll
  static void stop() {
    if (served != null) {
      served.close();
    }
    if (introspected != null) {
      introspected.close();
    }
    if (auth != null) {
      auth.close();
    }
  }

  private static String metadataUrl(Protected p) {
    return p.resource.replace("/mcp", "/.well-known/oauth-protected-resource/mcp");
  }

  private static String text(HttpResponse<String> r) {
    String body = r.body();
    if (body.startsWith("event:") || body.startsWith("data:")) {
      body = body.substring(body.indexOf("data:") + 5, body.indexOf('\n', body.indexOf("data:")));
    }
    Map<?, ?> result = (Map<?, ?>) Json.parseObject(body.trim()).get("result");
    return (String) ((Map<?, ?>) ((List<?>) result.get("content")).get(0)).get("text");
  }

  private static String challenge(HttpResponse<String> r) {
    return r.headers().firstValue("WWW-Authenticate").orElse(null);
  }

  @Test
  void aGoodTokenCallsATool() throws Exception {
    String token = auth.token("svc", served.resource, "tools:read");
    HttpResponse<String> r = served.call(token, "read_notes");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(text(r)).isEqualTo("the notes");
  }

  @Test
  void aRequestWithoutATokenIsAskedForOneNamingTheMetadataAndTheScope() throws Exception {
    HttpResponse<String> r = served.initialize(null);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(challenge(r))
        .isEqualTo(
            "Bearer resource_metadata=\"" + metadataUrl(served) + "\", scope=\"tools:read\"");
  }

  @Test
  void theProtectedResourceMetadataIsPublicAtItsWellKnownPath() throws Exception {
    HttpResponse<String> r = served.get("/.well-known/oauth-protected-resource/mcp");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(Json.parseObject(r.body()))
        .isEqualTo(
            Map.of(
                "resource",
                served.resource,
                "authorization_servers",
                List.of(auth.issuer),
                "scopes_supported",
                List.of("tools:admin", "tools:read"),
                "bearer_methods_supported",
                List.of("header")));
  }

  @Test
  void aTokenForAnotherAudienceIsRefused() throws Exception {
    String token = auth.token("svc", "http://127.0.0.1:1/elsewhere", "tools:read");
    HttpResponse<String> r = served.initialize(token);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(challenge(r))
        .isEqualTo(
            "Bearer error=\"invalid_token\", error_description=\"the access token is not for "
                + served.resource
                + "\", resource_metadata=\""
                + metadataUrl(served)
                + "\"");
    assertThat(r.body()).doesNotContain(token);
  }

  @Test
  void anExpiredTokenIsRefused() throws Exception {
    String token = auth.token("short", served.resource, "tools:read");
    Thread.sleep(2_100); // the token lives one second; expiry is read in whole seconds
    HttpResponse<String> r = served.initialize(token);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(challenge(r)).contains("error_description=\"the access token has expired\"");
  }

  @Test
  void aTamperedTokenIsRefused() throws Exception {
    String token = auth.token("svc", served.resource, "tools:read");
    String[] parts = token.split("\\.");
    String payload =
        new String(
                java.util.Base64.getUrlDecoder().decode(parts[1]),
                java.nio.charset.StandardCharsets.UTF_8)
            .replace("\"tools:read\"", "\"tools:read tools:admin\"");
    String forged =
        parts[0]
            + "."
            + java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8))
            + "."
            + parts[2];
    HttpResponse<String> r = served.initialize(forged);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(challenge(r))
        .contains(
            "error_description=\"the access token's signature or type does not verify against "
                + auth.issuer
                + "'s keys\"");
  }

  @Test
  void aTokenWithoutAToolsScopeIsRefused403BeforeTheToolRuns() throws Exception {
    String token = auth.token("svc", served.resource, "tools:read");
    HttpResponse<String> r = served.call(token, "delete_notes");
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(challenge(r))
        .isEqualTo(
            "Bearer error=\"insufficient_scope\", scope=\"tools:read tools:admin\","
                + " error_description=\"tool delete_notes needs scope tools:admin\","
                + " resource_metadata=\""
                + metadataUrl(served)
                + "\"");
  }

  @Test
  void aTokenWithTheToolsScopeCallsIt() throws Exception {
    String token = auth.token("svc", served.resource, "tools:read tools:admin");
    HttpResponse<String> r = served.call(token, "delete_notes");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(text(r)).isEqualTo("deleted");
  }

  @Test
  void aTokenWithoutTheServersScopeIsRefused403() throws Exception {
    String token = auth.token("svc", served.resource, "tools:admin");
    HttpResponse<String> r = served.initialize(token);
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(challenge(r)).contains("error=\"insufficient_scope\"").contains("tools:read");
  }

  @Test
  void anOpaqueTokenIsCheckedByIntrospection() throws Exception {
    String token = auth.token("opaque", introspected.resource, "tools:read");
    assertThat(token).doesNotContain(".");
    HttpResponse<String> r = introspected.call(token, "read_notes");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(text(r)).isEqualTo("the notes");
  }

  @Test
  void anOpaqueTokenForAnotherResourceIsRefusedByIntrospection() throws Exception {
    String token = auth.token("opaque", served.resource, "tools:read");
    HttpResponse<String> r = introspected.initialize(token);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(challenge(r))
        .contains(
            "error_description=\"the access token is not for " + introspected.resource + "\"");
  }

  @Test
  void anUnknownOpaqueTokenIsNotActive() throws Exception {
    HttpResponse<String> r = introspected.initialize("not-a-real-token");
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(challenge(r))
        .contains("the access token is not active (revoked, expired or unknown)");
  }

  @Test
  void anIssuerWithoutMetadataFailsToBuildNamingIt() {
    assertThatThrownBy(
            () ->
                OAuthResourceServer.builder()
                    .issuer("http://127.0.0.1:1")
                    .resource("http://127.0.0.1:2/mcp")
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "cannot read the metadata of the authorization server http://127.0.0.1:1");
  }

  @Test
  void aResourceThatIsNotAnAbsoluteHttpUriIsRefused() {
    assertThatThrownBy(
            () -> OAuthResourceServer.builder().issuer(auth.issuer).resource("/mcp").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("resource: must be an absolute http(s) URI, got /mcp");
  }
}
