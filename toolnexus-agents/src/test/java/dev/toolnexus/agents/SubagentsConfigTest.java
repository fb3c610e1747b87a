package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The config file's subagents block. */
class SubagentsConfigTest {
  private final List<Tool> tools = List.of(Fixture.tool("lookup"), Fixture.tool("check_secret"));

  @Test
  void readsEveryFieldOfEachAgent(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("souls"));
    Files.writeString(dir.resolve("souls/explore.md"), "You research.");
    Path config = dir.resolve("toolnexus.json");
    Files.writeString(
        config,
        """
        {"mcpServers": {},
         "subagents": {
           "coordinator": {"does": "splits and delegates", "systemPrompt": "You lead.",
                           "team": ["explore"], "budget": {"maxTokens": 500, "maxConcurrent": 2}},
           "explore": {"does": "read-only research", "soulFile": "souls/explore.md",
                       "tools": ["lookup"], "model": "m-explore"}}}
        """);
    List<AgentDef> defs = SubagentsConfig.read(config, tools);

    assertThat(defs).extracting(AgentDef::name).containsExactly("coordinator", "explore");
    AgentDef c = defs.get(0);
    assertThat(c.soul()).isEqualTo("You lead.");
    assertThat(c.team()).containsExactly("explore");
    assertThat(c.budget()).isEqualTo(Budget.NONE.withMaxTokens(500).withMaxConcurrent(2));
    assertThat(c.model()).isEqualTo(AgentDef.INHERIT);
    assertThat(c.tools()).extracting(Tool::name).containsExactly("lookup", "check_secret");
    AgentDef e = defs.get(1);
    assertThat(e.soul()).isEqualTo("You research.");
    assertThat(e.tools()).extracting(Tool::name).containsExactly("lookup");
    assertThat(e.model()).isEqualTo("m-explore");
  }

  @Test
  void noBlockMeansNoAgents(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("mcp.json");
    Files.writeString(config, "{\"mcpServers\": {}}");

    assertThat(SubagentsConfig.read(config, tools)).isEmpty();
  }

  @Test
  void anUnknownToolIsNamedWithTheAgentAndTheFile(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("bad.json");
    Files.writeString(
        config, "{\"subagents\": {\"explore\": {\"does\": \"x\", \"tools\": [\"nope\"]}}}");

    assertThatThrownBy(() -> SubagentsConfig.read(config, tools))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            config
                + ": subagents.explore.tools: no tool \"nope\" (available: lookup, check_secret)");
  }

  @Test
  void aMissingDoesAndAnUnknownFieldAreRefused(@TempDir Path dir) throws Exception {
    Path noDoes = dir.resolve("a.json");
    Files.writeString(noDoes, "{\"subagents\": {\"explore\": {\"model\": \"m\"}}}");
    Path unknown = dir.resolve("b.json");
    Files.writeString(
        unknown, "{\"subagents\": {\"explore\": {\"does\": \"x\", \"prompt\": \"y\"}}}");
    Path badLimit = dir.resolve("c.json");
    Files.writeString(
        badLimit,
        "{\"subagents\": {\"explore\": {\"does\": \"x\", \"budget\": {\"maxCost\": 3}}}}");

    assertThatThrownBy(() -> SubagentsConfig.read(noDoes, tools))
        .hasMessageContaining("subagents.explore: \"does\" is required");
    assertThatThrownBy(() -> SubagentsConfig.read(unknown, tools))
        .hasMessageContaining("subagents.explore: unknown field \"prompt\"");
    assertThatThrownBy(() -> SubagentsConfig.read(badLimit, tools))
        .hasMessageContaining("subagents.explore.budget: unknown limit \"maxCost\"");
  }
}
