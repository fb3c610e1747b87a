package dev.toolnexus.skills;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.skills.Frontmatter.Outcome;
import dev.toolnexus.skills.Frontmatter.Parsed;
import org.junit.jupiter.api.Test;

/** SPEC §3 frontmatter: strict YAML first, the guarded line-wise fallback only after a refusal. */
class FrontmatterTest {

  private static Parsed parse(String header) {
    return Frontmatter.parse("---\n" + header + "\n---\nbody\n", 1 << 20);
  }

  @Test
  void foldedBlockScalarResolvesToOneLine() {
    Parsed p = parse("name: x\ndescription: >\n  line one\n  line two\n");
    assertThat(p.description()).isEqualTo("line one line two");
    assertThat(p.detail()).isNull();
  }

  @Test
  void literalBlockScalarKeepsItsLinesAndLosesTheTrailingNewline() {
    assertThat(parse("name: x\ndescription: |\n  line one\n  line two\n").description())
        .isEqualTo("line one\nline two");
  }

  @Test
  void quotedValuesResolveTheirEscapes() {
    Parsed p = parse("name: 'it''s'\ndescription: \"a: b \\\"q\\\"\"");
    assertThat(p.name()).isEqualTo("it's");
    assertThat(p.description()).isEqualTo("a: b \"q\"");
  }

  @Test
  void plainMultiLineValueIsFolded() {
    assertThat(parse("name: x\ndescription: first\n  second").description())
        .isEqualTo("first second");
  }

  @Test
  void scalarsCoerceToTheirTrimmedText() {
    Parsed p = parse("name: 123\ndescription: true");
    assertThat(p.outcome()).isEqualTo(Outcome.OK);
    assertThat(p.name()).isEqualTo("123");
    assertThat(p.description()).isEqualTo("true");
    assertThat(parse("name: \"  padded  \"").name()).isEqualTo("padded");
  }

  @Test
  void anEmptyDescriptionIsNoDescription() {
    Parsed p = parse("name: x\ndescription:");
    assertThat(p.outcome()).isEqualTo(Outcome.OK);
    assertThat(p.description()).isNull();
  }

  @Test
  void theBodyIsEverythingAfterTheClosingFence() {
    Parsed p = Frontmatter.parse("---\r\nname: x\r\n---\r\n\n# Title\nline\n", 1 << 20);
    assertThat(p.name()).isEqualTo("x");
    assertThat(p.body()).isEqualTo("\n# Title\nline\n");
  }

  @Test
  void noFrontmatterIsAMissingName() {
    Parsed p = Frontmatter.parse("# just markdown\n", 1 << 20);
    assertThat(p.outcome()).isEqualTo(Outcome.MISSING_NAME);
    assertThat(p.body()).isEqualTo("# just markdown\n");
  }

  @Test
  void aMappingWithoutNameIsAMissingName() {
    assertThat(parse("description: only").outcome()).isEqualTo(Outcome.MISSING_NAME);
    assertThat(parse("# only a comment").outcome()).isEqualTo(Outcome.MISSING_NAME);
  }

  @Test
  void anUnquotedColonInTheDescriptionIsRescuedLineByLine() {
    Parsed p =
        parse("name: timesheet\ndescription: Fill the timesheet. Trigger on: update the timesheet");
    assertThat(p.outcome()).isEqualTo(Outcome.OK);
    assertThat(p.name()).isEqualTo("timesheet");
    assertThat(p.description()).isEqualTo("Fill the timesheet. Trigger on: update the timesheet");
    assertThat(p.detail()).contains("mapping values are not allowed here");
  }

  @Test
  void theFallbackRefusesAFlowOpenerAndInventsNoDescription() {
    Parsed p = parse("name: broken-flow\ndescription: [unterminated");
    assertThat(p.outcome()).isEqualTo(Outcome.OK);
    assertThat(p.name()).isEqualTo("broken-flow");
    assertThat(p.description()).isNull();
  }

  @Test
  void theFallbackNeverReadsABlockScalarIndicatorAsTheValue() {
    Parsed p = parse("name: x\ndescription: |\n  kept by YAML only\nbroken: [");
    assertThat(p.name()).isEqualTo("x");
    assertThat(p.description()).isNull();
  }

  @Test
  void aStructurallyWrongDescriptionIsNotKept() {
    Parsed p = parse("name: x\ndescription:\n  nested: map");
    assertThat(p.outcome()).isEqualTo(Outcome.OK);
    assertThat(p.description()).isNull();
    assertThat(p.detail()).isEqualTo("description is a mapping, not a scalar");
  }

  @Test
  void aSequenceNameFallsBackToTheRefusedLineAndIsMalformed() {
    Parsed p = parse("name: [a, b]\ndescription: d");
    assertThat(p.outcome()).isEqualTo(Outcome.MALFORMED);
    assertThat(p.detail()).isEqualTo("name is a sequence, not a scalar");
  }

  @Test
  void duplicateKeysAreRefusedByYamlAndTheFirstLineWins() {
    Parsed p = parse("name: first\nname: second\ndescription: d");
    assertThat(p.name()).isEqualTo("first");
    assertThat(p.description()).isEqualTo("d");
    assertThat(p.detail()).isEqualTo("duplicate key \"name\" at line 3");
  }

  @Test
  void theFallbackReadsColumnZeroKeysOnly() {
    Parsed p = parse("  name: indented\nbad: [");
    assertThat(p.outcome()).isEqualTo(Outcome.MALFORMED);
  }

  @Test
  void aTabIndentedLineIsRescuedWithoutIt() {
    Parsed p = parse("name: tabbed\n\tdescription: tab indented");
    assertThat(p.outcome()).isEqualTo(Outcome.OK);
    assertThat(p.name()).isEqualTo("tabbed");
    assertThat(p.description()).isNull();
  }

  @Test
  void aSequenceFrontmatterIsMalformed() {
    Parsed p = parse("- name\n- description");
    assertThat(p.outcome()).isEqualTo(Outcome.MALFORMED);
    assertThat(p.detail()).isEqualTo("frontmatter is a sequence, not a mapping");
  }

  @Test
  void aNumberFrontmatterIsMalformed() {
    Parsed p = parse("42");
    assertThat(p.outcome()).isEqualTo(Outcome.MALFORMED);
    assertThat(p.detail()).isEqualTo("frontmatter is a scalar (42), not a mapping");
  }

  @Test
  void javaScriptTrimRulesApplyToValuesAndBodies() {
    assertThat(Whitespace.trim("\u00A0\uFEFF x \u2003\n")).isEqualTo("x");
    assertThat(Whitespace.trim("\u0085x")).isEqualTo("\u0085x");
  }
}
