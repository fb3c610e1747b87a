package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.McpServerStatus;
import dev.toolnexus.mcp.client.McpServerConfig.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class McpConfigTest {

  static McpConfig parse(String json) {
    return McpConfig.parse(dev.toolnexus.Json.parseObject(json), "mcp.json");
  }

  @Test
  void acceptsEachOfTheThreeWrapperKeys() {
    for (String key : List.of("mcpServers", "servers", "mcp")) {
      McpConfig c = parse("{\"" + key + "\": {\"a\": {\"command\": [\"x\"]}}}");
      assertThat(c.servers()).extracting(McpServerConfig::name).containsExactly("a");
    }
  }

  @Test
  void aRawServerMapIgnoresTheReservedSiblingKeys() {
    McpConfig c =
        parse(
            "{\"builtins\": false, \"agents\": {}, \"a2a\": {}, \"mcpServer\": {},"
                + " \"fs\": {\"command\": [\"x\"]}}");
    assertThat(c.servers()).extracting(McpServerConfig::name).containsExactly("fs");
    assertThat(c.problems()).isEmpty();
  }

  @Test
  void specArrayCommandAndClaudeDesktopCommandWithArgsGiveTheSameArgv() {
    McpConfig c =
        parse(
            "{\"mcpServers\": {\"spec\": {\"command\": [\"npx\", \"-y\", \"pkg\"]},"
                + " \"claude\": {\"command\": \"npx\", \"args\": [\"-y\", \"pkg\"]}}}");
    assertThat(c.server("spec").orElseThrow().command()).containsExactly("npx", "-y", "pkg");
    assertThat(c.server("claude").orElseThrow().command()).containsExactly("npx", "-y", "pkg");
    assertThat(c.server("claude").orElseThrow().transport()).isEqualTo(Transport.STDIO);
  }

  @Test
  void envAndEnvironmentAreMergedWithEnvWinning() {
    McpServerConfig s =
        parse(
                "{\"servers\": {\"a\": {\"command\": \"x\", \"environment\": {\"A\": \"1\", \"B\":"
                    + " \"2\"}, \"env\": {\"B\": \"3\"}}}}")
            .servers()
            .get(0);
    assertThat(s.env()).containsExactly(Map.entry("A", "1"), Map.entry("B", "3"));
  }

  @Test
  void typeIsInferredFromUrlOrCommand() {
    McpConfig c =
        parse(
            "{\"mcp\": {\"r\": {\"url\": \"https://example.com/mcp\"}, \"l\": {\"command\":"
                + " \"x\"}, \"s\": {\"type\": \"sse\", \"url\": \"http://127.0.0.1:1/sse\"}}}");
    assertThat(c.server("r").orElseThrow().transport()).isEqualTo(Transport.HTTP);
    assertThat(c.server("l").orElseThrow().transport()).isEqualTo(Transport.STDIO);
    assertThat(c.server("s").orElseThrow().transport()).isEqualTo(Transport.SSE);
  }

  @Test
  void defaultsAreEnabledAndThirtySeconds() {
    McpServerConfig s = parse("{\"mcp\": {\"a\": {\"command\": \"x\"}}}").servers().get(0);
    assertThat(s.enabled()).isTrue();
    assertThat(s.timeout()).isEqualTo(Duration.ofMillis(30_000));
    assertThat(s.maxTotalTimeout()).isEqualTo(Duration.ofMillis(300_000));
    assertThat(s.inheritEnv()).isFalse();
    assertThat(s.tools()).isEmpty();
  }

  @Test
  void theTotalTimeoutDefaultsToTenTimesTheTimeout() {
    McpServerConfig s =
        parse("{\"mcp\": {\"a\": {\"command\": \"x\", \"timeout\": 1234}}}").servers().get(0);
    assertThat(s.maxTotalTimeout()).isEqualTo(Duration.ofMillis(12_340));
  }

  @Test
  void disabledTrueAndEnabledFalseBothDisable() {
    McpConfig c =
        parse(
            "{\"mcp\": {\"a\": {\"command\": \"x\", \"disabled\": true}, \"b\": {\"command\":"
                + " \"x\", \"enabled\": false}, \"c\": {\"command\": \"x\", \"timeout\": 1500}}}");
    assertThat(c.servers())
        .extracting(McpServerConfig::enabled)
        .containsExactly(false, false, true);
    assertThat(c.server("c").orElseThrow().timeout()).isEqualTo(Duration.ofMillis(1500));
  }

  @Test
  void aServerWithNeitherUrlNorCommandNamesFileAndServer() {
    McpConfig c = parse("{\"mcpServers\": {\"empty\": {\"cwd\": \"/tmp\"}}}");
    assertThat(c.problems())
        .containsExactly(
            "config mcp.json: server \"empty\" needs \"command\" (a local server) or \"url\" (a"
                + " remote server); it has neither");
  }

  @Test
  void wrongTypesNameFileServerAndField() {
    McpConfig c =
        parse(
            "{\"mcpServers\": {\"a\": {\"command\": 42}, \"b\": {\"command\": \"x\", \"timeout\":"
                + " \"soon\"}, \"c\": {\"url\": \"http://h/mcp\", \"headers\": [1]}, \"d\": {\"command\":"
                + " \"x\", \"tools\": {\"t\": \"yes\"}}}}");
    assertThat(c.server("a").orElseThrow().problem())
        .isEqualTo(
            "config mcp.json: server \"a\": field \"command\" must be a string or an array of"
                + " strings, got a number");
    assertThat(c.server("b").orElseThrow().problem())
        .isEqualTo(
            "config mcp.json: server \"b\": field \"timeout\" must be a positive number of"
                + " milliseconds, got a string");
    assertThat(c.server("c").orElseThrow().problem())
        .isEqualTo(
            "config mcp.json: server \"c\": field \"headers\" must be an object of strings, got an"
                + " array");
    assertThat(c.server("d").orElseThrow().problem())
        .isEqualTo(
            "config mcp.json: server \"d\": field \"tools\" entry \"t\" must be true or false, got"
                + " a string");
  }

  @Test
  void oneBadEntryNeverHidesTheOthers() {
    Map<String, Object> servers = new LinkedHashMap<>();
    servers.put("bad", "not an object");
    servers.put("good", Map.of("command", TestEnv.everythingStdio(), "disabled", true));
    try (McpToolSource s = Mcp.connect(McpConfig.parse(Map.of("mcpServers", servers), "x.json"))) {
      assertThat(s.serverStatus())
          .containsExactly(
              Map.entry(
                  "bad",
                  McpServerStatus.failed(
                      "config x.json: server \"bad\" must be an object, got a string")),
              Map.entry("good", McpServerStatus.disabled()));
    }
  }

  @Test
  void aServersSectionThatIsNotAnObjectIsAnErrorNamingTheField() {
    assertThatThrownBy(() -> parse("{\"mcpServers\": [1, 2]}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "config mcp.json: field \"mcpServers\" must be an object of servers, got an array");
  }

  @Test
  void aFileThatIsNotJsonIsAnErrorNamingTheFileAndLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("mcp.json");
    Files.writeString(f, "{\n  \"mcpServers\": {,\n}");
    assertThatThrownBy(() -> McpConfig.read(f))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("config " + f + " is not a JSON object (line 2");
  }

  @Test
  void readsAConfigFile(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("mcp.json");
    Files.writeString(f, "{\"mcpServers\": {\"a\": {\"url\": \"http://127.0.0.1:9/mcp\"}}}");
    McpConfig c = McpConfig.read(f);
    assertThat(c.origin()).isEqualTo(f.toString());
    assertThat(c.servers().get(0).url()).isEqualTo("http://127.0.0.1:9/mcp");
  }
}
