package dev.toolnexus.skills;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SPEC §3 host-facing extensions S1–S5 and the toolkit's skill options. */
class ExtensionsTest {
  private static final Path CONFORMANCE_SKILLS = Fixtures.conformance().resolve("skills");
  private static final String RELATIVE_NOTE =
      "Relative paths in this skill (e.g., scripts/, reference/) are relative to this base"
          + " directory.\n";

  @TempDir Path root;

  private void abc() {
    Fixtures.skill(root, "a", "a", "A");
    Fixtures.skill(root, "b", "b", "B");
    Fixtures.skill(root, "c", "c", "C");
  }

  private List<String> exposed(SkillsOptions.Builder options, List<String> warnings) {
    return Fixtures.load(options.root(root), warnings).skills().stream()
        .map(SkillInfo::name)
        .toList();
  }

  // S1 + S4: skills as data, with a logical base.

  @Test
  void anInstructionOnlyDataSkillHasALogicalBaseAndNoFileList() {
    SkillSource source =
        SkillSource.load(
            SkillsOptions.builder()
                .skill(SkillDef.of("leave", "Leave policy", "\n Body \n"))
                .build());

    ToolResult r = Fixtures.run(source, "leave");

    assertThat(r.output())
        .isEqualTo(
            "<skill_content name=\"leave\">\n# Skill: leave\n\nBody\n\n"
                + "Base directory for this skill: skill://leave/\n"
                + RELATIVE_NOTE
                + "</skill_content>");
    assertThat(r.metadata()).containsEntry("dir", "skill://leave/");
    assertThat(source.skillsPrompt()).endsWith("## Available Skills\n- **leave**: Leave policy");
  }

  @Test
  void aDataSkillListsItsResourcesUnderItsOwnBase() {
    SkillDef def =
        SkillDef.of("pdf", "PDF tools", "Use the scripts.")
            .withResources(List.of("scripts/fill.py", "reference/forms.md"))
            .withBase("https://skills.example/pdf/");

    ToolResult r =
        Fixtures.run(SkillSource.load(SkillsOptions.builder().skill(def).build()), "pdf");

    assertThat(r.output())
        .isEqualTo(
            "<skill_content name=\"pdf\">\n# Skill: pdf\n\nUse the scripts.\n\n"
                + "Base directory for this skill: https://skills.example/pdf/\n"
                + RELATIVE_NOTE
                + "Note: file list is sampled.\n\n<skill_files>\n"
                + "<file>scripts/fill.py</file>\n<file>reference/forms.md</file>\n"
                + "</skill_files>\n</skill_content>");
  }

  @Test
  void dataResourcesFollowTheSampleLimit() {
    SkillDef def = SkillDef.of("r", "d", "b").withResources(List.of("x", "y", "z"));

    String capped =
        Fixtures.run(
                SkillSource.load(SkillsOptions.builder().skill(def).sampleLimit(1).build()), "r")
            .output();
    String omitted =
        Fixtures.run(
                SkillSource.load(SkillsOptions.builder().skill(def).sampleLimit(-1).build()), "r")
            .output();

    assertThat(capped).contains("<skill_files>\n<file>x</file>\n</skill_files>");
    assertThat(omitted).doesNotContain("skill_files").doesNotContain("Note: file list");
  }

  @Test
  void directorySkillsWinOverDataSkillsOfTheSameName() {
    SkillSource source =
        SkillSource.load(
            SkillsOptions.builder()
                .root(CONFORMANCE_SKILLS)
                .skill(SkillDef.of("hello-world", "data copy", "ignored"))
                .build());

    assertThat(source.get("hello-world").orElseThrow().origin())
        .isEqualTo(SkillInfo.Origin.DIRECTORY);
    assertThat(source.skipped())
        .extracting(SkillSkip::location, SkillSkip::reason)
        .containsExactly(tuple("skill://hello-world/", SkipReason.DUPLICATE_NAME));
  }

  @Test
  void aDataSkillWithoutANameIsAMissingNameSkip() {
    SkillInventory inventory =
        SkillSource.listSkills(SkillsOptions.builder().skill(SkillDef.of(" ", "d", "c")).build());

    assertThat(inventory.skipped())
        .extracting(SkillSkip::location, SkillSkip::reason, SkillSkip::detail)
        .containsExactly(tuple("skill://", SkipReason.MISSING_NAME, "data skill #1 has no name"));
  }

