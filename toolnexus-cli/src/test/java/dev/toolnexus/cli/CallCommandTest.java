package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CallCommandTest {

  @Test
  void anUnknownToolIsAnErrorResultWithExitCodeThree() {
    CliRun r = CliRun.of("call", "nope", "--no-builtins");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.TOOL_ERROR);
    assertThat(r.out()).isEqualTo("Unknown tool \"nope\". Available: \n");
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
