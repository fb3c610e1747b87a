package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriteEditToolTest {
  @TempDir Path dir;

  private Tool tool(String name) {
    return B.tool(dir, name);
  }

  @Test
  void writeCreatesParentDirectoriesAndReportsTheByteCount() throws Exception {
    ToolResult r = run(tool("write"), "path", "a/b/c.txt", "content", "héllo");
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("Wrote 6 bytes to a/b/c.txt");
    assertThat(r.metadata()).containsEntry("bytes", 6);
    assertThat(Files.readString(dir.resolve("a/b/c.txt"))).isEqualTo("héllo");
  }

  @Test
  void writeOverwritesAnExistingFile() throws Exception {
    Files.writeString(dir.resolve("f.txt"), "old content");
    run(tool("write"), "path", "f.txt", "content", "new");
    assertThat(Files.readString(dir.resolve("f.txt"))).isEqualTo("new");
  }

  @Test
  void writeOntoADirectoryIsAnError() throws Exception {
    Files.createDirectory(dir.resolve("d"));
    assertThat(run(tool("write"), "path", "d", "content", "x").output())
        .isEqualTo("write: d is a directory, not a file");
  }

  @Test
  void editReplacesTheSingleOccurrence() throws Exception {
    Files.writeString(dir.resolve("f.txt"), "alpha beta gamma");
    ToolResult r = run(tool("edit"), "path", "f.txt", "oldString", "beta", "newString", "BETA");
    assertThat(r.output()).isEqualTo("Edited f.txt (1 replacement)");
    assertThat(Files.readString(dir.resolve("f.txt"))).isEqualTo("alpha BETA gamma");
  }

  @Test
  void editRefusesANonUniqueOldStringAndLeavesTheFile() throws Exception {
    Files.writeString(dir.resolve("f.txt"), "x = 1\nx = 1\n");
    ToolResult r = run(tool("edit"), "path", "f.txt", "oldString", "x = 1", "newString", "x = 2");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "edit: oldString is not unique in f.txt (2 occurrences); include more surrounding"
                + " context or use replaceAll");
    assertThat(Files.readString(dir.resolve("f.txt"))).isEqualTo("x = 1\nx = 1\n");
  }

  @Test
  void editReplaceAllReplacesEveryOccurrence() throws Exception {
    Files.writeString(dir.resolve("f.txt"), "a-a-a");
    ToolResult r =
        run(tool("edit"), "path", "f.txt", "oldString", "a", "newString", "b", "replaceAll", true);
    assertThat(r.output()).isEqualTo("Edited f.txt (3 replacements)");
    assertThat(Files.readString(dir.resolve("f.txt"))).isEqualTo("b-b-b");
  }

  @Test
  void editOfAnAbsentOldStringIsAnError() throws Exception {
    Files.writeString(dir.resolve("f.txt"), "abc");
    assertThat(run(tool("edit"), "path", "f.txt", "oldString", "zzz", "newString", "y").output())
        .isEqualTo(
            "edit: oldString not found in f.txt; it must match the file exactly, including"
                + " whitespace and indentation");
  }

  @Test
  void editOfAMissingFileIsAnError() {
    assertThat(run(tool("edit"), "path", "no.txt", "oldString", "a", "newString", "b").output())
        .isEqualTo("edit: file not found: no.txt");
  }

  @Test
  void editOnACrlfFileMatchesLfInTheArgumentsAndKeepsCrlf() throws Exception {
    Files.writeString(dir.resolve("win.txt"), "first\r\nsecond\r\nthird\r\n");
    ToolResult r =
        run(
            tool("edit"),
            "path",
            "win.txt",
            "oldString",
            "first\nsecond",
            "newString",
            "first\ninserted\nsecond");
    assertThat(r.isError()).isFalse();
    assertThat(Files.readString(dir.resolve("win.txt")))
        .isEqualTo("first\r\ninserted\r\nsecond\r\nthird\r\n");
  }

  @Test
  void editWithIdenticalStringsIsAnError() throws Exception {
    Files.writeString(dir.resolve("f.txt"), "abc");
    assertThat(run(tool("edit"), "path", "f.txt", "oldString", "b", "newString", "b").output())
        .isEqualTo("edit: oldString and newString are identical; nothing to change");
  }
}
