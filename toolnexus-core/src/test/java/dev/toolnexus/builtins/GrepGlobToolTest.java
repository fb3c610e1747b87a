package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class GrepGlobToolTest {
  @TempDir Path dir;

  @BeforeEach
  void tree() throws Exception {
    Files.createDirectories(dir.resolve("src/b"));
    Files.createDirectories(dir.resolve(".git"));
    Files.createDirectories(dir.resolve("node_modules/x"));
    Files.writeString(dir.resolve("src/b/z.java"), "class Z { // needle\n}\n");
    Files.writeString(dir.resolve("src/a.java"), "needle one\nnothing\r\nneedle two\r\n");
    Files.writeString(dir.resolve("top.txt"), "a needle here\n");
    Files.writeString(dir.resolve("Upper.txt"), "needle\n");
    Files.writeString(dir.resolve(".git/config"), "needle in git\n");
    Files.writeString(dir.resolve("node_modules/x/i.js"), "needle in deps\n");
    Files.write(dir.resolve("image.dat"), new byte[] {'n', 'e', 'e', 'd', 'l', 'e', 0, 1, 2});
    Files.write(dir.resolve("latin1.txt"), new byte[] {'n', 'e', 'e', 'd', 'l', 'e', (byte) 0xE9});
  }

  private Tool tool(String name) {
    return B.tool(dir, name);
  }

  @Test
  void grepListsSortedRelativeMatchesSkippingGitDepsAndBinaryFiles() {
    ToolResult r = run(tool("grep"), "pattern", "needle");
    assertThat(r.isError()).isFalse();
    assertThat(r.output())
        .isEqualTo(
            "Upper.txt:1:needle\n"
                + "src/a.java:1:needle one\n"
                + "src/a.java:3:needle two\n"
                + "src/b/z.java:1:class Z { // needle\n"
                + "top.txt:1:a needle here");
    assertThat(r.metadata()).containsEntry("count", 5).containsEntry("skippedBinary", 2);
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void grepSurvivesASymlinkLoopAndDoesNotFollowLinks() throws Exception {
    Files.createSymbolicLink(dir.resolve("src/b/loop"), dir.resolve("src"));
    Files.createSymbolicLink(dir.resolve("self"), dir.resolve("self"));
    ToolResult r = run(tool("grep"), "pattern", "needle", "path", "src");
    assertThat(r.output())
        .isEqualTo("a.java:1:needle one\na.java:3:needle two\nb/z.java:1:class Z { // needle");
  }

  @Test
  void grepIncludeFiltersByFileName() {
    assertThat(run(tool("grep"), "pattern", "needle", "include", "*.java").output())
        .isEqualTo(
            "src/a.java:1:needle one\nsrc/a.java:3:needle two\nsrc/b/z.java:1:class Z { // needle");
  }

  @Test
  void grepLimitTruncatesAfterSortingAndSaysHowManyWereFound() {
    ToolResult r = run(tool("grep"), "pattern", "needle", "limit", 2);
    assertThat(r.output())
        .isEqualTo(
            "Upper.txt:1:needle\nsrc/a.java:1:needle one\n\n"
                + "[grep: 2 of 5 matches shown; narrow the pattern or path, or raise limit]");
    assertThat(r.metadata()).containsEntry("total", 5).containsEntry("truncated", true);
  }

  @Test
  void grepInvalidRegexNamesTheProblemAndItsPosition() {
    ToolResult r = run(tool("grep"), "pattern", "ab(c");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("grep: invalid regex \"ab(c\": Unclosed group at index 4");
  }

  @Test
  void grepOfAMissingPathIsAnError() {
    assertThat(run(tool("grep"), "pattern", "x", "path", "nowhere").output())
        .isEqualTo("grep: path not found: nowhere");
  }

  @Test
  void globMatchesFileNamesAnywhereWhenThePatternHasNoSlash() {
    assertThat(run(tool("glob"), "pattern", "*.java").output())
        .isEqualTo("src/a.java\nsrc/b/z.java");
  }

  @Test
  void globDoubleStarAlsoMatchesZeroDirectories() throws Exception {
    Files.writeString(dir.resolve("root.java"), "");
    assertThat(run(tool("glob"), "pattern", "**/*.java").output())
        .isEqualTo("root.java\nsrc/a.java\nsrc/b/z.java");
    assertThat(run(tool("glob"), "pattern", "src/**/*.java").output())
        .isEqualTo("src/a.java\nsrc/b/z.java");
  }

  @Test
  void globSortsByCodePointAndTruncatesLast() {
    ToolResult r = run(tool("glob"), "pattern", "*", "limit", 3);
    assertThat(r.output())
        .isEqualTo(
            "Upper.txt\nimage.dat\nlatin1.txt\n\n"
                + "[glob: 3 of 6 files shown; narrow the pattern or path, or raise limit]");
  }

  @Test
  void globWithAMalformedPatternIsAnError() {
    assertThat(run(tool("glob"), "pattern", "[a").output())
        .startsWith("glob: invalid glob \"[a\": ");
  }

  @Test
  void supplementaryCharactersSortByCodePointNotByUtf16Unit() throws Exception {
    Path d = Files.createDirectory(dir.resolve("cp"));
    Files.writeString(d.resolve("\uFF5E.txt"), ""); // U+FF5E, one UTF-16 unit above the surrogates
    Files.writeString(d.resolve("\uD83D\uDE00.txt"), ""); // U+1F600, a surrogate pair
    assertThat(run(tool("glob"), "pattern", "*.txt", "path", "cp").output())
        .isEqualTo("\uFF5E.txt\n\uD83D\uDE00.txt");
  }
}
