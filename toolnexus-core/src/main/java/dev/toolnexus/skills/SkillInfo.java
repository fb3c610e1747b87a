package dev.toolnexus.skills;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One loaded skill.
 *
 * @param name the catalog name, unique within a source
 * @param description the catalog line, or {@code null} when the skill has none (it is then left out
 *     of {@link SkillSource#skillsPrompt()} but can still be loaded)
 * @param location the absolute path of the {@code SKILL.md}, or the logical base of a data skill
 * @param content the body after the frontmatter, untrimmed
 * @param origin whether the skill came from a directory or from data
 * @param resources the logical resource names of a data skill; empty for a directory skill, whose
 *     files are sampled from disk when it is loaded
 */
public record SkillInfo(
    String name,
    String description,
    String location,
    String content,
    Origin origin,
    List<String> resources) {

  /** Where a skill came from, which decides how the {@code skill} tool renders its base (S4). */
  public enum Origin {
    /** A {@code SKILL.md} found under a skills directory. */
    DIRECTORY,
    /** A {@link SkillDef} given directly or by a {@link SkillProvider}. */
    DATA
  }

  /** Requires name, location, content and origin; freezes the resources. */
  public SkillInfo {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(origin, "origin");
    resources = resources == null ? List.of() : List.copyOf(resources);
  }

  /** The description, when the skill has one. */
  public Optional<String> describedAs() {
    return Optional.ofNullable(description);
  }
}
