package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolsCommandTest {

  @Test
  void anEmptyToolkitSaysSo() {
    CliRun r = CliRun.of("tools", "--no-builtins");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("No tools.\n");
  }

  @Test
  void jsonCarriesToolsMcpStatusAndSkillsPrompt() {
    CliRun r = CliRun.of("tools", "--no-builtins", "--json");
    assertThat(r.exitCode()).isZero();
    Map<String, Object> json = Json.parseObject(r.out());
    assertThat(json)
        .containsExactly(
            Map.entry("tools", List.of()),
            Map.entry("mcp", Map.of()),
            Map.entry("skillsPrompt", "No skills are currently available."));
  }

  @Test
  void firstLineOfADescriptionIsTrimmed() {
    assertThat(ToolsCommand.firstLine("  Reads a file.\nMore detail here."))
        .isEqualTo("Reads a file.");
    assertThat(ToolsCommand.firstLine(null)).isEmpty();
  }
}
