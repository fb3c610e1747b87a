package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApplyPatchToolTest {
  @TempDir Path dir;

  private ToolResult apply(String... lines) {
    Tool t = B.tool(dir, "apply_patch");
    return run(t, "patchText", String.join("\n", lines));
  }

  private String read(String name) throws Exception {
    return Files.readString(dir.resolve(name));
  }

  @Test
  void addUpdateAndDeleteInOnePatch() throws Exception {
    Files.writeString(dir.resolve("keep.txt"), "alpha\nbeta\ngamma\n");
    Files.writeString(dir.resolve("old.txt"), "bye\n");
    ToolResult r =
        apply(
            "*** Begin Patch",
            "*** Add File: pkg/new.txt",
            "+hello",
            "+world",
            "*** Update File: keep.txt",
            "@@",
            " alpha",
            "-beta",
            "+BETA",
            " gamma",
            "*** Delete File: old.txt",
            "*** End Patch");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(r.output()).isEqualTo("Applied patch: 3 file operations");
    assertThat(r.metadata())
        .containsEntry("added", 1)
        .containsEntry("updated", 1)
        .containsEntry("deleted", 1);
    assertThat(read("pkg/new.txt")).isEqualTo("hello\nworld\n");
    assertThat(read("keep.txt")).isEqualTo("alpha\nBETA\ngamma\n");
    assertThat(dir.resolve("old.txt")).doesNotExist();
  }

  @Test
  void anchorsPickTheOccurrenceAfterThem() throws Exception {
    Files.writeString(
        dir.resolve("A.java"),
        "class A {\n  void a() {\n    return;\n  }\n  void b() {\n    return;\n  }\n}\n");
    ToolResult r =
        apply(
            "*** Begin Patch",
            "*** Update File: A.java",
            "@@ void b() {",
            "-    return;",
            "+    return; // b",
            "*** End Patch");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(read("A.java"))
        .isEqualTo(
            "class A {\n  void a() {\n    return;\n  }\n  void b() {\n    return; // b\n  }\n}\n");
  }

  @Test
  void moveToRenamesTheUpdatedFile() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "x\n");
    ToolResult r =
        apply(
            "*** Begin Patch",
            "*** Update File: a.txt",
            "*** Move to: moved/b.txt",
            "@@",
            "-x",
            "+y",
            "*** End Patch");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(dir.resolve("a.txt")).doesNotExist();
    assertThat(read("moved/b.txt")).isEqualTo("y\n");
  }

  @Test
  void aFailingHunkInTheSecondFileLeavesTheFirstUnchanged() throws Exception {
    Files.writeString(dir.resolve("first.txt"), "one\ntwo\n");
    Files.writeString(dir.resolve("second.txt"), "three\nfour\n");
    ToolResult r =
        apply(
            "*** Begin Patch",
            "*** Update File: first.txt",
            "@@",
            "-one",
            "+ONE",
            "*** Add File: third.txt",
            "+new",
            "*** Update File: second.txt",
            "@@",
            " three",
            "-five",
            "+FIVE",
            "*** End Patch");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "apply_patch: second.txt: hunk 1 does not match the file; expected these lines:\n"
                + "three\nfive (no file was changed)");
    assertThat(read("first.txt")).isEqualTo("one\ntwo\n");
    assertThat(read("second.txt")).isEqualTo("three\nfour\n");
    assertThat(dir.resolve("third.txt")).doesNotExist();
  }

  @Test
  void theFailingHunkIsNamedByNumberAndAnchor() throws Exception {
    Files.writeString(dir.resolve("f.txt"), "a\nb\nc\n");
    ToolResult r =
        apply(
            "*** Begin Patch",
            "*** Update File: f.txt",
            "@@",
            "-a",
            "+A",
            "@@ c",
            "-d",
            "+D",
            "*** End Patch");
    assertThat(r.output())
        .isEqualTo(
            "apply_patch: f.txt: hunk 2 (@@ c) does not match the file; expected these lines"
                + " after line 3:\nd (no file was changed)");
    assertThat(read("f.txt")).isEqualTo("a\nb\nc\n");
  }

  @Test
  void updatingACrlfFileKeepsCrlf() throws Exception {
    Files.writeString(dir.resolve("w.txt"), "one\r\ntwo\r\nthree\r\n");
    ToolResult r =
        apply(
            "*** Begin Patch",
            "*** Update File: w.txt",
            "@@",
            " one",
            "-two",
            "+TWO",
            "*** End Patch");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(read("w.txt")).isEqualTo("one\r\nTWO\r\nthree\r\n");
  }

  @Test
  void addingAnExistingFileIsRefused() throws Exception {
    Files.writeString(dir.resolve("x.txt"), "keep");
    ToolResult r = apply("*** Begin Patch", "*** Add File: x.txt", "+other", "*** End Patch");
    assertThat(r.output())
        .isEqualTo("apply_patch: x.txt: cannot add, the file already exists (no file was changed)");
    assertThat(read("x.txt")).isEqualTo("keep");
  }

  @Test
  void deletingAMissingFileIsRefused() {
    assertThat(apply("*** Begin Patch", "*** Delete File: gone.txt", "*** End Patch").output())
        .isEqualTo("apply_patch: gone.txt: cannot delete, file not found (no file was changed)");
  }

  @Test
  void aPatchWithoutBeginIsInvalid() {
    assertThat(apply("*** Add File: a", "+x", "*** End Patch").output())
        .isEqualTo("apply_patch: invalid patch: the patch must start with \"*** Begin Patch\"");
  }

  @Test
  void aPatchWithoutEndIsInvalid() {
    assertThat(apply("*** Begin Patch", "*** Add File: a", "+x").output())
        .isEqualTo("apply_patch: invalid patch: the patch must end with \"*** End Patch\"");
  }

  @Test
  void anUnknownOperationNamesItsLine() {
    assertThat(apply("*** Begin Patch", "*** Rename File: a", "*** End Patch").output())
        .isEqualTo(
            "apply_patch: invalid patch: line 2: expected \"*** Add File:\", \"*** Update File:\","
                + " \"*** Delete File:\" or \"*** End Patch\", got: *** Rename File: a");
  }

  @Test
  void anInsertionWithEndOfFileAppends() throws Exception {
    Files.writeString(dir.resolve("log.txt"), "a\n");
    ToolResult r =
        apply(
            "*** Begin Patch",
            "*** Update File: log.txt",
            "@@",
            "+b",
            "*** End of File",
            "*** End Patch");
    assertThat(r.isError()).as(r.output()).isFalse();
    assertThat(read("log.txt")).isEqualTo("a\nb\n");
  }
}
