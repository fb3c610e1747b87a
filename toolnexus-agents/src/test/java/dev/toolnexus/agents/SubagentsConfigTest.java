package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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

  @Test
  void guardrailsAndCompletionAreReadFromTheEntry(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("toolnexus.json");
    Files.writeString(
        config,
        """
        {"subagents": {"builder": {"does": "builds",
           "guardrails": {"denyTools": ["check_secret"], "reason": "no secrets",
                          "allowModels": ["m-cheap"]},
           "completion": {"maxAttempts": 3, "todos": true}}}}
        """);
    AgentDef def = SubagentsConfig.read(config, tools).get(0);

    assertThat(def.completion().maxAttempts()).isEqualTo(3);
    assertThat(def.guardrails()).hasSize(2);
    Guardrail.Call secret =
        new Guardrail.Call(Guardrail.Kind.TOOL, "check_secret", Map.of(), "c1", 0);
    Guardrail.Call strong = new Guardrail.Call(Guardrail.Kind.MODEL, "m-strong", null, null, 0);
    assertThat(Guardrails.denial(def.guardrails(), secret)).isEqualTo("no secrets");
    assertThat(Guardrails.denial(def.guardrails(), strong))
        .isEqualTo("model m-strong is not on the allowed list");
  }

  @Test
  void aCompletionCommandRunsInTheConfigFilesFolder(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("marker.txt"), "here");
    Path config = dir.resolve("toolnexus.json");
    Files.writeString(
        config,
        """
        {"subagents": {"builder": {"does": "builds",
           "completion": {"maxAttempts": 1, "command": ["sh", "-c", "cat marker.txt; exit 1"]}}}}
        """);
    AgentDef def = SubagentsConfig.read(config, tools).get(0);

    assertThat(def.completion().check().verify(null))
        .isEqualTo(Verdict.fail("command sh exited 1: here"));
  }

  @Test
  void aCompletionWithoutMaxAttemptsOrWithTwoChecksIsRefused(@TempDir Path dir) throws Exception {
    Path noBound = dir.resolve("a.json");
    Files.writeString(
        noBound, "{\"subagents\": {\"b\": {\"does\": \"x\", \"completion\": {\"todos\": true}}}}");
    Path both = dir.resolve("b.json");
    Files.writeString(
        both,
        "{\"subagents\": {\"b\": {\"does\": \"x\", \"completion\":"
            + " {\"maxAttempts\": 2, \"todos\": true, \"command\": [\"true\"]}}}}");

    assertThatThrownBy(() -> SubagentsConfig.read(noBound, tools))
        .hasMessage(
            noBound
                + ": subagents.b.completion.maxAttempts is required: a whole number of at least 1");
    assertThatThrownBy(() -> SubagentsConfig.read(both, tools))
        .hasMessage(
            both
                + ": subagents.b.completion: set exactly one check, \"todos\": true or"
                + " \"command\": [program, args...]");
  }
}
