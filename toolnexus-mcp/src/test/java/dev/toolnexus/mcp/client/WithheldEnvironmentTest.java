package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stdio server gets only the safe default environment; one that needs a host variable and dies
 * without it is told, by name and never by value, what was held back and how to pass it.
 */
class WithheldEnvironmentTest {
  private static final String TOKEN = "tok-5e4d3c2b1a";
  private static final String OTHER = "other-9a8b7c";

  @TempDir Path dir;

  /** The host: the safe set this machine has, plus two variables only the host holds. */
  private static Map<String, String> host() {
    Map<String, String> host = new LinkedHashMap<>();
    host.put("PATH", System.getenv("PATH"));
    host.put("HOME", System.getProperty("user.home"));
    host.put("HOST_ONLY_TOKEN", TOKEN);
    host.put("ZZ_HOST_SETTING", OTHER);
    return host;
  }

  /**
   * A server that reads the initialize request and exits with code 2 unless HOST_ONLY_TOKEN is set,
   * and otherwise runs the paged test server.
   */
  private Map<String, Object> server(Object... extra) throws IOException {
    Path script = dir.resolve("needs-token.sh");
    Files.writeString(
        script,
        "if [ -z \"$HOST_ONLY_TOKEN\" ]; then\n"
            + "  echo 'error: HOST_ONLY_TOKEN is required' >&2\n"
            + "  read -r request\n"
            + "  exit 2\n"
            + "fi\n"
            + "exec \"$@\"\n");
    List<String> command = new ArrayList<>(List.of("sh", script.toString()));
    command.addAll(TestEnv.javaServer("paged"));
    return TestEnv.local(command, extra);
  }

  private static McpServerStatus status(Map<String, Object> server) {
    try (McpToolSource s =
        Loader.load(
            McpConfig.parse(TestEnv.config("needy", server), "<test>"),
            host(),
            null,
            new CancelToken())) {
      return s.serverStatus().get("needy");
    }
  }

  @Test
  void aServerThatExitsAtStartUpNamesTheWithheldVariablesAndHowToPassThem() throws IOException {
    McpServerStatus st = status(server());

    assertThat(st)
        .isEqualTo(
            McpServerStatus.failed(
                "initialize failed: server exited with code 2; stderr: error: HOST_ONLY_TOKEN is"
                    + " required; the server was started without 2 host environment variables:"
                    + " HOST_ONLY_TOKEN, ZZ_HOST_SETTING (only a safe default set is passed: set"
                    + " \"inheritEnv\": true to pass them all, or pass one in \"env\" as"
                    + " {\"NAME\": \"${NAME}\"})"));
    assertThat(st.reason()).doesNotContain(TOKEN).doesNotContain(OTHER);
  }

  @Test
  void aVariablePassedInEnvAsAReferenceToTheHostIsNoLongerWithheld() throws IOException {
    McpServerStatus st = status(server("env", Map.of("HOST_ONLY_TOKEN", "${HOST_ONLY_TOKEN}")));

    assertThat(st).isEqualTo(McpServerStatus.connected("2025-11-25"));
  }

  @Test
  void aHostValuePassedThroughEnvIsHiddenWhenTheServerEchoesIt() throws IOException {
    Path script = dir.resolve("echoes-token.sh");
    Files.writeString(
        script, "echo \"bad token $HOST_ONLY_TOKEN\" >&2\n" + "read -r request\n" + "exit 4\n");
    McpServerStatus st =
        status(
            TestEnv.local(
                List.of("sh", script.toString()),
                "env",
                Map.of("HOST_ONLY_TOKEN", "${HOST_ONLY_TOKEN}")));

    assertThat(st)
        .isEqualTo(
            McpServerStatus.failed(
                "initialize failed: server exited with code 4; stderr: bad token ***; the server"
                    + " was started without 1 host environment variable: ZZ_HOST_SETTING (only a"
                    + " safe default set is passed: set \"inheritEnv\": true to pass them all, or"
                    + " pass one in \"env\" as {\"NAME\": \"${NAME}\"})"));
  }

  @Test
  void inheritEnvStillPassesTheWholeHostEnvironment() throws IOException {
    assertThat(status(server("inheritEnv", true)))
        .isEqualTo(McpServerStatus.connected("2025-11-25"));
  }

  @Test
  void anEnvReferenceToAVariableTheHostLacksFailsTheServerNamingIt() throws IOException {
    McpServerStatus st = status(server("env", Map.of("API_KEY", "${NOT_ON_THIS_HOST}")));

    assertThat(st)
        .isEqualTo(
            McpServerStatus.failed(
                "env \"API_KEY\" of MCP server \"needy\" uses ${NOT_ON_THIS_HOST}, but the"
                    + " environment variable NOT_ON_THIS_HOST is not set"));
  }
}
