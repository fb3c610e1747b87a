package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DemoCommandTest {

  @Test
  void runsTheRealLoopAgainstTheLabelledScriptedModel() {
    CliRun r = CliRun.of("demo");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .contains("the model is a SCRIPTED stand-in (\"scripted-demo-model\")")
        .contains("no API key, no network")
        .contains("→ skill {\"name\":\"greeter\"}")
        .contains("← skill: <skill_content name=\"greeter\">")
        .contains("→ bash {\"command\":\"sh '")
        .contains("← bash: Hello, Ada! Greetings from the toolnexus demo skill.")
        .contains(
            "→ count_words {\"text\":\"Hello, Ada! Greetings from the toolnexus demo skill.\"}")
        .contains("← count_words: 8 words")
        .contains(
            "It printed: \"Hello, Ada! Greetings from the toolnexus demo skill.\" and count_words"
                + " counted 8 words in it.")
        .contains("status done)");
  }

  @Test
  void theNativeToolCountsWords() {
    assertThat(
            DemoCommand.countWords()
                .execute(java.util.Map.of("text", " one two  three "), null)
                .output())
        .isEqualTo("3 words");
  }
}
