package dev.toolnexus.skills;

import java.util.List;

/**
 * A skill supplied as data instead of a {@code SKILL.md} on disk: the body the {@code skill} tool
 * hands to the model, an optional catalog description, optional logical resource names and an
 * optional logical base. No host path is ever emitted for it (S4).
 *
 * @param name the catalog name; a blank name is reported as a {@code missing-name} skip
 * @param description the one-line catalog entry; {@code null} keeps the skill out of the prompt
 *     catalog (it is still loadable)
 * @param content the instructions, emitted trimmed by the {@code skill} tool
 * @param resources logical resource names listed in {@code <skill_files>}; empty means an
 *     instruction-only skill without that block
 * @param base the logical base shown to the model; {@code null} or empty means {@code
 *     skill://<name>/}
 */
public record SkillDef(
    String name, String description, String content, List<String> resources, String base) {

  /** Normalises nulls and freezes the resource list. */
  public SkillDef {
    content = content == null ? "" : content;
    resources = resources == null ? List.of() : List.copyOf(resources);
  }

  /** An instruction-only skill with the default {@code skill://<name>/} base. */
  public static SkillDef of(String name, String description, String content) {
    return new SkillDef(name, description, content, List.of(), null);
  }

  /** This skill with logical resource names for its {@code <skill_files>} block. */
  public SkillDef withResources(List<String> names) {
    return new SkillDef(name, description, content, names, base);
  }

  /** This skill with a logical base other than {@code skill://<name>/}. */
  public SkillDef withBase(String logicalBase) {
    return new SkillDef(name, description, content, resources, logicalBase);
  }

  /** The base the {@code skill} tool prints: {@link #base} or {@code skill://<name>/}. */
  public String effectiveBase() {
    return base == null || base.isEmpty() ? "skill://" + name + "/" : base;
  }
}
