package dev.toolnexus.skills;

import java.util.Objects;

/**
 * One candidate that did not become a skill: where it was, the typed reason, and a human-readable
 * detail such as the YAML parser's own message.
 *
 * @param location the absolute path of the {@code SKILL.md}, or a logical id for data skills
 * @param reason the stable reason
 * @param detail what exactly went wrong, for a person; never compared across ports
 */
public record SkillSkip(String location, SkipReason reason, String detail) {

  /** Requires a location and a reason; a null detail becomes empty. */
  public SkillSkip {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(reason, "reason");
    detail = detail == null ? "" : detail;
  }

  /** One line for logs: {@code location: reason (detail)}. */
  public String describe() {
    return location + ": " + reason.id() + (detail.isEmpty() ? "" : " (" + detail + ")");
  }
}
