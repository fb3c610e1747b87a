package dev.toolnexus.classifier;

import java.util.Objects;

/**
 * How likely a statement about the state holds, answered with one probability and no confidence.
 *
 * @param instructions the statement or question
 * @param criteria labels for the true and false cases; null leaves the field off the wire
 */
public record NoulQuestion(String instructions, NoulCriteria criteria) implements Question {

  /** Requires the instructions. */
  public NoulQuestion {
    Objects.requireNonNull(instructions, "instructions");
  }

  @Override
  public String type() {
    return "noul";
  }
}
