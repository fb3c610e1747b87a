package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorHandlingTest {
  @TempDir Path dir;

  @Test
  void anUnknownOptionIsOneLineAndExitCodeTwo() {
    CliRun r = CliRun.of("tools", "--bogus");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo("toolnexus: Unknown option: '--bogus' (see 'toolnexus tools --help')\n");
  }

  @Test
  void noCommandIsAUsageError() {
    CliRun r = CliRun.of();
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .isEqualTo("toolnexus: a command is required: tools, schema, call, run or demo\n");
  }

  @Test
  void aMissingConfigFileIsOneLineAndExitCodeOne() {
    Path missing = dir.resolve("mcp.json");
    CliRun r = CliRun.of("tools", "--config", missing.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("toolnexus: --config " + missing + ": no such file\n");
  }

  @Test
  void verboseAddsTheStackTrace() {
    Path missing = dir.resolve("mcp.json");
    CliRun r = CliRun.of("tools", "--verbose", "--config", missing.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .startsWith("toolnexus: --config " + missing + ": no such file\n")
        .contains("dev.toolnexus.cli.CliException")
        .contains("\tat ");
  }

  @Test
  void aMissingSkillsFolderNamesIt() {
    Path missing = dir.resolve("skills");
    CliRun r = CliRun.of("tools", "--skills", missing.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("toolnexus: --skills " + missing + ": no such folder\n");
  }

  @Test
  void helpDocumentsTheSourceFlags() {
    CliRun r = CliRun.of("tools", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .contains("--config=FILE")
        .contains("--skills=DIR")
        .contains("--openapi=FILE_OR_URL")
        .contains("--no-builtins")
        .contains("--builtins-root=DIR")
        .contains("--json");
  }
}
