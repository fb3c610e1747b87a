package dev.toolnexus.classifier;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of an ordered question list for {@link Judge#ask} and {@link Judge#gate}: the name the
 * answer comes back under, and the question. Name the state field the question judges in its
 * instructions.
 *
 * @param name the answer's key (never sent as content)
 * @param question the question
 */
public record NamedQuestion(String name, Question question) {

  /** Requires both parts. */
  public NamedQuestion {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(question, "question");
  }

  /** A named noul question with no criteria. */
  public static NamedQuestion noul(String name, String instructions) {
    return new NamedQuestion(name, Question.noul(instructions));
  }

  /** A named noul question with labels for its true and false cases. */
  public static NamedQuestion noul(String name, String instructions, NoulCriteria criteria) {
    return new NamedQuestion(name, Question.noul(instructions, criteria));
  }

  /** A named choice; {@code options} maps each option id to what picking it would mean. */
  public static NamedQuestion choice(
      String name, String instructions, Map<String, String> options) {
    return new NamedQuestion(name, Question.choice(instructions, options));
  }

  /** A named score against the ordered {@code levels}, lowest first. */
  public static NamedQuestion score(String name, String instructions, List<String> levels) {
    return new NamedQuestion(name, Question.score(instructions, levels));
  }
}
