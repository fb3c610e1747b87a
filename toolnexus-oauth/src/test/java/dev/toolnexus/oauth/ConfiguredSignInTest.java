package dev.toolnexus.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Request;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.WaitFor;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpToolSource;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's {@code auth} block in mcp.json, served by this module through the HttpAuthFactory
 * service against a real authorization server (oidc-provider): the sign-in goes to the run's {@code
 * waitFor} as an {@code authorization} request; without one the server is {@code needs_auth} and
 * the rest of the toolkit works; a token in the configured file store is reused.
 */
class ConfiguredSignInTest {
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

  private static McpConfig config(Map<String, Object> authBlock) {
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("url", served.resource);
    server.put("auth", authBlock);
    return McpConfig.parse(Map.of("mcpServers", Map.of("notes", server)), "mcp.json");
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

  @Test
  void withAWaitForTheSignInArrivesAsAnAuthorizationRequestAndTheCallSucceeds() {
    SigningInHost host = new SigningInHost();
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .source(Mcp.connect(config(Map.of("clientId", "app")), host, new CancelToken()))
            .build()) {
      assertThat(toolkit.execute("notes_read_notes", Map.of()).output()).isEqualTo("the notes");
    }
    assertThat(host.requests).hasSize(1);
    Request r = host.requests.get(0);
    assertThat(r.kind()).isEqualTo("authorization");
    assertThat(r.prompt()).isEqualTo("Sign in to MCP server \"notes\"");
    assertThat(URI.create(r.url()).getPath()).isEqualTo("/auth");
    assertThat(r.data()).containsEntry("server", "notes");
  }

  @Test
  void aHostThatCatchesTheRedirectItselfCompletesTheSignInWithTheRedirectUrlInItsAnswer() {
    WaitFor host =
        request -> {
          try {
            String redirect =
                Browser.visitUntilRedirect(
                    URI.create(request.url()),
                    URI.create((String) request.data().get("redirectUri")));
            return Answer.ok(request.id(), Map.of("redirectUrl", redirect));
          } catch (Exception e) {
            return Answer.declined(request.id(), "the test browser failed: " + e);
          }
        };
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .source(Mcp.connect(config(Map.of("clientId", "app")), host, new CancelToken()))
            .build()) {
      assertThat(toolkit.execute("notes_read_notes", Map.of()).output()).isEqualTo("the notes");
    }
  }

  @Test
  void withoutAWaitForTheServerNeedsAuthAndTheRestOfTheToolkitWorks() {
    Map<String, Object> none = Map.of("type", "object", "properties", Map.of());
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(Tools.define("local_echo", "Says hi", none, a -> "hi"))
            .source(Mcp.connect(config(Map.of("clientId", "app"))))
            .build()) {
      assertThat(toolkit.mcpStatus())
          .containsExactly(
              Map.entry(
                  "notes",
                  McpServerStatus.needsAuth(
                      "MCP server \"notes\" needs an OAuth sign-in; run \"toolnexus auth login"
                          + " notes\" or load with a waitFor that hands the user the"
                          + " authorization URL")));
      assertThat(toolkit.execute("local_echo", Map.of()).output()).isEqualTo("hi");
    }
  }

  @Test
  void aDeclinedSignInLeavesTheServerNeedingAuth() {
    WaitFor declining = request -> Answer.declined(request.id(), "declined");
    try (McpToolSource source =
        Mcp.connect(config(Map.of("clientId", "app")), declining, new CancelToken())) {
      assertThat(source.serverStatus().get("notes"))
          .isEqualTo(
              McpServerStatus.needsAuth(
                  "the sign-in to MCP server \"notes\" was declined; run \"toolnexus auth login"
                      + " notes\" or load with a waitFor that hands the user the authorization"
                      + " URL"));
    }
  }

  @Test
  void aSignInNobodyAnswersEndsAtTheServersTimeoutLeavingItNeedingAuth() throws Exception {
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("url", served.resource);
    server.put("timeout", 1500);
    server.put("auth", Map.of("clientId", "app"));
    McpConfig config = McpConfig.parse(Map.of("mcpServers", Map.of("notes", server)), "mcp.json");
    Map<String, Object> none = Map.of("type", "object", "properties", Map.of());
    CountDownLatch never = new CountDownLatch(1);
    List<Request> asked = new CopyOnWriteArrayList<>();
    WaitFor silent =
        request -> {
          asked.add(request);
          never.await();
          return Answer.declined(request.id(), "the test ended");
        };
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(Tools.define("local_echo", "Says hi", none, a -> "hi"))
            .source(Mcp.connect(config, silent, new CancelToken()))
            .build()) {
      assertThat(toolkit.mcpStatus())
          .containsExactly(
              Map.entry(
                  "notes",
                  McpServerStatus.needsAuth(
                      "the sign-in to MCP server \"notes\" was not completed within its timeout"
                          + " of 1500 ms; run \"toolnexus auth login notes\" or load with a"
                          + " waitFor that hands the user the authorization URL")));
      assertThat(toolkit.execute("local_echo", Map.of()).output()).isEqualTo("hi");
    } finally {
      never.countDown();
    }
    assertThat(asked).hasSize(1);
  }

  @Test
  void aTokenInTheConfiguredFileStoreIsReusedByTheNextLoadWithoutASignIn() {
    Map<String, Object> block =
        Map.of("clientId", "app", "tokenStore", dir.resolve("tokens.json").toString());
    try (McpToolSource first = Mcp.connect(config(block), new SigningInHost(), new CancelToken())) {
      assertThat(first.serverStatus().get("notes"))
          .isEqualTo(McpServerStatus.connected("2026-07-28"));
    }
    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).source(Mcp.connect(config(block))).build()) {
      assertThat(toolkit.execute("notes_read_notes", Map.of()).output()).isEqualTo("the notes");
    }
  }

  @Test
  void aClientSecretFromAnUnsetVariableFailsNamingTheFieldAndVariable() {
    try (McpToolSource source =
        Mcp.connect(
            config(Map.of("clientId", "web", "clientSecret", "${TOOLNEXUS_TEST_UNSET_SECRET}")))) {
      assertThat(source.serverStatus().get("notes"))
          .isEqualTo(
              McpServerStatus.failed(
                  "field \"auth.clientSecret\" of MCP server \"notes\" uses"
                      + " ${TOOLNEXUS_TEST_UNSET_SECRET}, but the environment variable"
                      + " TOOLNEXUS_TEST_UNSET_SECRET is not set"));
    }
  }
}