  @Test
  void aProviderIsCalledOnceAndItsSkillsComposeAfterDataSkills() {
    AtomicInteger calls = new AtomicInteger();
    SkillProvider provider =
        () -> {
          calls.incrementAndGet();
          return List.of(SkillDef.of("p1", "one", "1"), SkillDef.of("shared", "provider", "2"));
        };

    SkillSource source =
        SkillSource.load(
            SkillsOptions.builder()
                .provider(provider)
                .skill(SkillDef.of("shared", "data", "3"))
                .build());
    Fixtures.run(source, "p1");
    source.skillsPrompt();

    assertThat(calls.get()).isEqualTo(1);
    assertThat(source.skills()).extracting(SkillInfo::name).containsExactly("shared", "p1");
    assertThat(source.get("shared").orElseThrow().description()).isEqualTo("data");
  }

  @Test
  void aFailingProviderIsIsolatedAndReported() {
    List<String> warnings = Fixtures.warnings();
    SkillSource source =
        Fixtures.load(
            SkillsOptions.builder()
                .root(CONFORMANCE_SKILLS)
                .provider(
                    () -> {
                      throw new IllegalStateException("database is down");
                    })
                .provider(() -> List.of(SkillDef.of("ok", "fine", "x"))),
            warnings);

    assertThat(source.skills()).extracting(SkillInfo::name).containsExactly("hello-world", "ok");
    assertThat(source.skipped())
        .extracting(SkillSkip::location, SkillSkip::reason, SkillSkip::detail)
        .containsExactly(
            tuple("skill provider #1", SkipReason.UNREADABLE, "failed: database is down"));
    assertThat(warnings)
        .containsExactly("skipped skill skill provider #1: unreadable (failed: database is down)");
  }

  // S2: the allowlist.

  @Test
  void trueEntriesMakeAnAllowlist() {
    abc();
    SkillSource source =
        SkillSource.load(
            SkillsOptions.builder().root(root).filter(Map.of("a", true, "b", true)).build());

    assertThat(source.skills()).extracting(SkillInfo::name).containsExactly("a", "b");
    assertThat(Fixtures.run(source, "c").output())
        .isEqualTo("Skill \"c\" not found. Available: a, b");
    assertThat(source.skillsPrompt()).doesNotContain("**c**");
  }

  @Test
  void onlyFalseEntriesMakeADropList() {
    abc();
    assertThat(exposed(SkillsOptions.builder().filter(Map.of("c", false)), Fixtures.warnings()))
        .containsExactly("a", "b");
  }

  @Test
  void aMixedFilterIsAnAllowlist() {
    abc();
    assertThat(
            exposed(
                SkillsOptions.builder().filter(Map.of("a", true, "b", false)), Fixtures.warnings()))
        .containsExactly("a");
  }

  @Test
  void unknownFilterNamesAreIgnoredAndWarnedOnce() {
    abc();
    List<String> warnings = Fixtures.warnings();

    List<String> names =
        exposed(SkillsOptions.builder().filter(Map.of("a", true, "nope", true)), warnings);

    assertThat(names).containsExactly("a");
    assertThat(warnings).containsExactly("skill filter name \"nope\" matched no skill");
  }

  @Test
  void anEmptyFilterKeepsEverySkill() {
    abc();
    assertThat(exposed(SkillsOptions.builder().filter(Map.of()), Fixtures.warnings()))
        .containsExactly("a", "b", "c");
  }

  @Test
  void disabledSkillsAreDroppedAfterTheFilter() {
    abc();
    assertThat(
            exposed(
                SkillsOptions.builder().filter(Map.of("a", true, "b", true)).disable("b"),
                Fixtures.warnings()))
        .containsExactly("a");
  }

  // S3: the inventory.

  @Test
  void theInventoryReportsEveryTypedSkipInDiscoveryOrderAndIgnoresTheFilter() {
    Fixtures.skill(root, "good", "good", "d");
    Fixtures.write(root, "nameless/SKILL.md", "---\ndescription: no name\n---\n");
    Fixtures.write(root, "broken/SKILL.md", "---\nname: [oops\n---\n");
    Fixtures.skill(root, "z/again", "good", "dup");
    Fixtures.symlink(root.resolve("gone/SKILL.md"), root.resolve("missing"));

    SkillInventory inventory =
        SkillSource.listSkills(
            SkillsOptions.builder().root(root).filter(Map.of("other", true)).build());

    assertThat(inventory.skills()).extracting(SkillInfo::name).containsExactly("good");
    assertThat(inventory.skipped())
        .extracting(SkillSkip::location, SkillSkip::reason)
        .containsExactly(
            tuple(root.resolve("broken/SKILL.md").toString(), SkipReason.MALFORMED_FRONTMATTER),
            tuple(root.resolve("gone/SKILL.md").toString(), SkipReason.UNREADABLE),
            tuple(root.resolve("nameless/SKILL.md").toString(), SkipReason.MISSING_NAME),
            tuple(root.resolve("z/again/SKILL.md").toString(), SkipReason.DUPLICATE_NAME));
    assertThat(inventory.skipped().get(0).detail()).isNotEmpty();
  }

