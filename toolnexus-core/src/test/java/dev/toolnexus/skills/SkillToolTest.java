package dev.toolnexus.skills;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code skill} tool's block: sampling is collect, sort by relative path, then truncate. */
class SkillToolTest {
  @TempDir Path root;

  private static String block(Path dir, String name, String body, List<String> files) {
    StringBuilder s =
        new StringBuilder()
            .append("<skill_content name=\"")
            .append(name)
            .append("\">\n# Skill: ")
            .append(name)
            .append("\n\n")
            .append(body)
            .append("\n\nBase directory for this skill: file://")
            .append(dir)
            .append(
                "\nRelative paths in this skill (e.g., scripts/, reference/) are relative to this"
                    + " base directory.\nNote: file list is sampled.\n\n<skill_files>\n");
    List<String> lines = files.stream().map(f -> "<file>" + dir.resolve(f) + "</file>").toList();
    return s.append(String.join("\n", lines))
        .append("\n</skill_files>\n</skill_content>")
        .toString();
  }

  private List<String> sampled(SkillSource source, String name) {
    String out = Fixtures.run(source, name).output();
    return out.lines()
        .filter(l -> l.startsWith("<file>"))
        .map(l -> l.substring(6, l.length() - 7))
        .toList();
  }

  @Test
  void filesSortFlatByRelativePathNotPerDirectoryNorByDepth() {
    Path dir = root.resolve("s");
    Fixtures.skill(root, "s", "s", "d");
    Fixtures.write(dir, "z-root.txt", "");
    Fixtures.write(dir, "alpha/f.txt", "");
    Fixtures.write(dir, "alpha-b.txt", "");
    Fixtures.write(dir, "a-root.txt", "");

    assertThat(sampled(SkillSource.load(root), "s"))
        .containsExactly(
            dir.resolve("a-root.txt").toString(),
            dir.resolve("alpha-b.txt").toString(),
            dir.resolve("alpha/f.txt").toString(),
            dir.resolve("z-root.txt").toString());
  }

  @Test
  void theSampleIsTheFirstTenOfTheWholeSortedSet() {
    Path dir = root.resolve("s");
    Fixtures.skill(root, "s", "s", "d");
    for (int i = 0; i < 12; i++) {
      Fixtures.write(dir, String.format("f%02d.txt", i), "");
    }
    Fixtures.write(dir, "a/deep/first.txt", "");

    List<String> files = sampled(SkillSource.load(root), "s");

    assertThat(files).hasSize(10);
    assertThat(files.get(0)).isEqualTo(dir.resolve("a/deep/first.txt").toString());
    assertThat(files.get(9)).isEqualTo(dir.resolve("f08.txt").toString());
  }

  @Test
  void theWholeBlockIsExactAndExcludesSkillMdFilesAndNodeModules() {
    Path dir = root.resolve("s");
    Fixtures.write(dir, "SKILL.md", "---\nname: s\n---\n\n  Do the thing.  \n\n");
    Fixtures.write(dir, "scripts/run.sh", "echo hi");
    Fixtures.skill(dir, "nested", "nested", "d");
    Fixtures.write(dir, "node_modules/x/index.js", "");

    ToolResult r = Fixtures.run(SkillSource.load(root), "s");

    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo(block(dir, "s", "Do the thing.", List.of("scripts/run.sh")));
  }

  @Test
  void aSkillWithNoOtherFilesKeepsAnEmptyLineInItsFileList() {
    Path dir = root.resolve("alone");
    Fixtures.skill(root, "alone", "alone", "d");

    assertThat(Fixtures.run(SkillSource.load(root), "alone").output())
        .isEqualTo(block(dir, "alone", "Body of alone", List.of()))
        .contains("<skill_files>\n\n</skill_files>");
  }

  @Test
  void sampleLimitCapsTheList() {
    Fixtures.skill(root, "s", "s", "d");
    for (String f : List.of("c.txt", "a.txt", "b.txt", "d.txt")) {
      Fixtures.write(root.resolve("s"), f, "");
    }

    SkillSource source =
        SkillSource.load(SkillsOptions.builder().root(root).sampleLimit(2).build());

    assertThat(sampled(source, "s"))
        .containsExactly(root.resolve("s/a.txt").toString(), root.resolve("s/b.txt").toString());
  }

  @Test
  void sampleLimitMinusOneOmitsTheFileListAndItsNote() {
    Path dir = root.resolve("s");
    Fixtures.skill(root, "s", "s", "d");
    Fixtures.write(dir, "a.txt", "");

    SkillSource source =
        SkillSource.load(SkillsOptions.builder().root(root).sampleLimit(-1).build());

    assertThat(Fixtures.run(source, "s").output())
        .isEqualTo(
            "<skill_content name=\"s\">\n# Skill: s\n\nBody of s\n\nBase directory for this skill:"
                + " file://"
                + dir
                + "\nRelative paths in this skill (e.g., scripts/, reference/) are relative to"
                + " this base directory.\n</skill_content>");
  }

  @Test
  void sampleLimitZeroMeansTen() {
    Fixtures.skill(root, "s", "s", "d");
    for (int i = 0; i < 11; i++) {
      Fixtures.write(root.resolve("s"), "f" + i, "");
    }
    SkillSource source =
        SkillSource.load(SkillsOptions.builder().root(root).sampleLimit(0).build());

    assertThat(sampled(source, "s")).hasSize(10);
  }

  @Test
  void aSymlinkCycleInsideASkillIsListedOnce() {
    Path dir = root.resolve("s");
    Fixtures.skill(root, "s", "s", "d");
    Fixtures.write(dir, "scripts/run.sh", "");
    Fixtures.symlink(dir.resolve("scripts/up"), dir);

    assertThat(sampled(SkillSource.load(root), "s"))
        .containsExactly(dir.resolve("scripts/run.sh").toString());
  }

  @Test
  void symlinkedFilesAreListedUnderTheirLinkPath(@TempDir Path outside) {
    Path dir = root.resolve("s");
    Fixtures.skill(root, "s", "s", "d");
    Path target = Fixtures.write(outside, "real.txt", "");
    Fixtures.symlink(dir.resolve("ref/link.txt"), target);

    assertThat(sampled(SkillSource.load(root), "s"))
        .containsExactly(dir.resolve("ref/link.txt").toString());
  }

  @Test
  void theBaseUrlPercentEncodesLikeTheReferencePort() {
    Fixtures.skill(root, "my skill #1 é", "enc", "d");

    String out = Fixtures.run(SkillSource.load(root), "enc").output();

    assertThat(out)
        .contains(
            "Base directory for this skill: file://" + root + "/my%20skill%20%231%20%C3%A9\n");
  }

  @Test
  void anUnknownNameIsAnErrorListingAvailableSkillsInCodePointOrder() {
    Fixtures.skill(root, "b", "beta", "d");
    Fixtures.skill(root, "a", "\uD83D\uDE00-astral", "d");
    Fixtures.skill(root, "c", "\uFF21-bmp", "d");
    Fixtures.write(root, "n/SKILL.md", "---\nname: alpha\n---\nno description\n");

    ToolResult r = Fixtures.run(SkillSource.load(root), "nope");

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "Skill \"nope\" not found. Available: alpha, beta, \uFF21-bmp, \uD83D\uDE00-astral");
  }

  @Test
  void anUnknownNameWithNoSkillsSaysNone() {
    ToolResult r = Fixtures.run(SkillSource.load(root), "x");

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("Skill \"x\" not found. Available: none");
  }
}
