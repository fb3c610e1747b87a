package dev.toolnexus.skills;

import java.util.List;

/**
 * The result of {@link SkillSource#listSkills}: every skill that loaded and every candidate that
 * did not, both in discovery order, before any allowlist is applied.
 *
 * @param skills the skills that parsed, first-wins by name
 * @param skipped the candidates that were skipped, each with its typed reason
 */
public record SkillInventory(List<SkillInfo> skills, List<SkillSkip> skipped) {

  /** Freezes both lists. */
  public SkillInventory {
    skills = List.copyOf(skills);
    skipped = List.copyOf(skipped);
  }
}
