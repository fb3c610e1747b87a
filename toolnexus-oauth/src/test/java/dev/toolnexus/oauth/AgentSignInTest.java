package dev.toolnexus.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Request;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.WaitFor;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An A2A agent of a config's {@code agents} section signed in to through a real authorization
 * server (oidc-provider): our own served agent behind an {@link OAuthResourceServer}, with its
 * protected resource metadata, or without it and a card whose security schemes name the
 * authorization server (authorization code with PKCE, client credentials, API key).
 */
class AgentSignInTest {
  private static final String TOOL = "notes_summarize";
  private static AuthServer auth;
  private ProtectedAgent agent;

  @BeforeAll
  static void startAuthServer() throws Exception {
    auth = AuthServer.start();
  }

  @AfterAll
  static void stopAuthServer() {
    if (auth != null) {
      auth.close();
    }
  }

  @AfterEach
  void stopAgent() {
    if (agent != null) {
      agent.close();
    }
  }

  /** A host whose user signs in at each authorization request's URL, then answers ok. */
  private static final class SigningInHost implements WaitFor {
    final List<Request> requests = new CopyOnWriteArrayList<>();

    @Override
    public Answer waitFor(Request request) {
      requests.add(request);
      try {
        Browser.visit(URI.create(request.url()));
      } catch (Exception e) {
        return Answer.declined(request.id(), "the test browser failed: " + e);
      }
      return Answer.ok(request.id());
    }
  }

