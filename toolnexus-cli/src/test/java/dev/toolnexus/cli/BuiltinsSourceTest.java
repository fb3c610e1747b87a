package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltinsSourceTest {
  @TempDir Path dir;

  @Test
  void theBuiltinsAreOnByDefault() {
    CliRun r = CliRun.of("tools");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out().lines().skip(1).map(l -> l.split("\\s+")[0]))
        .containsExactly(
            "bash",
            "read",
            "write",
            "edit",
            "grep",
            "glob",
            "webfetch",
            "question",
            "apply_patch",
            "todowrite",
            "10");
  }

  @Test
  void builtinsRootIsWhereRelativePathsResolve() throws IOException {
    Files.writeString(dir.resolve("note.txt"), "hello from the root\n");
    CliRun r =
        CliRun.of(
            "call", "read", "--builtins-root", dir.toString(), "--args", "{\"path\":\"note.txt\"}");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("hello from the root");
  }

  @Test
  void builtinsRootRefusesPathsOutsideIt() throws IOException {
    Path inside = Files.createDirectory(dir.resolve("inside"));
    Files.writeString(dir.resolve("secret.txt"), "nope");
    CliRun r =
        CliRun.of(
            "call",
            "read",
            "--builtins-root",
            inside.toString(),
            "--args",
            "{\"path\":\"../secret.txt\"}");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.TOOL_ERROR);
    assertThat(r.out()).doesNotContain("nope");
  }

  @Test
  void aMissingBuiltinsRootNamesIt() {
    Path missing = dir.resolve("missing");
    CliRun r = CliRun.of("tools", "--builtins-root", missing.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("toolnexus: --builtins-root " + missing + ": no such folder\n");
  }
}
