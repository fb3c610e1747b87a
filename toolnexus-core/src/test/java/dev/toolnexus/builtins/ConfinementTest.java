package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.confined;
import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class ConfinementTest {
  @TempDir Path tmp;
  Path base;
  Path outside;

  @BeforeEach
  void layout() throws Exception {
    base = Files.createDirectory(tmp.resolve("base"));
    outside = Files.createDirectory(tmp.resolve("outside"));
    Files.writeString(outside.resolve("secret.txt"), "secret");
    Files.writeString(base.resolve("ok.txt"), "fine");
  }

  private String refusal(String given, Path resolved) throws Exception {
    return "path \""
        + given
        + "\" resolves to "
        + resolved
        + ", outside baseDir "
        + base.toRealPath()
        + " (confineToBaseDir is on)";
  }

  @Test
  void dotDotOutOfBaseDirIsRefused() throws Exception {
    ToolResult r = run(confined(base, "read"), "path", "../outside/secret.txt");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "read: "
                + refusal("../outside/secret.txt", outside.toRealPath().resolve("secret.txt")));
  }

  @Test
  void anAbsolutePathOutsideIsRefused() throws Exception {
    String p = outside.resolve("secret.txt").toString();
    assertThat(run(confined(base, "read"), "path", p).output()).contains("outside baseDir");
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void aSymlinkThatEscapesIsRefused() throws Exception {
    Files.createSymbolicLink(base.resolve("link"), outside);
    ToolResult r = run(confined(base, "read"), "path", "link/secret.txt");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "read: " + refusal("link/secret.txt", outside.toRealPath().resolve("secret.txt")));
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void writingANewFileThroughAnEscapingSymlinkIsRefused() throws Exception {
    Files.createSymbolicLink(base.resolve("link"), outside);
    ToolResult r = run(confined(base, "write"), "path", "link/new/deep.txt", "content", "x");
    assertThat(r.output()).contains("outside baseDir");
    assertThat(outside.resolve("new")).doesNotExist();
  }

  @Test
  void pathsInsideStillWorkIncludingOnesThatDoNotExistYet() throws Exception {
    assertThat(run(confined(base, "read"), "path", "ok.txt").output()).isEqualTo("fine");
    ToolResult w = run(confined(base, "write"), "path", "deep/new/file.txt", "content", "x");
    assertThat(w.isError()).as(w.output()).isFalse();
    assertThat(base.resolve("deep/new/file.txt")).hasContent("x");
    assertThat(run(confined(base, "read"), "path", "sub/../ok.txt").output()).isEqualTo("fine");
  }

  @Test
  void aNewFileWhoseNameDotDotsOutIsRefused() {
    ToolResult r = run(confined(base, "write"), "path", "nothing/../../escape.txt", "content", "x");
    assertThat(r.output()).contains("outside baseDir");
    assertThat(tmp.resolve("escape.txt")).doesNotExist();
  }

  @Test
  void everyPathTakingToolIsConfined() {
    assertThat(
            run(
                    confined(base, "edit"),
                    "path",
                    "../outside/secret.txt",
                    "oldString",
                    "s",
                    "newString",
                    "t")
                .output())
        .contains("outside baseDir");
    assertThat(run(confined(base, "grep"), "pattern", "secret", "path", "../outside").output())
        .contains("outside baseDir");
    assertThat(run(confined(base, "glob"), "pattern", "*", "path", "..").output())
        .contains("outside baseDir");
    assertThat(
            run(
                    confined(base, "apply_patch"),
                    "patchText",
                    "*** Begin Patch\n*** Add File: ../outside/planted.txt\n+x\n*** End Patch")
                .output())
        .contains("outside baseDir");
    assertThat(outside.resolve("planted.txt")).doesNotExist();
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void bashWorkdirIsConfinedToo() {
    assertThat(run(confined(base, "bash"), "command", "pwd", "workdir", "..").output())
        .startsWith("bash: path \"..\" resolves to ")
        .contains("outside baseDir");
  }

  @Test
  void relativePathsInsideAPatchResolveAgainstBaseDir() throws Exception {
    ToolResult r =
        run(
            B.tool(base, "apply_patch"),
            "patchText",
            "*** Begin Patch\n*** Add File: pkg/new.txt\n+hello\n*** End Patch");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(base.resolve("pkg/new.txt")).hasContent("hello");
  }
}
