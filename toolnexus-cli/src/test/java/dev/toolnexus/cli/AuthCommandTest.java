package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpToolSource;
import dev.toolnexus.oauth.OAuthCredentials;
import dev.toolnexus.oauth.OAuthResourceServer;
import dev.toolnexus.oauth.TokenStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code toolnexus auth login | status | logout} against a real authorization server
 * (oidc-provider) protecting a served toolkit: the login prints the URL, the test's browser signs
 * in on the provider's own pages and follows the redirect to the command's loopback listener, the
 * token lands in the configured file store and the next load uses it without a sign-in.
 */
class AuthCommandTest {
  private static final Pattern URL = Pattern.compile("^  (http://\\S+)$", Pattern.MULTILINE);

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

  private Path config(Map<String, Object> authBlock) throws Exception {
    Map<String, Object> notes = new LinkedHashMap<>();
    notes.put("url", served.resource);
    notes.put("auth", authBlock);
    Path file = dir.resolve("mcp.json");
    Files.writeString(file, Json.write(Map.of("mcpServers", Map.of("notes", notes))));
    return file;
  }

  private Path fileStoreConfig() throws Exception {
    return config(
        Map.of(
            "clientId",
            "web",
            "clientSecret",
            "${NOTES_SECRET}",
            "scopes",
            java.util.List.of("tools:read"),
            "tokenStore",
            dir.resolve("tokens.json").toString()));
  }

  private static final Map<String, String> ENV = Map.of("NOTES_SECRET", "web-secret");

  /** Runs {@code auth login notes}, signing in at the URL it prints. */
  private static CliRun login(Path config) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Io io =
        Io.of(
            new ByteArrayInputStream(new byte[0]),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            ENV);
    CompletableFuture<Integer> code =
        CompletableFuture.supplyAsync(
            () -> Cli.execute(io, "auth", "login", "notes", "--config", config.toString()));
    URI url = null;
    for (int i = 0; i < 2000 && url == null && !code.isDone(); i++) {
      Matcher m = URL.matcher(out.toString(StandardCharsets.UTF_8));
      if (m.find()) {
        url = URI.create(m.group(1));
      } else {
        Thread.sleep(10);
      }
    }
    if (url != null) {
      Browser.visit(url);
    }
    int exit = code.get(60, TimeUnit.SECONDS);
    return new CliRun(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static CliRun status(Path config) {
    return CliRun.withInput("", ENV, "auth", "status", "--config", config.toString());
  }

  @Test
  void loginPrintsTheUrlWaitsForTheRedirectAndStoresTheToken() throws Exception {
    Path config = fileStoreConfig();

    CliRun r = login(config);

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("Open this URL in a browser to sign in to \"notes\":\n\n  ");
    assertThat(r.out()).containsPattern("Waiting for the redirect to http://127\\.0\\.0\\.1:\\d+/");
    assertThat(r.out()).containsPattern("Signed in to \"notes\" \\(scopes tools:read, expires ");
    assertThat(Files.readString(dir.resolve("tokens.json"))).contains(served.resource);
  }

  @Test
  void afterALoginTheNextLoadUsesTheStoredTokenWithoutASignIn() throws Exception {
    Path config = fileStoreConfig();
    login(config);
    McpConfig read = McpConfig.read(config);
    McpConfig withSecret =
        new McpConfig(
            read.origin(),
            java.util.List.of(
                read.servers()
                    .get(0)
                    .withAuthSettings(
                        read.servers().get(0).authSettings().withClientSecret("web-secret"))));
    try (McpToolSource source = Mcp.connect(withSecret)) {
      assertThat(source.serverStatus())
          .containsExactly(Map.entry("notes", McpServerStatus.connected("2026-07-28")));
    }
  }

  @Test
  void statusSaysSignedInWithScopesAndExpiryAndNeverTheToken() throws Exception {
    Path config = fileStoreConfig();
    login(config);

    CliRun r = status(config);

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .matches("notes  signed in \\(scopes tools:read, expires \\S+Z, refreshable\\)\n");
    String tokens = Files.readString(dir.resolve("tokens.json"));
    Matcher access = Pattern.compile("\"accessToken\"\\s*:\\s*\"([^\"]+)\"").matcher(tokens);
    assertThat(access.find()).isTrue();
    assertThat(r.out()).doesNotContain(access.group(1));
  }

  @Test
  void statusSaysExpiredOnceTheAccessTokenIsPastItsExpiry() throws Exception {
    Path config = fileStoreConfig();
    login(config);
    TokenStore store = TokenStore.file(dir.resolve("tokens.json"));
    String key =
        OAuthCredentials.builder().clientId("web").build().storeKey(URI.create(served.resource));
    store.save(key, store.load(key).orElseThrow().withExpiresAt(Instant.EPOCH));

    assertThat(status(config).out())
        .isEqualTo(
            "notes  expired (scopes tools:read, expires 1970-01-01T00:00:00Z, refreshable)\n");
  }

  @Test
  void statusBeforeALoginSaysNotSignedIn() throws Exception {
    CliRun r = status(fileStoreConfig());
    assertThat(r.out()).isEqualTo("notes  not signed in\n");
  }

  @Test
  void logoutForgetsTheTokenSoStatusSaysNotSignedIn() throws Exception {
    Path config = fileStoreConfig();
    login(config);

    CliRun out =
        CliRun.withInput("", ENV, "auth", "logout", "notes", "--config", config.toString());

    assertThat(out.out()).isEqualTo("Signed out of \"notes\".\n");
    assertThat(status(config).out()).isEqualTo("notes  not signed in\n");
  }

  @Test
  void loginWithAMemoryTokenStoreIsRefusedNamingTheSetting() throws Exception {
    Path config = config(Map.of("clientId", "app"));
    CliRun r = CliRun.withInput("", ENV, "auth", "login", "notes", "--config", config.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .isEqualTo(
            "toolnexus: MCP server \"notes\" keeps its tokens in memory, so a sign-in would end"
                + " with this command; set \"auth\": {\"tokenStore\": \"<file or jdbc:URL>\"} in "
                + config
                + "\n");
  }

  @Test
  void loginOfAServerWithoutAnAuthBlockIsRefused() throws Exception {
    Path file = dir.resolve("plain.json");
    Files.writeString(
        file, Json.write(Map.of("mcpServers", Map.of("notes", Map.of("url", served.resource)))));
    CliRun r = CliRun.withInput("", ENV, "auth", "login", "notes", "--config", file.toString());
    assertThat(r.err())
        .isEqualTo(
            "toolnexus: MCP server \"notes\" in "
                + file
                + " has no \"auth\" block to sign in with\n");
  }
}
