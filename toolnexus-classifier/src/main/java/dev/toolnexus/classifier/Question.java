package dev.toolnexus.classifier;

import dev.toolnexus.classifier.internal.Wire;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One typed question a classifier answers about a state: a {@link NoulQuestion} (how likely a
 * statement holds), a {@link ChoiceQuestion} (which one of named options) or a {@link
 * ScoreQuestion} (where on an ordered rubric). Each question is answered independently of the
 * others in the same call.
 */
public sealed interface Question permits NoulQuestion, ChoiceQuestion, ScoreQuestion {

  /** The most options a choice may offer. */
  int MAX_CHOICE_OPTIONS = 255;

  /** The fewest levels a score rubric may have. */
  int MIN_SCORE_LEVELS = 2;

  /** The most levels a score rubric may have. */
  int MAX_SCORE_LEVELS = 10;

  /** What the model is asked, in words; name the state field the question judges here. */
  String instructions();

  /** The wire name of this kind: {@code noul}, {@code choice} or {@code score}. */
  String type();

  /** A noul question with no criteria; the field stays absent on the wire. */
  static NoulQuestion noul(String instructions) {
    return new NoulQuestion(instructions, null);
  }

  /** A noul question with labels for its true and false cases (empty labels are kept as sent). */
  static NoulQuestion noul(String instructions, NoulCriteria criteria) {
    return new NoulQuestion(instructions, criteria);
  }

  /**
   * A choice over {@code criteria}, option id to what picking that option would mean. The
   * descriptions are the only thing that tells the options apart to the model.
   */
  static ChoiceQuestion choice(String instructions, Map<String, String> criteria) {
    return new ChoiceQuestion(instructions, criteria);
  }

  /**
   * A choice over enum constants, each keyed by its {@link Enum#name()} (never its {@code
   * toString()}), in the map's iteration order.
   */
  static <E extends Enum<E>> ChoiceQuestion choiceOf(
      String instructions, Map<E, String> descriptions) {
    Map<String, String> criteria = new LinkedHashMap<>();
    descriptions.forEach((k, v) -> criteria.put(k.name(), v));
    return new ChoiceQuestion(instructions, criteria);
  }

  /**
   * A choice over any named things (tools, skills, agents): each entry's key is its plain id and
   * its value what picking it would mean.
   */
  static ChoiceQuestion choiceOver(String instructions, List<Map.Entry<String, String>> items) {
    Map<String, String> criteria = new LinkedHashMap<>();
    for (Map.Entry<String, String> item : items) {
      criteria.put(item.getKey(), item.getValue());
    }
    return new ChoiceQuestion(instructions, criteria);
  }

  /**
   * The questions of a wire-form map, question key to {@code {type, instructions, criteria?}} as
   * the hosted request and a saved tape write them (for example read from a JSON or YAML file).
   *
   * @throws IllegalArgumentException naming the question key and the field that is wrong
   */
  static Map<String, Question> fromWire(Map<String, ?> questions) {
    return Wire.readQuestions(questions);
  }

  /** A score against an ordered rubric; the list order is the level numbering. */
  static ScoreQuestion score(String instructions, List<String> levels) {
    return new ScoreQuestion(instructions, levels);
  }
}
