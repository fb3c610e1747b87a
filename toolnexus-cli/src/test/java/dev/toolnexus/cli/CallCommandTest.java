package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CallCommandTest {

  @Test
  void anUnknownToolIsAnErrorResultWithExitCodeThree() {
    CliRun r = CliRun.of("call", "nope", "--no-builtins");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.TOOL_ERROR);
    assertThat(r.out()).isEqualTo("Unknown tool: nope. Available: (none)\n");
  }

  @Test
  void anUnknownToolSuggestsTheNearestNamesOnStderr() {
    CliRun r = CliRun.of("call", "raed");

    assertThat(r.exitCode()).isEqualTo(ExitCodes.TOOL_ERROR);
    assertThat(r.out()).startsWith("Unknown tool: raed. Available: ");
    assertThat(r.err()).isEqualTo("did you mean: read?\n");
  }

  @Test
  void anUnknownToolFarFromEveryNameSuggestsNothing() {
    CliRun r = CliRun.of("call", "kubernetes_deploy");

    assertThat(r.exitCode()).isEqualTo(ExitCodes.TOOL_ERROR);
    assertThat(r.err()).isEmpty();
  }

  @Test
  void nearestNamesAreFewEditsApartOrContainTheName() {
    assertThat(NearestNames.of("get_wether", java.util.List.of("get_weather", "glob", "bash")))
        .containsExactly("get_weather");
    assertThat(NearestNames.of("weather", java.util.List.of("mcp_get_weather", "write")))
        .containsExactly("mcp_get_weather");
    assertThat(NearestNames.distance("kitten", "sitting")).isEqualTo(3);
  }

  @Test
  void callingTheSkillToolPrintsExactlyWhatTheModelSees() {
    CliRun r =
        CliRun.of(
            "call",
            "skill",
            "--no-builtins",
            "--skills",
            Fixtures.skills().toString(),
            "--args",
            "{\"name\":\"hello-world\"}");
    assertThat(r.exitCode()).isZero();
    String expected =
        dev.toolnexus.Toolkit.builder()
            .builtins(false)
            .skillsDir(Fixtures.skills())
            .build()
            .execute("skill", Map.of("name", "hello-world"))
            .output();
    assertThat(r.out()).isEqualTo(expected.endsWith("\n") ? expected : expected + "\n");
    assertThat(r.out()).startsWith("<skill_content name=\"hello-world\">");
  }

  @Test
  void anUnknownSkillIsAnErrorResultWithExitCodeThree() {
    CliRun r =
        CliRun.of(
            "call",
            "skill",
            "--no-builtins",
            "--skills",
            Fixtures.skills().toString(),
            "--args",
            "{\"name\":\"nope\"}");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.TOOL_ERROR);
    assertThat(r.out()).contains("nope").contains("hello-world");
  }

  @Test
  void argumentsThatAreNotAJsonObjectAreAUsageError() {
    CliRun r = CliRun.of("call", "nope", "--no-builtins", "--args", "[1,2]");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).startsWith("toolnexus: --args is not a JSON object: ");
    assertThat(r.err().lines()).hasSize(1);
  }

  @Test
  void aMissingToolNameIsAUsageError() {
    CliRun r = CliRun.of("call");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("TOOL");
  }
}
