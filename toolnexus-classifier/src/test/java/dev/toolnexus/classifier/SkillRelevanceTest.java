package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.classifier.batteries.Batteries.OnError;
import dev.toolnexus.classifier.batteries.BatteryOptions;
import dev.toolnexus.classifier.batteries.Candidate;
import dev.toolnexus.classifier.batteries.Selection;
import dev.toolnexus.classifier.batteries.SkillRelevanceClassifier;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.skills.SkillDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SkillRelevance reads like ToolRelevance and feeds the toolkit's skills filter. */
class SkillRelevanceTest {

  static final String ROLE =
      "You decide which agent skills are relevant to the user's request, so the skills it does not"
          + " need can be left out.";
  static final String CRITERIA =
      "\"criteria\":{\"true\":\"the skill's instructions would help with this request\","
          + "\"false\":\"the skill is unrelated to this request\"}";
  static final List<Candidate> SKILLS =
      List.of(
          new Candidate("pdf", "Extract text and tables from PDF files."),
          new Candidate("release", "Cut and verify a release across all registries."));

  static String questions() {
    List<String> qs = new ArrayList<>();
    for (Candidate c : SKILLS) {
      qs.add(
          "\""
              + c.name()
              + "\":{\"type\":\"noul\",\"instructions\":\"Is the skill `"
              + c.name()
              + "` relevant to the request in `user_request`? The skill: "
              + c.description()
              + "\","
              + CRITERIA
              + "}");
    }
    return "{" + String.join(",", qs) + "}";
  }

  static SkillRelevanceClassifier selector(String prompt, double pdf, double release) {
    return new SkillRelevanceClassifier(
        Scripted.recorded(
            Scripted.call(
                "{\"user_request\":\"" + prompt + "\",\"role\":\"" + ROLE + "\"}",
                questions(),
                "{\"model\":\"m\",\"answers\":{\"pdf\":{\"type\":\"noul\",\"noul\":"
                    + pdf
                    + "},\"release\":{\"type\":\"noul\",\"noul\":"
                    + release
                    + "}}}")),
        BatteryOptions.onError(OnError.OPEN));
  }

  @Test
  void aSureNoDropsTheSkill() {
    Selection s =
        selector("pull the tables out of invoice.pdf", 0.97, 0.02)
            .select("pull the tables out of invoice.pdf", SKILLS);

    assertThat(s).isEqualTo(new Selection(List.of("pdf"), List.of("release"), true, null));
  }

  @Test
  void anUncertainSkillIsKept() {
    Selection s = selector("ship it", 0.1, 0.6).select("ship it", SKILLS);

    assertThat(s.selected()).containsExactly("release");
    assertThat(s.dropped()).containsExactly("pdf");
  }

  @Test
  void anErrorClosedKeepsNoneAndTheFilterThenDisablesEveryOne() {
    Selection s =
        new SkillRelevanceClassifier(Scripted.failing(), BatteryOptions.onError(OnError.CLOSED))
            .select("ship it", SKILLS);

    assertThat(s.selected()).isEmpty();
    assertThat(s.calibrated()).isFalse();
    assertThat(SkillRelevanceClassifier.filter(s))
        .isEqualTo(Map.of("pdf", false, "release", false));
  }

  @Test
  void noSkillsMeansNoCallAndAnEmptyFilter() {
    List<Object> seen = new ArrayList<>();
    Selection s =
        new SkillRelevanceClassifier(Scripted.counting(seen), BatteryOptions.onError(OnError.OPEN))
            .select("ship it", List.of());

    assertThat(s).isEqualTo(new Selection(List.of(), List.of(), true, null));
    assertThat(SkillRelevanceClassifier.filter(s)).isEmpty();
    assertThat(seen).isEmpty();
  }

  @Test
  void theFilterKeepsADroppedSkillOutOfTheRunsSystemPrompt() throws Exception {
    String prompt = "pull the tables out of invoice.pdf";
    Selection s = selector(prompt, 0.97, 0.02).select(prompt, SKILLS);
    try (LocalServer server = new LocalServer();
        Toolkit toolkit =
            Toolkit.builder()
                .builtins(false)
                .skills(
                    SkillDef.of("pdf", "Extract text and tables from PDF files.", "Use pdftotext."),
                    SkillDef.of(
                        "release", "Cut and verify a release across all registries.", "Tag it."))
                .skillsFilter(SkillRelevanceClassifier.filter(s))
                .build()) {
      server.json(Scripted.text("done"));

      Scripted.client(server).run(prompt, RunOptions.of(toolkit));

      String body = server.request(0).body();
      assertThat(body).contains("Extract text and tables from PDF files.");
      assertThat(body).doesNotContain("Cut and verify a release");
    }
  }
}
