package dev.toolnexus.classifier;

import java.util.Objects;

/**
 * One gate rule: when the named answer meets the condition, act. Exactly one condition is set:
 * {@code below} and {@code atLeast} test a noul's probability or a score's value, {@code is} tests
 * a choice's pick. A condition that does not fit the answer's kind escalates rather than being
 * skipped. A threshold tuned on one backend does not transfer to another.
 *
 * @param question the answer's name
 * @param below fires when the value is under this; null when not this condition
 * @param atLeast fires when the value is at or above this; null when not this condition
 * @param is fires when the choice picked this option; null when not this condition
 * @param action what to do when it fires
 * @param target where the action goes; empty for none
 */
public record Rule(
    String question, Double below, Double atLeast, String is, String action, String target) {

  /** Requires the question, the action and exactly one condition. */
  public Rule {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(action, "action");
    int set = (below != null ? 1 : 0) + (atLeast != null ? 1 : 0) + (is != null ? 1 : 0);
    if (set != 1) {
      throw new IllegalArgumentException(
          "rule on \"" + question + "\" needs exactly one of below, atLeast or is");
    }
    target = target == null ? "" : target;
  }

  /** Fires when the value of {@code question} is under {@code threshold}. */
  public static Rule below(String question, double threshold, String action) {
    return new Rule(question, threshold, null, null, action, "");
  }

  /** Fires when the value of {@code question} is at or above {@code threshold}. */
  public static Rule atLeast(String question, double threshold, String action) {
    return new Rule(question, null, threshold, null, action, "");
  }

  /** Fires when the choice {@code question} picked {@code option}. */
  public static Rule is(String question, String option, String action) {
    return new Rule(question, null, null, option, action, "");
  }

  /** This rule sending its action to {@code value}. */
  public Rule to(String value) {
    return new Rule(question, below, atLeast, is, action, value);
  }

  /** The condition's name: {@code below}, {@code at_least} or {@code is}. */
  public String condition() {
    return below != null ? "below" : atLeast != null ? "at_least" : "is";
  }
}
