package dev.toolnexus.skills;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SPEC §3 discovery order: roots as given, then depth, then code point; first name wins. */
class DiscoveryOrderTest {
  @TempDir Path root;

  @Test
  void topLevelSkillBeatsANestedCopyWhoseDirectorySortsFirst() {
    Fixtures.skill(root, "xlsx", "xlsx", "top level");
    Fixtures.skill(root, "synced/6636f00d-2c1e-4b8a-9a0e-6f3f1c2d9e71/xlsx", "xlsx", "nested");

    SkillInventory inventory = SkillSource.listSkills(root);

    assertThat(inventory.skills()).extracting(SkillInfo::description).containsExactly("top level");
    assertThat(inventory.skipped())
        .extracting(SkillSkip::location, SkillSkip::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                root.resolve("synced/6636f00d-2c1e-4b8a-9a0e-6f3f1c2d9e71/xlsx/SKILL.md")
                    .toString(),
                SkipReason.DUPLICATE_NAME));
  }

  @Test
  void theXlsxFixtureSeparatesDepthFirstFromAPureCodePointSort() {
    String shallow = "xlsx/SKILL.md";
    String nested = "synced/6636f00d-2c1e-4b8a-9a0e-6f3f1c2d9e71/xlsx/SKILL.md";

    assertThat(CodePointOrder.DISCOVERY.compare(shallow, nested)).isNegative();
    assertThat(CodePointOrder.CODE_POINTS.compare(shallow, nested)).isPositive();
  }

  @Test
  void withinADepthCodePointOrderPutsTheBmpCharacterBeforeTheAstralOne() {
    String bmp = "\uFF21"; // FULLWIDTH LATIN CAPITAL LETTER A, U+FF21
    String astral = "\uD83D\uDE00"; // GRINNING FACE, U+1F600
    assertThat(CodePointOrder.compare(bmp + "/SKILL.md", astral + "/SKILL.md")).isNegative();
    // The trap SPEC names: UTF-16 code-unit order says the opposite.
    assertThat((bmp + "/SKILL.md").compareTo(astral + "/SKILL.md")).isPositive();
  }

  @Test
  void astralAndBmpDirectoriesWithTheSameSkillNameKeepTheBmpOne() {
    assumeTrue(
        "UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding")),
        "file names need a UTF-8 file-name encoding");
    Fixtures.skill(root, "\uD83D\uDE00", "same", "astral");
    Fixtures.skill(root, "\uFF21", "same", "bmp");

    SkillInventory inventory = SkillSource.listSkills(root);

    assertThat(inventory.skills()).extracting(SkillInfo::description).containsExactly("bmp");
    assertThat(inventory.skipped())
        .extracting(SkillSkip::location)
        .containsExactly(root.resolve("\uD83D\uDE00/SKILL.md").toString());
  }

  @Test
  void inventoryListsSkillsByDepthThenCodePointOverTheWholeRelativePath() {
    Fixtures.skill(root, "b", "b", "d");
    Fixtures.skill(root, "a/nested", "deep", "d");
    Fixtures.skill(root, "a", "a", "d");
    Fixtures.skill(root, "a-z", "a-z", "d");
    Fixtures.write(root, "SKILL.md", "---\nname: top\n---\n");

    assertThat(SkillSource.listSkills(root).skills())
        .extracting(SkillInfo::name)
        // "a-z/SKILL.md" sorts before "a/SKILL.md": '-' (U+002D) precedes '/' (U+002F).
        .containsExactly("top", "a-z", "a", "b", "deep");
  }

  @Test
  void rootsAreSearchedWhollyInTheOrderGiven(@TempDir Path second) {
    Fixtures.skill(root, "very/deep/down/x", "x", "from the first root");
    Fixtures.skill(second, "x", "x", "from the second root");

    SkillSource source = SkillSource.load(root, second);

    assertThat(source.get("x").orElseThrow().description()).isEqualTo("from the first root");
    assertThat(source.skipped())
        .extracting(SkillSkip::reason)
        .containsExactly(SkipReason.DUPLICATE_NAME);
  }

  @Test
  void aDuplicateNameIsWarnedAboutAndTheFirstKept() {
    Fixtures.skill(root, "one", "dup", "first");
    Fixtures.skill(root, "two", "dup", "second");
    List<String> warnings = Fixtures.warnings();

    SkillSource source = Fixtures.load(SkillsOptions.builder().root(root), warnings);

    assertThat(source.get("dup").orElseThrow().description()).isEqualTo("first");
    assertThat(warnings)
        .containsExactly(
            "skipped skill "
                + root.resolve("two/SKILL.md")
                + ": duplicate-name (name \"dup\" already loaded from "
                + root.resolve("one/SKILL.md")
                + ")");
  }

  @Test
  void symlinkedDirectoriesAreFollowedAndSortUnderTheirDiscoveredPath(@TempDir Path outside) {
    Fixtures.skill(outside, "zzz", "shared", "through the link");
    Fixtures.skill(root, "b", "shared", "plain directory");
    Fixtures.symlink(root.resolve("a"), outside.resolve("zzz"));

    SkillSource source = SkillSource.load(root);

    SkillInfo info = source.get("shared").orElseThrow();
    assertThat(info.description()).isEqualTo("through the link");
    assertThat(info.location()).isEqualTo(root.resolve("a/SKILL.md").toString());
  }

  @Test
  void aSymlinkedSkillFileIsFollowed(@TempDir Path outside) {
    Path real = Fixtures.write(outside, "real.md", "---\nname: linked\ndescription: d\n---\nhi\n");
    Fixtures.symlink(root.resolve("s/SKILL.md"), real);

    SkillInfo info = SkillSource.load(root).get("linked").orElseThrow();

    assertThat(info.location()).isEqualTo(root.resolve("s/SKILL.md").toString());
    assertThat(info.content()).isEqualTo("hi\n");
  }

  @Test
  void aSymlinkCycleIsWalkedOnceAndEnds() {
    Fixtures.skill(root, "a", "a", "d");
    Fixtures.symlink(root.resolve("a/loop"), root);
    Fixtures.symlink(root.resolve("a/self"), root.resolve("a"));

    SkillInventory inventory = SkillSource.listSkills(root);

    assertThat(inventory.skills()).extracting(SkillInfo::name).containsExactly("a");
    assertThat(inventory.skipped()).isEmpty();
  }

  @Test
  void twoLinksToOneDirectoryKeepTheCodePointFirstPath(@TempDir Path outside) {
    Fixtures.skill(outside, "target", "t", "d");
    Fixtures.symlink(root.resolve("m-link"), outside.resolve("target"));
    Fixtures.symlink(root.resolve("k-link"), outside.resolve("target"));

    SkillInventory inventory = SkillSource.listSkills(root);

    assertThat(inventory.skills())
        .extracting(SkillInfo::location)
        .containsExactly(root.resolve("k-link/SKILL.md").toString());
    assertThat(inventory.skipped()).isEmpty();
  }

  @Test
  void nodeModulesAndGitDirectoriesAreNotSearched() {
    Fixtures.skill(root, "node_modules/pkg", "from-node-modules", "d");
    Fixtures.skill(root, ".git/x", "from-git", "d");
    Fixtures.skill(root, "real", "real", "d");

    assertThat(SkillSource.listSkills(root).skills())
        .extracting(SkillInfo::name)
        .containsExactly("real");
  }

  @Test
  void aMissingRootIsWarnedAboutAndYieldsNoSkills() {
    Path missing = root.resolve("nope");
    List<String> warnings = Fixtures.warnings();

    SkillSource source = Fixtures.load(SkillsOptions.builder().root(missing), warnings);

    assertThat(source.skills()).isEmpty();
    assertThat(source.skipped()).isEmpty();
    assertThat(warnings).containsExactly("skills folder not found: " + missing);
    assertThat(source.tools()).extracting(t -> t.name()).containsExactly("skill");
    assertThat(source.skillsPrompt()).isEqualTo("No skills are currently available.");
  }

  @Test
  void aRelativeRootYieldsAbsoluteLocations() {
    Path relative = Path.of("").toAbsolutePath().relativize(root);
    Fixtures.skill(root, "r", "r", "d");

    SkillInfo info = SkillSource.load(relative).get("r").orElseThrow();

    assertThat(Path.of(info.location())).isAbsolute();
    assertThat(info.location()).isEqualTo(root.resolve("r/SKILL.md").toString());
  }
}
