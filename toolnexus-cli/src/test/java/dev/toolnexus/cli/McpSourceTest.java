package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --config}: the repository's stdio MCP server ({@code bench/mcp-server.mjs}), a server that
 * cannot start and a disabled one.
 */
class McpSourceTest {
  @TempDir Path dir;
  private Path config;

  @BeforeEach
  void writeConfig() throws IOException {
    String server = Fixtures.root().resolve("bench").resolve("mcp-server.mjs").toString();
    config = dir.resolve("mcp.json");
    Map<String, Object> servers = new LinkedHashMap<>();
    servers.put("bench", Map.of("command", List.of("node", server)));
    servers.put("broken", Map.of("command", List.of(dir.resolve("nope").toString())));
    servers.put("off", Map.of("command", List.of("x"), "disabled", true));
    Files.writeString(config, Json.write(Map.of("mcpServers", servers)));
  }

  @Test
  void toolsShowsTheServersToolsAndEveryServersStatus() {
    CliRun r = CliRun.of("tools", "--no-builtins", "--config", config.toString());
    assertThat(r.exitCode()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.subList(0, 5))
        .containsExactly(
            "NAME               SOURCE   DESCRIPTION",
            "bench_get_weather  mcp      Current weather for a city.",
            "bench_add          mcp      Adds two numbers.",
            "bench_echo         mcp      Echoes the text back.",
            "3 tools");
    assertThat(lines.get(6)).isEqualTo("MCP servers:");
    assertThat(lines.get(7)).isEqualTo("  bench   connected (MCP 2025-11-25)");
    assertThat(lines.get(8))
        .startsWith("  broken  failed: ")
        .contains(dir.resolve("nope").toString());
    assertThat(lines.get(9)).isEqualTo("  off     disabled");
  }

  @Test
  void strictRefusesToStartWhenAServerFailsNamingIt() {
    CliRun r = CliRun.of("tools", "--no-builtins", "--strict", "--config", config.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    List<String> err = r.err().lines().toList();
    assertThat(err.get(err.size() - 1))
        .startsWith("toolnexus: strict toolkit: mcp/broken: ")
        .contains(dir.resolve("nope").toString())
        .endsWith(" (--strict)");
  }

  @Test
  void progressLinesNameThePendingServersThenEachOutcome() {
    CliRun r = CliRun.of("tools", "--no-builtins", "--config", config.toString());
    List<String> err = r.err().lines().toList();
    assertThat(err.get(0)).isEqualTo("MCP: connecting bench, broken, off");
    assertThat(err.subList(1, err.size()))
        .hasSize(3)
        .contains("MCP bench: connected", "MCP off: disabled")
        .anySatisfy(l -> assertThat(l).startsWith("MCP broken: failed: "));
  }

  @Test
  void jsonCarriesTheStatusMapWithReasons() {
    CliRun r = CliRun.of("tools", "--no-builtins", "--json", "--config", config.toString());
    Map<String, Object> json = Json.parseObject(r.out());
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> mcp = (Map<String, Map<String, Object>>) json.get("mcp");
    assertThat(mcp.keySet()).containsExactly("bench", "broken", "off");
    assertThat(mcp.get("bench"))
        .isEqualTo(Map.of("state", "connected", "protocolVersion", "2025-11-25"));
    assertThat(mcp.get("off")).isEqualTo(Map.of("state", "disabled"));
    assertThat(mcp.get("broken").get("state")).isEqualTo("failed");
    assertThat((String) mcp.get("broken").get("reason")).contains(dir.resolve("nope").toString());
  }

  @Test
  void callPrintsAnMcpToolsOutput() {
    CliRun r =
        CliRun.of(
            "call",
            "bench_add",
            "--no-builtins",
            "--config",
            config.toString(),
            "--args",
            "{\"a\":2,\"b\":3}");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("5\n");
  }

  @Test
  void argumentsThatBreakTheSchemaAreAnErrorResult() {
    CliRun r = CliRun.of("call", "bench_echo", "--no-builtins", "--config", config.toString());
    assertThat(r.exitCode()).isEqualTo(ExitCodes.TOOL_ERROR);
    assertThat(r.out()).startsWith("Invalid arguments for tool bench_echo").contains("text");
  }

  @Test
  void aConfigThatIsNotJsonIsOneLineNamingTheFile() throws IOException {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{ not json");
    CliRun r = CliRun.of("tools", "--config", bad.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err().lines().filter(l -> l.startsWith("toolnexus: "))).hasSize(1);
    assertThat(r.err()).contains(bad.toString());
  }

  @Test
  void runUsesTheMcpToolsAndShowsEachCall() throws Exception {
    try (MockLlm mock = MockLlm.start()) {
      CliRun r =
          CliRun.runAgainst(
              mock,
              "",
              Map.of(),
              "--no-builtins",
              "--config",
              config.toString(),
              "--once",
              "What is the weather in Paris, and what is 2 + 2?");
      assertThat(r.exitCode()).isZero();
      assertThat(r.out()).isEqualTo("Weather: Sunny, 21 C in Paris | 4. Done.\n");
      assertThat(r.err())
          .contains("→ bench_get_weather {\"city\":\"Paris\"}\n")
          .contains("← bench_get_weather: Sunny, 21 C in Paris\n")
          .contains("→ bench_add {\"a\":2,\"b\":2}\n")
          .contains("← bench_add: 4\n");
    }
  }
}
