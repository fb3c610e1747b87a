package dev.toolnexus.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpServerConfig;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signing in to a served toolkit protected by a real authorization server (oidc-provider): a tool
 * call from a clean store runs discovery, the user's sign-in and the code exchange, then succeeds;
 * stored tokens are reused, refreshed and stepped up without (or with exactly one more) sign-in.
 */
class OAuthCredentialsTest {
  private static AuthServer auth;
  private static Protected served;

  @TempDir Path dir;

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
                .build());
  }

  @AfterAll
  static void stop() {
    if (served != null) {
      served.close();
    }
    if (auth != null) {
      auth.close();
    }
  }

  private static URI endpoint() {
    return URI.create(served.resource);
  }

  /** Calls {@code tool} on the protected server through a toolkit using {@code credentials}. */
  static ToolResult call(OAuthCredentials credentials, String tool) {
    McpServerConfig server =
        McpConfig.parse(
                Map.of("mcpServers", Map.of("notes", Map.of("url", served.resource))), "<test>")
            .servers()
            .get(0)
            .withAuth(credentials);
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .source(Mcp.connect(new McpConfig("<test>", List.of(server))))
            .build()) {
      return toolkit.execute("notes_" + tool, Map.of());
    }
  }

  private static OAuthCredentials.Builder web(TokenStore store, Browser browser) {
    return OAuthCredentials.builder()
        .clientId("web")
        .clientSecret("web-secret")
        .tokenStore(store)
        .userStep(browser);
  }

  @Test
  void fromACleanStoreAToolCallSignsInOnceAndSucceeds() {
    Browser browser = new Browser();
    TokenStore store = TokenStore.inMemory();

    ToolResult r = call(web(store, browser).build(), "read_notes");

    assertThat(r.output()).isEqualTo("the notes");
    assertThat(r.isError()).isFalse();
    assertThat(browser.opened).hasSize(1);
    URI url = browser.opened.get(0);
    assertThat(url.getPath()).isEqualTo("/auth");
    assertThat(url.getRawQuery())
        .contains("code_challenge_method=S256")
        .contains("client_id=web")
        .contains("scope=tools%3Aread")
        .contains(
            "resource="
                + java.net.URLEncoder.encode(
                    served.resource, java.nio.charset.StandardCharsets.UTF_8));
    StoredToken stored = store.load(web(store, browser).build().storeKey(endpoint())).orElseThrow();
    assertThat(stored.resource()).isEqualTo(served.resource);
    assertThat(stored.issuer()).isEqualTo(auth.issuer);
    assertThat(stored.scopes()).containsExactly("tools:read");
    assertThat(stored.refreshToken()).isNotNull();
  }

  @Test
  void noTokenOrSecretAppearsInOurLogLinesOrAnyLineAtInfoAndAbove() {
    CapturingLogs.LINES.clear();
    TokenStore store = TokenStore.inMemory();
    OAuthCredentials credentials = web(store, new Browser()).build();
    call(credentials, "read_notes");
    StoredToken t = store.load(credentials.storeKey(endpoint())).orElseThrow();
    store.save(credentials.storeKey(endpoint()), t.withExpiresAt(java.time.Instant.EPOCH));
    call(credentials, "read_notes");
    StoredToken refreshed = store.load(credentials.storeKey(endpoint())).orElseThrow();
    List<String> secrets =
        List.of(
            t.accessToken(),
            t.refreshToken(),
            refreshed.accessToken(),
            refreshed.refreshToken(),
            "web-secret");
    // Jetty's own parser traces request headers at DEBUG on the test's protected server: a
    // library's debug output a host turns on by name, so only our loggers are held to it there.
    List<String> checked =
        CapturingLogs.LINES.stream()
            .filter(
                l ->
                    l.contains(" dev.toolnexus.")
                        || !(l.startsWith("DEBUG ") || l.startsWith("TRACE ")))
            .toList();
    assertThat(checked).anyMatch(l -> l.startsWith("INFO dev.toolnexus.oauth.OAuthCredentials "));
    assertThat(checked.stream().filter(l -> secrets.stream().anyMatch(l::contains)).toList())
        .isEmpty();
  }

  @Test
  void aSecondCredentialsObjectOnTheSameFileStoreReusesTheTokenWithoutASignIn() throws Exception {
    Path file = dir.resolve("tokens.json");
    Browser first = new Browser();
    assertThat(call(web(TokenStore.file(file), first).build(), "read_notes").output())
        .isEqualTo("the notes");
    Browser second = new Browser();

    ToolResult r = call(web(TokenStore.file(file), second).build(), "read_notes");

    assertThat(r.output()).isEqualTo("the notes");
    assertThat(first.opened).hasSize(1);
    assertThat(second.opened).isEmpty();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void anExpiredAccessTokenIsRefreshedWithoutASignIn() {
    TokenStore store = TokenStore.inMemory();
    Browser browser = new Browser();
    OAuthCredentials credentials = web(store, browser).build();
    call(credentials, "read_notes");
    String key = credentials.storeKey(endpoint());
    StoredToken old = store.load(key).orElseThrow();
    store.save(key, old.withExpiresAt(Instant.now().minusSeconds(5)));

    ToolResult r = call(credentials, "read_notes");

    assertThat(r.output()).isEqualTo("the notes");
    assertThat(browser.opened).hasSize(1);
    StoredToken now = store.load(key).orElseThrow();
    assertThat(now.accessToken()).isNotEqualTo(old.accessToken());
    assertThat(now.expiresAt()).isAfter(Instant.now());
  }

  @Test
  void anAccessTokenTheServerRefusesIsRefreshedOnTheUnauthorizedAnswer() {
    TokenStore store = TokenStore.inMemory();
    Browser browser = new Browser();
    OAuthCredentials credentials = web(store, browser).build();
    call(credentials, "read_notes");
    String key = credentials.storeKey(endpoint());
    store.save(key, store.load(key).orElseThrow().withAccessToken("not-a-token"));

    ToolResult r = call(credentials, "read_notes");

    assertThat(r.output()).isEqualTo("the notes");
    assertThat(browser.opened).hasSize(1);
    assertThat(store.load(key).orElseThrow().accessToken()).isNotEqualTo("not-a-token");
  }

  @Test
  void insufficientScopeSignsInAgainWithTheUnionOfScopes() {
    TokenStore store = TokenStore.inMemory();
    Browser browser = new Browser();
    OAuthCredentials credentials = web(store, browser).build();
    call(credentials, "read_notes");

    ToolResult r = call(credentials, "delete_notes");

    assertThat(r.output()).isEqualTo("deleted");
    assertThat(browser.opened).hasSize(2);
    assertThat(browser.opened.get(1).getRawQuery()).contains("scope=tools%3Aread+tools%3Aadmin");
    assertThat(store.load(credentials.storeKey(endpoint())).orElseThrow().scopes())
        .containsExactlyInAnyOrder("tools:read", "tools:admin");
  }

  @Test
  void withoutAClientIdTheClientRegistersItselfDynamically() {
    TokenStore store = TokenStore.inMemory();
    Browser browser = new Browser();
    OAuthCredentials credentials =
        OAuthCredentials.builder().tokenStore(store).userStep(browser).build();

    ToolResult r = call(credentials, "read_notes");

    assertThat(r.output()).isEqualTo("the notes");
    StoredToken t = store.load(credentials.storeKey(endpoint())).orElseThrow();
    assertThat(t.clientId()).isNotIn("web", "app");
    assertThat(browser.opened.get(0).getRawQuery()).contains("client_id=" + t.clientId());
  }

  @Test
  void theHostCanCompleteTheSignInWithTheRedirectUrl() {
    Browser browser = new Browser(true);

    ToolResult r = call(web(TokenStore.inMemory(), browser).build(), "read_notes");

    assertThat(r.output()).isEqualTo("the notes");
    assertThat(browser.opened).hasSize(1);
  }

  @Test
  void aRedirectWithAnotherStateIsRefused() {
    PendingLogin login =
        new PendingLogin(
            URI.create("http://127.0.0.1:1/auth"),
            URI.create("http://127.0.0.1:2/callback"),
            "expected-state");

    assertThatThrownBy(
            () -> login.complete("http://127.0.0.1:2/callback?code=abc&state=forged-state"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the redirect's state does not match the sign-in's: it was not started by this client");
  }

  @Test
  void aFailedCodeExchangeNamesTheErrorButNotTheSecret() throws Exception {
    OAuthCredentials credentials =
        OAuthCredentials.builder()
            .clientId("web")
            .clientSecret("wrong-secret-value")
            .userStep(new Browser())
            .build();
    String challenge =
        served.initialize(null).headers().firstValue("WWW-Authenticate").orElseThrow();

    assertThatThrownBy(() -> credentials.onUnauthorized(endpoint(), 401, challenge))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "OAuth: exchanging the authorization code at "
                + auth.issuer
                + "/token failed: HTTP 401: invalid_client (client authentication failed)");
  }

  @Test
  void theJdbcStoreKeepsAndReplacesTokensInItsTable() {
    org.sqlite.SQLiteDataSource ds = new org.sqlite.SQLiteDataSource();
    ds.setUrl("jdbc:sqlite:" + dir.resolve("tokens.db"));
    TokenStore store = TokenStore.jdbc(ds);
    StoredToken a =
        new StoredToken(
            "https://r.example/mcp",
            "https://as.example",
            "https://as.example/token",
            "c",
            null,
            "access-1",
            "refresh-1",
            Instant.parse("2030-01-01T00:00:00Z"),
            List.of("s1", "s2"));

    store.save("k", a);
    store.save("k", a.withAccessToken("access-2"));

    assertThat(TokenStore.jdbc(ds).load("k")).contains(a.withAccessToken("access-2"));
    store.remove("k");
    assertThat(store.load("k")).isEmpty();
  }
}
