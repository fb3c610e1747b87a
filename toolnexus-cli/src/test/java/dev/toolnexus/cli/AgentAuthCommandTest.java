package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.internal.ConfigDocument;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code toolnexus auth login | status | logout} for an A2A agent of the config's {@code agents}
 * section, against our served agent behind a real authorization server (oidc-provider): the login
 * prints the URL, the test's browser signs in on the provider's pages and follows the redirect to
 * the command's loopback listener, and a later run calls the agent with the stored token without a
 * sign-in.
 */
class AgentAuthCommandTest {
  private static final Pattern URL = Pattern.compile("^  (http://\\S+)$", Pattern.MULTILINE);
  private static final String TOOL = "notes_summarize";

  private static AuthServer auth;
  private ProtectedAgent agent;

  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    auth = AuthServer.start();
  }

  @AfterAll
  static void stop() {
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

  /**
   * A config whose agent {@code notes} is at {@code card}, signing in as the client {@code app}.
   */
  private Path config(String card) throws Exception {
    Map<String, Object> notes = new LinkedHashMap<>();
    notes.put("card", card);
    notes.put(
        "auth", Map.of("clientId", "app", "tokenStore", dir.resolve("tokens.json").toString()));
    Path file = dir.resolve("mcp.json");
    Files.writeString(file, Json.write(Map.of("agents", Map.of("notes", notes))));
    return file;
  }

  /** Runs {@code auth login notes}, signing in at the URL it prints. */
  private static CliRun login(Path config) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Io io =
        Io.of(
            new ByteArrayInputStream(new byte[0]),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());
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

  private static CliRun run(Path config, String... command) {
    String[] args = new String[command.length + 2];
    System.arraycopy(command, 0, args, 0, command.length);
    args[command.length] = "--config";
    args[command.length + 1] = config.toString();
    return CliRun.withInput("", Map.of(), args);
  }

  /** A run of the config without a waitFor: the agent's tool called with the stored token. */
  private static String callWithoutSignIn(Path config) {
    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).mcpConfig(ConfigDocument.read(config)).build()) {
      return toolkit.execute(TOOL, Map.of("task", "stored")).output();
    }
  }

  @Test
  void loginPrintsTheUrlWaitsForTheRedirectAndALaterRunUsesTheToken() throws Exception {
    agent = ProtectedAgent.start(auth.issuer);
    Path config = config(agent.card());

    CliRun r = login(config);

    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .startsWith("Open this URL in a browser to sign in to agent \"notes\":\n\n  ");
    assertThat(r.out()).containsPattern("Waiting for the redirect to http://127\\.0\\.0\\.1:\\d+/");
    assertThat(r.out())
        .containsPattern("Signed in to agent \"notes\" \\(scopes tools:read, expires ");
    assertThat(callWithoutSignIn(config)).isEqualTo("echo: stored");
  }

  @Test
  void statusListsTheAgentSignedInWithScopesAndExpiryAndNeverTheToken() throws Exception {
    agent = ProtectedAgent.start(auth.issuer);
    Path config = config(agent.card());
    assertThat(run(config, "auth", "status").out()).isEqualTo("notes  agent: not signed in\n");
    login(config);

    CliRun r = run(config, "auth", "status");

    assertThat(r.out())
        .matches("notes  agent: signed in \\(scopes tools:read, expires \\S+Z, refreshable\\)\n");
    String tokens = Files.readString(dir.resolve("tokens.json"));
    Matcher access = Pattern.compile("\"accessToken\"\\s*:\\s*\"([^\"]+)\"").matcher(tokens);
    assertThat(access.find()).isTrue();
    assertThat(r.out()).doesNotContain(access.group(1));
    Matcher refresh = Pattern.compile("\"refreshToken\"\\s*:\\s*\"([^\"]+)\"").matcher(tokens);
    assertThat(refresh.find()).isTrue();
    assertThat(r.out()).doesNotContain(refresh.group(1));
  }

  @Test
  void logoutForgetsTheAgentsTokenSoStatusSaysNotSignedIn() throws Exception {
    agent = ProtectedAgent.start(auth.issuer);
    Path config = config(agent.card());
    login(config);

    CliRun out = run(config, "auth", "logout", "notes");

    assertThat(out.out()).isEqualTo("Signed out of agent \"notes\".\n");
    assertThat(run(config, "auth", "status").out()).isEqualTo("notes  agent: not signed in\n");
  }

  @Test
  void anAgentWhoseCardAnswers401IsSignedInFromTheCardsChallenge() throws Exception {
    agent = ProtectedAgent.startWithGuardedCard(auth.issuer);
    Path config = config(agent.card());

    CliRun r = login(config);

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .containsPattern("Signed in to agent \"notes\" \\(scopes tools:read, expires ");
    assertThat(callWithoutSignIn(config)).isEqualTo("echo: stored");
    assertThat(run(config, "auth", "status").out()).startsWith("notes  agent: signed in (");
  }

  @Test
  void loginOfANameThatIsNeitherAServerNorAnAgentIsRefused() throws Exception {
    agent = ProtectedAgent.start(auth.issuer);
    Path config = config(agent.card());
    CliRun r = run(config, "auth", "login", "billing");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .isEqualTo("toolnexus: no MCP server or agent \"billing\" in " + config + "\n");
  }
}
