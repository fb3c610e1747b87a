package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/** Only the subcommands a command line can reach are built; help still lists every one. */
class SubcommandsTest {

  @Test
  void eachNameIsItsCommandsAnnotatedName() {
    for (Subcommands.Entry e : Subcommands.ALL) {
      assertThat(e.create().get().getClass().getAnnotation(Command.class).name())
          .isEqualTo(e.name());
    }
  }

  @Test
  void aNamedCommandIsTheOnlyOneBuilt() {
    assertThat(names("tools", "--no-builtins", "--config", "mcp.json")).containsExactly("tools");
    assertThat(names("serve", "--mcp")).containsExactly("serve");
  }

  @Test
  void rootFlagsBeforeTheCommandAreSkipped() {
    assertThat(names("--verbose", "-v", "call", "echo")).containsExactly("call");
  }

  @Test
  void versionAloneBuildsNone() {
    assertThat(names("--version")).isEmpty();
    assertThat(names("-V", "--verbose")).isEmpty();
  }

  @Test
  void helpNoCommandAnUnknownWordOrOptionBuildEveryOne() {
    List<String> all =
        List.of(
            "tools",
            "schema",
            "call",
            "resources",
            "prompts",
            "run",
            "judge",
            "demo",
            "serve",
            "auth");
    assertThat(names()).isEqualTo(all);
    assertThat(names("--help")).isEqualTo(all);
    assertThat(names("-h", "tools")).isEqualTo(all);
    assertThat(names("tols")).isEqualTo(all);
    assertThat(names("--bogus", "tools")).isEqualTo(all);
    assertThat(names("-vV")).isEqualTo(all);
  }

  @Test
  void rootHelpListsEveryCommandInOrder() {
    CliRun r = CliRun.of("--help");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .containsSubsequence(
            "Commands:\n  tools ",
            "\n  schema ",
            "\n  call ",
            "\n  resources ",
            "\n  prompts ",
            "\n  run ",
            "\n  demo ",
            "\n  serve ");
  }

  @Test
  void versionPrintsTheVersionWithoutAnyCommand() {
    CliRun r = CliRun.of("--version");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .startsWith("toolnexus ")
        .contains("\nJVM " + System.getProperty("java.version"));
  }

  @Test
  void versionAloneIsAnsweredWithTheLinesPicocliPrints() {
    CliRun alone = CliRun.of("--version");
    CliRun throughPicocli = CliRun.of("--verbose", "--version");

    assertThat(alone.exitCode()).isZero();
    assertThat(throughPicocli.exitCode()).isZero();
    assertThat(alone.out()).isEqualTo(throughPicocli.out());
    assertThat(CliRun.of("-V").out()).isEqualTo(throughPicocli.out());
  }

  @Test
  void helpOfANamedCommandCarriesTheQualifiedName() {
    CliRun r = CliRun.of("schema", "--help");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("Usage: toolnexus schema ");
  }

  private static List<String> names(String... args) {
    return Subcommands.needed(args).stream().map(Subcommands.Entry::name).toList();
  }
}
