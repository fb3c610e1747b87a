package dev.toolnexus.skills;

import dev.toolnexus.Source;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The skill source: discovers {@code SKILL.md} files and data skills once, exposes the single
 * {@code skill} loader tool and the system-prompt catalog. Discovery never throws: every file that
 * cannot become a skill is reported in {@link #skipped()} with a typed reason and logged.
 *
 * <p>Without any configured source (no directory, data skill or provider) there is no {@code skill}
 * tool and the catalog is empty, as in the reference port; with a source that finds nothing the
 * tool is still offered and the catalog says no skills are available.
 */
public final class SkillSource implements ToolSource {
  /** The catalog text when a source is configured but no skill has a description. */
  public static final String NO_SKILLS = "No skills are currently available.";

  /** The fixed preamble of a non-empty catalog, identical in every port. */
  public static final String PROMPT_PREAMBLE =
      "Skills provide specialized instructions and workflows for specific tasks.\n"
          + "Use the skill tool to load a skill when a task matches its description.";

  private final boolean configured;
  private final List<SkillInfo> skills;
  private final Map<String, SkillInfo> byName;
  private final List<SkillSkip> skipped;
  private final List<Tool> tools;
  private final String prompt;
  private final List<String> failedSources;
  private final int sources;

  private SkillSource(
      boolean configured,
      List<SkillInfo> skills,
      List<SkillSkip> skipped,
      List<String> failedSources,
      int sources,
      Tool tool) {
    this.configured = configured;
    this.failedSources = failedSources;
    this.sources = sources;
    this.skills = skills;
    Map<String, SkillInfo> map = new LinkedHashMap<>();
    skills.forEach(s -> map.put(s.name(), s));
    this.byName = map;
    this.skipped = skipped;
    this.tools = tool == null ? List.of() : List.of(tool);
    this.prompt = configured ? catalog(skills) : "";
  }

  /**
   * Discovers skills from every source in the options, applies the allowlist and {@code
   * disableSkills}, and builds the {@code skill} tool. Providers are called here, once.
   */
  public static SkillSource load(SkillsOptions options) {
    Objects.requireNonNull(options, "options");
    Warnings warn = new Warnings(options.warnings());
    if (!options.hasSources()) {
      return new SkillSource(false, List.of(), List.of(), List.of(), 0, null);
    }
    Discovery.Result found = Discovery.discover(options, warn);
    List<SkillInfo> exposed =
        Discovery.select(found.skills(), options.filter(), options.disabled(), warn);
    Tool tool = new SkillTool(exposed, options.sampleLimit(), warn);
    return new SkillSource(
        true, exposed, found.skipped(), found.failedSources(), found.sources(), tool);
  }

  /** Discovers skills under these directories with default options. */
  public static SkillSource load(Path... dirs) {
    return load(SkillsOptions.ofDirs(dirs));
  }

  /**
   * Lists and validates skills from the same sources {@link #load} reads, without building a tool .
   * The inventory ignores the allowlist and {@code disableSkills}: it exists to author them.
   */
  public static SkillInventory listSkills(SkillsOptions options) {
    Objects.requireNonNull(options, "options");
    Discovery.Result found = Discovery.discover(options, new Warnings(options.warnings()));
    return new SkillInventory(found.skills(), found.skipped());
  }

  /** Lists and validates the skills under these directories. */
  public static SkillInventory listSkills(Path... dirs) {
    return listSkills(SkillsOptions.ofDirs(dirs));
  }

  /** The source's id in a toolkit's status: {@code "skills"}. */
  @Override
  public String id() {
    return "skills";
  }

  /** Skills sit after the MCP servers and before the builtins. */
  @Override
  public Source kind() {
    return Source.SKILL;
  }

  /**
   * {@code failed} when no configured source (folder, provider, data skills) could be read, {@code
   * partial} when some could not, the reason naming each (for example {@code skills folder not
   * found: ./skills}); otherwise ready, the reason counting the skill files that could not be read
   * (see {@link #skipped()}), if any.
   */
  @Override
  public SourceStatus status() {
    if (!failedSources.isEmpty()) {
      return new SourceStatus(
          failedSources.size() >= sources ? SourceStatus.State.FAILED : SourceStatus.State.PARTIAL,
          String.join("; ", failedSources),
          Map.of());
    }
    return skipped.isEmpty()
        ? SourceStatus.ready()
        : new SourceStatus(
            SourceStatus.State.READY, skipped.size() + " skill file(s) skipped", Map.of());
  }

  /** The {@code skill} tool, or nothing when no source is configured. */
  @Override
  public List<Tool> tools() {
    return tools;
  }

  /** The exposed skills (after the allowlist), in discovery order. */
  public List<SkillInfo> skills() {
    return skills;
  }

  /** The exposed skill with this name. */
  public Optional<SkillInfo> get(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Every candidate that did not become a skill, in discovery order, with its reason. */
  public List<SkillSkip> skipped() {
    return skipped;
  }

  /** Whether any skill source was configured. */
  public boolean configured() {
    return configured;
  }

  /**
   * The system-prompt catalog: the fixed preamble and {@code ## Available Skills}, one line per
   * described skill in code-point order of the name; {@value #NO_SKILLS} when no skill has a
   * description; empty when no source is configured.
   */
  public String skillsPrompt() {
    return prompt;
  }

  private static String catalog(List<SkillInfo> skills) {
    List<SkillInfo> described = new ArrayList<>();
    for (SkillInfo s : skills) {
      if (s.description() != null) {
        described.add(s);
      }
    }
    if (described.isEmpty()) {
      return NO_SKILLS;
    }
    described.sort((a, b) -> CodePointOrder.compare(a.name(), b.name()));
    StringBuilder out = new StringBuilder(PROMPT_PREAMBLE).append("\n\n## Available Skills");
    for (SkillInfo s : described) {
      out.append("\n- **").append(s.name()).append("**: ").append(s.description());
    }
    return out.toString();
  }
}
