package dev.toolnexus.classifier.batteries;

import java.util.Objects;

/**
 * Something a relevance battery may keep or drop: a tool or a skill, by name and description.
 *
 * @param name the key its question is asked under
 * @param description what it does; an empty one is left out of the question
 */
public record Candidate(String name, String description) {
  /** Null reads as empty. */
  public Candidate {
    name = Objects.requireNonNullElse(name, "");
    description = Objects.requireNonNullElse(description, "");
  }
}
