package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.McpServerStatus;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class McpProgressTest {
  @TempDir Path dir;

  private Path config(String json) throws IOException {
    Path p = dir.resolve("mcp.json");
    Files.writeString(p, json);
    return p;
  }

  @Test
  void serverNamesComeFromAnyWrapperInConfigOrder() throws IOException {
    assertThat(McpProgress.serverNames(config("{\"mcpServers\":{\"b\":{},\"a\":{}}}")))
        .containsExactly("b", "a");
    assertThat(McpProgress.serverNames(config("{\"servers\":{\"x\":{}}}"))).containsExactly("x");
    assertThat(McpProgress.serverNames(config("{\"builtins\":false,\"raw\":{\"command\":\"x\"}}")))
        .containsExactly("raw");
    assertThat(McpProgress.serverNames(config("not json"))).isEmpty();
  }

  @Test
  void onATerminalTheLineIsRedrawnInPlaceThenReplacedByTheOutcomes() throws Exception {
    StringWriter sw = new StringWriter();
    Io io =
        new Io(
            new ByteArrayInputStream(new byte[0]),
            new PrintWriter(new StringWriter()),
            new PrintWriter(sw),
            true,
            Map.of());
    Path cfg = config("{\"mcpServers\":{\"a\":{},\"b\":{}}}");
    try (McpProgress p = McpProgress.start(io, cfg)) {
      p.server("a", McpServerStatus.connected());
      Map<String, McpServerStatus> all = new LinkedHashMap<>();
      all.put("a", McpServerStatus.connected());
      all.put("b", McpServerStatus.failed("boom"));
      p.finish(all);
    }
    String err = sw.toString();
    assertThat(err).startsWith("\r\033[KMCP: connecting ");
    assertThat(err).endsWith("\r\033[KMCP a: connected\nMCP b: failed: boom\n");
  }
}
