package dev.toolnexus.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A smoke run of the toolnexus scenario against the mock endpoint and the stdio MCP server. */
class ScenarioRunnerTest {

  @Test
  void theMcpConfigRunsTheScenarioThroughTheLoop() throws Exception {
    try (MockEndpoint mock = MockEndpoint.start()) {
      Stats stats =
          ScenarioRunner.run(
              RunnerOptions.of(mock.baseUrl(), MockEndpoint.mcpCommand(), 3, 1),
              ScenarioRunner.Config.mcp,
              MockEndpoint.benchDir().resolve("skills"));
      assertThat(stats.framework()).isEqualTo("toolnexus-java");
      assertThat(stats.finalOk()).isTrue();
      assertThat(stats.allocBytes()).isPositive();
      assertThat(stats.samplesMs()).hasSize(3);
      assertThat(stats.initMs()).isPositive();
    }
  }

  @Test
  void theFullConfigAddsASkillAndANativeToolAndStillAnswers() throws Exception {
    try (MockEndpoint mock = MockEndpoint.start()) {
      Stats stats =
          ScenarioRunner.run(
              RunnerOptions.of(mock.baseUrl(), MockEndpoint.mcpCommand(), 2, 0),
              ScenarioRunner.Config.full,
              MockEndpoint.benchDir().resolve("skills"));
      assertThat(stats.finalOk()).isTrue();
      assertThat(stats.allocBytes()).isPositive();
      assertThat(stats.samplesMs()).hasSize(2);
    }
  }
}
