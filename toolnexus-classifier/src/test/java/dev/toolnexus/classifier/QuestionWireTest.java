package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Questions read from their wire form, as a file holds them, and the errors that name the field.
 */
class QuestionWireTest {

  @Test
  void everyKindReadsBackToTheQuestionItWasWrittenFrom() {
    Map<String, Object> wire = new LinkedHashMap<>();
    wire.put("safe", Map.of("type", "noul", "instructions", "Is the call safe?"));
    wire.put(
        "labelled",
        Map.of(
            "type",
            "noul",
            "instructions",
            "Spam?",
            "criteria",
            Map.of("true", "spam", "false", "not spam")));
    wire.put(
        "route",
        Map.of("type", "choice", "instructions", "Which team?", "criteria", Map.of("a", "alpha")));
    wire.put(
        "urgency",
        Map.of("type", "score", "instructions", "How urgent?", "criteria", List.of("low", "high")));

    assertThat(Question.fromWire(wire))
        .containsExactly(
            Map.entry("safe", Question.noul("Is the call safe?")),
            Map.entry("labelled", Question.noul("Spam?", new NoulCriteria("spam", "not spam"))),
            Map.entry("route", Question.choice("Which team?", Map.of("a", "alpha"))),
            Map.entry("urgency", Question.score("How urgent?", List.of("low", "high"))));
  }

  @Test
  void anUnknownTypeNamesTheQuestionAndTheKindsThereAre() {
    assertThatThrownBy(
            () -> Question.fromWire(Map.of("q", Map.of("type", "yesno", "instructions", "x"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("question \"q\": unknown type yesno (expected noul, choice or score)");
  }

  @Test
  void missingInstructionsAreNamed() {
    assertThatThrownBy(() -> Question.fromWire(Map.of("q", Map.of("type", "noul"))))
        .hasMessage("question \"q\": instructions must be a string");
  }

  @Test
  void aChoiceWithoutOptionsIsRefused() {
    assertThatThrownBy(
            () ->
                Question.fromWire(
                    Map.of("q", Map.of("type", "choice", "instructions", "x", "criteria", 3))))
        .hasMessage(
            "question \"q\": a choice's criteria must be an object, option id to its description");
  }

  @Test
  void aScoreLevelThatIsNotTextIsNamedByIndex() {
    assertThatThrownBy(
            () ->
                Question.fromWire(
                    Map.of(
                        "q",
                        Map.of("type", "score", "instructions", "x", "criteria", List.of("a", 2)))))
        .hasMessage("question \"q\": criteria[1] must be a string");
  }

  @Test
  void aQuestionThatIsNotAnObjectIsRefused() {
    assertThatThrownBy(() -> Question.fromWire(Map.of("q", "Is it safe?")))
        .hasMessage("question \"q\": must be an object {type, instructions, criteria}");
  }
}