  @Test
  void skipReasonsHaveTheirStableWireSpelling() {
    assertThat(SkipReason.values())
        .extracting(SkipReason::id)
        .containsExactly("missing-name", "malformed-frontmatter", "duplicate-name", "unreadable");
  }

  // The catalog.

  @Test
  void theCatalogListsDescribedSkillsOnlyInCodePointOrder() {
    SkillSource source =
        SkillSource.load(
            SkillsOptions.builder()
                .skill(
                    SkillDef.of("\uD83D\uDE00", "astral", "x"),
                    SkillDef.of("b", "bee", "x"),
                    SkillDef.of("\uFF21", "bmp", "x"),
                    SkillDef.of("hidden", null, "x"))
                .build());

    assertThat(source.skillsPrompt())
        .isEqualTo(
            "Skills provide specialized instructions and workflows for specific tasks.\n"
                + "Use the skill tool to load a skill when a task matches its description.\n\n"
                + "## Available Skills\n- **b**: bee\n- **\uFF21**: bmp\n- **\uD83D\uDE00**: astral");
    assertThat(Fixtures.run(source, "hidden").isError()).isFalse();
  }

  @Test
  void withOnlyUndescribedSkillsTheCatalogSaysNoneAreAvailable() {
    SkillSource source =
        SkillSource.load(SkillsOptions.builder().skill(SkillDef.of("x", null, "b")).build());

    assertThat(source.skillsPrompt()).isEqualTo("No skills are currently available.");
  }

  // Options and the toolkit.

  @Test
  void aSampleLimitBelowMinusOneIsRejected() {
    assertThatThrownBy(() -> SkillsOptions.builder().sampleLimit(-2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sampleLimit must be -1 (no file list), 0 (default 10) or positive; got -2");
  }

  @Test
  void toolkitBuilderDelegatesEverySkillOption() {
    AtomicInteger calls = new AtomicInteger();
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .skillsDir(CONFORMANCE_SKILLS)
            .skills(SkillDef.of("data", "from data", "D").withResources(List.of("r1", "r2")))
            .skillProvider(
                () -> {
                  calls.incrementAndGet();
                  return List.of(SkillDef.of("lazy", "from provider", "L"));
                })
            .skillsFilter(Map.of("hello-world", false))
            .disableSkills("lazy")
            .skillSampleLimit(1)
            .build()) {
      assertThat(toolkit.names()).containsExactly("skill");
      assertThat(toolkit.skillsPrompt()).endsWith("## Available Skills\n- **data**: from data");
      assertThat(toolkit.execute("skill", Map.of("name", "data")).output())
          .contains("<skill_files>\n<file>r1</file>\n</skill_files>");
      assertThat(toolkit.skillSource().orElseThrow().skills())
          .extracting(SkillInfo::name)
          .containsExactly("data");
      assertThat(calls.get()).isEqualTo(1);
    }
  }

  @Test
  void toolkitSkillOptionsAddToFullOptions() {
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .skills(SkillsOptions.builder().skill(SkillDef.of("first", "1", "x")).build())
            .skillsDir(CONFORMANCE_SKILLS)
            .build()) {
      assertThat(toolkit.skillSource().orElseThrow().skills())
          .extracting(SkillInfo::name)
          .containsExactly("hello-world", "first");
    }
  }

  @Test
  void aToolkitWithAnEmptySkillsFolderStillOffersTheSkillTool() {
    try (Toolkit toolkit = Toolkit.builder().builtins(false).skillsDir(root).build()) {
      assertThat(toolkit.names()).containsExactly("skill");
      assertThat(toolkit.skillsPrompt()).isEqualTo("No skills are currently available.");
      assertThat(toolkit.execute("skill", Map.of("name", "x")).output())
          .isEqualTo("Skill \"x\" not found. Available: none");
    }
  }
}
