package dev.toolnexus.classifier;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One option out of a named set. Each description must say what picking that option would mean: an
 * id repeated as its own description, empty descriptions or one description shared by all are
 * accepted by a backend and rank at chance.
 *
 * @param instructions what is being decided
 * @param criteria option id to its description, in the caller's order (1 to 255 options)
 */
public record ChoiceQuestion(String instructions, Map<String, String> criteria)
    implements Question {

  /** Requires the instructions and criteria, copying the criteria in order. */
  public ChoiceQuestion {
    Objects.requireNonNull(instructions, "instructions");
    criteria = Collections.unmodifiableMap(new LinkedHashMap<>(criteria));
  }

  @Override
  public String type() {
    return "choice";
  }
}