  private static Toolkit load(String card, Map<String, Object> block, WaitFor waitFor) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("card", card);
    entry.put("auth", block);
    return Toolkit.builder()
        .builtins(false)
        .mcpConfig(Map.of("agents", Map.of("notes", entry)))
        .waitFor(waitFor)
        .build();
  }

  private static Map<String, Object> oauth2(String flow, Map<String, Object> endpoints) {
    Map<String, Object> f = new LinkedHashMap<>(endpoints);
    f.put("scopes", Map.of("tools:read", "read the notes"));
    return Map.of("type", "oauth2", "flows", Map.of(flow, f));
  }

  /** The v0.3 OAuth scheme of the authorization code flow at the provider's own endpoints. */
  private static Map<String, Object> authorizationCode() {
    return oauth2(
        "authorizationCode",
        Map.of("authorizationUrl", auth.issuer + "/auth", "tokenUrl", auth.issuer + "/token"));
  }

  /**
   * Starts the agent without its protected resource metadata and serves its card declaring the
   * security scheme {@code name} and requiring it with {@code scopes} (v0.3 {@code security}); the
   * card's URL.
   */
  private String unannouncedCardRequiring(
      String name, Map<String, Object> scheme, List<String> scopes) throws Exception {
    agent = ProtectedAgent.startUnannounced(auth.issuer);
    return agent.cardWith(
        Map.of("securitySchemes", Map.of(name, scheme), "security", List.of(Map.of(name, scopes))));
  }

  @Test
  void aCallRefusedWith401SignsInThroughTheWaitForAndThenSucceeds() throws Exception {
    agent = ProtectedAgent.start(auth.issuer);
    SigningInHost host = new SigningInHost();
    try (Toolkit toolkit = load(agent.card(), Map.of("clientId", "app"), host)) {
      ToolResult r = toolkit.execute(TOOL, Map.of("task", "hello"));
      assertThat(r.output()).isEqualTo("echo: hello");
    }
    assertThat(host.requests).hasSize(1);
    Request r = host.requests.get(0);
    assertThat(r.kind()).isEqualTo("authorization");
    assertThat(r.prompt()).isEqualTo("Sign in to agent \"notes\"");
    assertThat(URI.create(r.url()).getPath()).isEqualTo("/auth");
  }

  @Test
  void aCardThatAnswers401SignsInFromTheAuthBlockOnceForTheCardAndTheCalls() throws Exception {
    agent = ProtectedAgent.startWithGuardedCard(auth.issuer);
    SigningInHost host = new SigningInHost();
    try (Toolkit toolkit = load(agent.card(), Map.of("clientId", "app"), host)) {
      assertThat(toolkit.status().get("a2a").parts().get("notes")).isEqualTo(SourceStatus.ready());
      assertThat(toolkit.execute(TOOL, Map.of("task", "card")).output()).isEqualTo("echo: card");
    }
    assertThat(host.requests).hasSize(1);
    assertThat(host.requests.get(0).prompt()).isEqualTo("Sign in to agent \"notes\"");
  }

  @Test
  void aCardThatAnswers401WithoutAWaitForLeavesTheAgentNeedingAuth() throws Exception {
    agent = ProtectedAgent.startWithGuardedCard(auth.issuer);
    try (Toolkit toolkit = load(agent.card(), Map.of("clientId", "app"), null)) {
      assertThat(toolkit.tools()).isEmpty();
      assertThat(toolkit.status().get("a2a").parts().get("notes"))
          .isEqualTo(
              SourceStatus.failed(
                  "needs_auth: agent \"notes\" needs an OAuth sign-in; load with a waitFor that"
                      + " hands the user the authorization URL"));
    }
  }

  @Test
  void aSignInNobodyAnswersEndsAtTheAgentsTimeoutLeavingItNeedingAuth() throws Exception {
    agent = ProtectedAgent.startWithGuardedCard(auth.issuer);
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("card", agent.card());
    entry.put("timeout", 1500);
    entry.put("auth", Map.of("clientId", "app"));
    CountDownLatch never = new CountDownLatch(1);
    List<Request> asked = new CopyOnWriteArrayList<>();
    WaitFor silent =
        request -> {
          asked.add(request);
          never.await();
          return Answer.declined(request.id(), "the test ended");
        };
    Map<String, Object> none = Map.of("type", "object", "properties", Map.of());
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(Tools.define("local_echo", "Says hi", none, a -> "hi"))
            .mcpConfig(Map.of("agents", Map.of("notes", entry)))
            .waitFor(silent)
            .build()) {
      assertThat(toolkit.status().get("a2a").parts().get("notes"))
          .isEqualTo(
              SourceStatus.failed(
                  "needs_auth: the sign-in to agent \"notes\" was not completed within its"
                      + " timeout of 1500 ms; load with a waitFor that hands the user the"
                      + " authorization URL"));
      assertThat(toolkit.execute("local_echo", Map.of()).output()).isEqualTo("hi");
    } finally {
      never.countDown();
    }
    assertThat(asked).hasSize(1);
  }

  @Test
  void anAgentReachedOverHttpJsonSignsInAndCallsWithTheToken() throws Exception {
    agent = ProtectedAgent.start(auth.issuer);
    Map<String, Object> rest =
        Map.of("url", agent.resource, "protocolBinding", "HTTP+JSON", "protocolVersion", "1.0");
    String card = agent.cardWith(Map.of("url", "", "supportedInterfaces", List.of(rest)));
    SigningInHost host = new SigningInHost();
    try (Toolkit toolkit = load(card, Map.of("clientId", "app"), host)) {
      assertThat(toolkit.execute(TOOL, Map.of("task", "rest")).output()).isEqualTo("echo: rest");
    }
    assertThat(host.requests).hasSize(1);
  }

  @Test
  void withoutAWaitForARefusedCallLeavesTheAgentNeedingAuth() throws Exception {
    agent = ProtectedAgent.start(auth.issuer);
    try (Toolkit toolkit = load(agent.card(), Map.of("clientId", "app"), null)) {
      ToolResult r = toolkit.execute(TOOL, Map.of("task", "hello"));
      assertThat(r.isError()).isTrue();
      assertThat(toolkit.status().get("a2a").parts().get("notes"))
          .isEqualTo(
              SourceStatus.failed(
                  "needs_auth: agent \"notes\" needs an OAuth sign-in; load with a waitFor that"
                      + " hands the user the authorization URL"));
    }
  }

  @Test
  void theCardsAuthorizationCodeFlowIsUsedWhenTheAgentPublishesNoMetadata() throws Exception {
    String card = unannouncedCardRequiring("login", authorizationCode(), List.of("tools:read"));
    SigningInHost host = new SigningInHost();
    try (Toolkit toolkit = load(card, Map.of("clientId", "app"), host)) {
      assertThat(toolkit.execute(TOOL, Map.of("task", "hi")).output()).isEqualTo("echo: hi");
    }
    assertThat(host.requests).hasSize(1);
  }

  @Test
  void theCardsOpenIdConnectDiscoveryUrlNamesTheAuthorizationServer() throws Exception {
    Map<String, Object> oidc =
        Map.of(
            "type",
            "openIdConnect",
            "openIdConnectUrl",
            auth.issuer + "/.well-known/openid-configuration");
    String card = unannouncedCardRequiring("oidc", oidc, List.of("tools:read"));
    SigningInHost host = new SigningInHost();
    try (Toolkit toolkit =
        load(card, Map.of("clientId", "app", "scopes", List.of("tools:read")), host)) {
      assertThat(toolkit.execute(TOOL, Map.of("task", "oidc")).output()).isEqualTo("echo: oidc");
    }
    assertThat(URI.create(host.requests.get(0).url()).getPath()).isEqualTo("/auth");
  }

  @Test
  void aCardThatNeedsASignInWithoutAWaitForIsNeedsAuthWhenLoaded() throws Exception {
    String card = unannouncedCardRequiring("login", authorizationCode(), List.of());
    try (Toolkit toolkit = load(card, Map.of("clientId", "app"), null)) {
      assertThat(toolkit.tools()).isEmpty();
      assertThat(toolkit.status().get("a2a").parts().get("notes"))
          .isEqualTo(
              SourceStatus.failed(
                  "needs_auth: agent \"notes\" needs an OAuth sign-in; load with a waitFor that"
                      + " hands the user the authorization URL"));
    }
  }

  @Test
  void theClientCredentialsFlowOfAVersion1CardNeedsNoUser() throws Exception {
    agent = ProtectedAgent.startUnannounced(auth.issuer);
    Map<String, Object> flows =
        Map.of(
            "clientCredentials",
            Map.of("tokenUrl", auth.issuer + "/token", "scopes", Map.of("tools:read", "read")));
    String card =
        agent.cardWith(
            Map.of(
                "securitySchemes",
                Map.of("service", Map.of("oauth2SecurityScheme", Map.of("flows", flows))),
                "securityRequirements",
                List.of(Map.of("schemes", Map.of("service", Map.of("list", List.of()))))));
    try (Toolkit toolkit =
        load(card, Map.of("clientId", "svc", "clientSecret", "svc-secret"), null)) {
      assertThat(toolkit.execute(TOOL, Map.of("task", "quiet")).output()).isEqualTo("echo: quiet");
    }
  }

  @Test
  void anExpiredClientCredentialsTokenIsReplacedWithoutAUser(@TempDir Path dir) throws Exception {
    agent = ProtectedAgent.startUnannounced(auth.issuer);
    Map<String, Object> flows =
        Map.of(
            "clientCredentials",
            Map.of("tokenUrl", auth.issuer + "/token", "scopes", Map.of("tools:read", "read")));
    String card =
        agent.cardWith(
            Map.of(
                "securitySchemes",
                Map.of("service", Map.of("oauth2SecurityScheme", Map.of("flows", flows))),
                "securityRequirements",
                List.of(Map.of("schemes", Map.of("service", Map.of("list", List.of()))))));
    Path file = dir.resolve("tokens.json");
    Map<String, Object> block =
        Map.of("clientId", "svc", "clientSecret", "svc-secret", "tokenStore", file.toString());
    TokenStore store = TokenStore.file(file);
    String key =
        OAuthCredentials.builder().clientId("svc").build().storeKey(URI.create(agent.resource));
    try (Toolkit toolkit = load(card, block, null)) {
      assertThat(toolkit.execute(TOOL, Map.of("task", "one")).output()).isEqualTo("echo: one");
      StoredToken first = store.load(key).orElseThrow();
      store.save(key, first.withExpiresAt(Instant.EPOCH));

      assertThat(toolkit.execute(TOOL, Map.of("task", "two")).output()).isEqualTo("echo: two");

      StoredToken second = store.load(key).orElseThrow();
      assertThat(second.accessToken()).isNotEqualTo(first.accessToken());
      assertThat(second.expiresAt()).isAfter(Instant.now());
    }
  }

  @Test
  void aCardAskingForAnApiKeyNamesTheHeaderToSet() throws Exception {
    String card =
        unannouncedCardRequiring(
            "key", Map.of("type", "apiKey", "in", "header", "name", "X-API-Key"), List.of());
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("agents", Map.of("notes", Map.of("card", card))))
            .build()) {
      assertThat(toolkit.status().get("a2a").parts().get("notes"))
          .isEqualTo(
              SourceStatus.failed(
                  "agent \"notes\"'s card asks for an API key in header X-API-Key; set"
                      + " agents.notes.headers.X-API-Key"));
    }
  }

  @Test
  void aCardAskingForABearerTokenNamesTheHeaderToSetAndTheHeaderSatisfiesIt() throws Exception {
    agent = ProtectedAgent.startWithToken("tok");
    Map<String, Object> bare = Map.of("card", agent.card());
    Map<String, Object> withHeader =
        Map.of("card", agent.card(), "headers", Map.of("Authorization", "Bearer tok"));
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("agents", Map.of("bare", bare, "signed", withHeader)))
            .build()) {
      assertThat(toolkit.status().get("a2a").parts().get("bare"))
          .isEqualTo(
              SourceStatus.failed(
                  "agent \"bare\"'s card asks for HTTP bearer credentials; set"
                      + " agents.bare.headers.Authorization"));
      assertThat(toolkit.execute(TOOL, Map.of("task", "tok")).output()).isEqualTo("echo: tok");
    }
  }
}
