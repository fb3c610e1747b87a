package dev.toolnexus.skills;

import dev.toolnexus.Tool;
import dev.toolnexus.spi.ToolSource;
import java.util.List;

/** The skill source: the {@code skill} tool and the prompt catalog. PLACEHOLDER. */
public final class SkillSource implements ToolSource {
  private SkillSource() {}

  /** Discovers skills per the options. */
  public static SkillSource load(SkillsOptions options) {
    return new SkillSource();
  }

  @Override
  public List<Tool> tools() {
    return List.of();
  }

  /** The system-prompt catalog. */
  public String skillsPrompt() {
    return "No skills are currently available.";
  }
}
