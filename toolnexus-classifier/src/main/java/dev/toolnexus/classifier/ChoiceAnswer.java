package dev.toolnexus.classifier;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The option picked out of the offered set, with a probability per option as returned.
 *
 * @param choice the picked option id
 * @param probabilities option id to probability as returned (a zero stays an entry); decoded
 *     against its question, every offered option is an entry and one the backend left out is 0
 * @param confidence how sure the backend is of the pick, 0 to 1
 */
public record ChoiceAnswer(String choice, Map<String, Double> probabilities, double confidence)
    implements DecisionAnswer {

  /** The largest distance from 1/n at which a distribution still counts as flat (inclusive). */
  public static final double NEAR_UNIFORM_TOLERANCE = 0.05;

  /** Requires the pick; copies the probabilities in order. */
  public ChoiceAnswer {
    Objects.requireNonNull(choice, "choice");
    probabilities = Collections.unmodifiableMap(new LinkedHashMap<>(probabilities));
  }

  @Override
  public String type() {
    return "choice";
  }

  /**
   * Whether the distribution is indistinguishable from flat: every probability is within 0.05 of
   * 1/n, n being the number of entries, values taken as returned. One entry is flat, none is not.
   * Advisory: it flags options the model could not tell apart, not a wrong answer.
   */
  public boolean nearUniform() {
    return nearUniform(probabilities);
  }

  /** The flatness test of {@link #nearUniform()} over any probability map. */
  public static boolean nearUniform(Map<String, Double> probabilities) {
    int n = probabilities.size();
    if (n == 0) {
      return false;
    }
    if (n == 1) {
      return true;
    }
    double target = 1.0 / n;
    for (double p : probabilities.values()) {
      if (!(Math.abs(p - target) <= NEAR_UNIFORM_TOLERANCE)) {
        return false;
      }
    }
    return true;
  }
}
