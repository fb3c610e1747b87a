package dev.toolnexus.classifier;

import java.util.List;
import java.util.Objects;

/**
 * A rating against an ordered rubric of 2 to 10 levels. The list order is the level numbering and
 * is never sorted.
 *
 * @param instructions what is being rated
 * @param criteria the level descriptions, lowest first
 */
public record ScoreQuestion(String instructions, List<String> criteria) implements Question {

  /** Requires the instructions and levels, copying the levels. */
  public ScoreQuestion {
    Objects.requireNonNull(instructions, "instructions");
    criteria = List.copyOf(criteria);
  }

  @Override
  public String type() {
    return "score";
  }
}
