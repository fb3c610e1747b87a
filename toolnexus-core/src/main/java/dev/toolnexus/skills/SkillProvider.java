package dev.toolnexus.skills;

import java.util.List;

/**
 * A lazy source of data skills, for example rows from a database. It is called once when the skill
 * source loads; if it throws, its skills are missing and every other source still loads.
 */
@FunctionalInterface
public interface SkillProvider {

  /** The skills to offer, in the order they should be considered. */
  List<SkillDef> skills() throws Exception;
}
