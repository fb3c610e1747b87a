package dev.toolnexus.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class UserRunnerTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static Phases.Args args(String baseUrl) {
    return Phases.Args.parse(
        new String[] {
          "--base-url",
          baseUrl,
          "--mcp",
          MockEndpoint.pythonMcpCommand(),
          "--cold",
          "1:2",
          "--warm",
          "4:2"
        });
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> parse(String line) {
    return JSON.readValue(line, Map.class);
  }

  @Test
  void theUserRunnerRunsBothPhasesAgainstThePythonMockAndServer() throws Exception {
    try (MockEndpoint mock = MockEndpoint.startPython()) {
      Map<String, Object> line = parse(UserRunner.run(args(mock.baseUrl())));
      assertThat(line)
          .containsEntry("framework", "toolnexus-user")
          .containsEntry("final_ok", true)
          .containsEntry("cold_n", 2)
          .containsEntry("warm_n", 2);
      assertThat(((Number) line.get("warm_alloc_bytes")).longValue()).isPositive();
    }
  }

  @Test
  void theLeanFloorRunsBothPhasesAgainstThePythonMockAndServer() throws Exception {
    try (MockEndpoint mock = MockEndpoint.startPython()) {
      Map<String, Object> line = parse(LeanFloorRunner.run(args(mock.baseUrl())));
      assertThat(line)
          .containsEntry("framework", "lean-floor")
          .containsEntry("final_ok", true)
          .containsEntry("cold_n", 2)
          .containsEntry("warm_n", 2);
      assertThat(((Number) line.get("classes_loaded")).longValue()).isPositive();
    }
  }

  @Test
  void aWarmPhaseThatDoesNotCoverTheColdOneIsRefused() {
    assertThatThrownBy(
            () ->
                Phases.Args.parse(
                    new String[] {"--base-url", "http://x", "--cold", "5:30", "--warm", "10:5"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--warm's warm-up (10) must cover the cold phase (5+30)");
  }
}
