package dev.toolnexus.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FloorRunnerTest {

  @Test
  void theFloorRunsTheScenarioAgainstTheMockAndTheStdioServer() throws Exception {
    try (MockEndpoint mock = MockEndpoint.start()) {
      Stats stats =
          FloorRunner.run(RunnerOptions.of(mock.baseUrl(), MockEndpoint.mcpCommand(), 3, 1));
      assertThat(stats.framework()).isEqualTo("floor");
      assertThat(stats.finalOk()).isTrue();
      assertThat(stats.allocBytes()).isPositive();
      assertThat(stats.samplesMs()).hasSize(3);
      assertThat(stats.initMs()).isPositive();
    }
  }
}
