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
            Map.entry("skillsPrompt", ""));
  }

  @Test
  void aSkillsFolderAddsTheSkillToolAndItsCatalog() {
    CliRun r = CliRun.of("tools", "--no-builtins", "--skills", Fixtures.skills().toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out().lines())
        .containsExactly(
            "NAME   SOURCE   DESCRIPTION",
            "skill  skill    " + firstLineOfSkillToolDescription(),
            "1 tool");
  }

  @Test
  void jsonWithSkillsCarriesTheSkillsPrompt() {
    CliRun r =
        CliRun.of("tools", "--no-builtins", "--json", "--skills", Fixtures.skills().toString());
    Map<String, Object> json = Json.parseObject(r.out());
    assertThat((String) json.get("skillsPrompt"))
        .contains("## Available Skills")
        .contains("hello-world")
        .isEqualTo(dev.toolnexus.skills.SkillSource.load(Fixtures.skills()).skillsPrompt());
    assertThat((List<?>) json.get("tools")).hasSize(1);
    assertThat(((Map<?, ?>) ((List<?>) json.get("tools")).get(0)).get("source")).isEqualTo("skill");
  }

  private static String firstLineOfSkillToolDescription() {
    String d =
        dev.toolnexus.skills.SkillSource.load(Fixtures.skills()).tools().get(0).description();
    return ToolsCommand.firstLine(d);
  }

  @Test
  void firstLineOfADescriptionIsTrimmed() {
    assertThat(ToolsCommand.firstLine("  Reads a file.\nMore detail here."))
        .isEqualTo("Reads a file.");
    assertThat(ToolsCommand.firstLine(null)).isEmpty();
  }
}
