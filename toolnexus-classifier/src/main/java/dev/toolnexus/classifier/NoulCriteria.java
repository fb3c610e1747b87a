package dev.toolnexus.classifier;

import java.util.Objects;

/**
 * Labels for the true and false cases of a noul question. Empty labels are a value of their own:
 * they are sent as empty strings, unlike a question with no criteria at all.
 *
 * @param whenTrue what the statement holding looks like
 * @param whenFalse what the statement not holding looks like
 */
public record NoulCriteria(String whenTrue, String whenFalse) {

  /** Requires both labels (either may be empty). */
  public NoulCriteria {
    Objects.requireNonNull(whenTrue, "whenTrue");
    Objects.requireNonNull(whenFalse, "whenFalse");
  }
}
