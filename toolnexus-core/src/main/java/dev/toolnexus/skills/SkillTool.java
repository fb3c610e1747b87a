package dev.toolnexus.skills;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The single {@code skill} loader tool: returns a skill's trimmed body inside the byte-exact {@code
 * <skill_content>} block, with its base and a sorted, capped sample of its files.
 */
final class SkillTool implements Tool {
  static final String NAME = "skill";

  static final String DESCRIPTION =
      "Load a specialized skill when the task at hand matches one of the skills listed in the"
          + " system prompt.\n"
          + "\n"
          + "Use this tool to inject the skill's instructions and resources into current"
          + " conversation. The output may contain detailed workflow guidance as well as"
          + " references to scripts, files, etc in the same directory as the skill.\n"
          + "\n"
          + "The skill name must match one of the skills listed in your system prompt.";

  private static final Map<String, Object> SCHEMA = schema();

  private static final ToolAnnotations ANNOTATIONS = ToolAnnotations.of(true, false, true, false);

  private final Map<String, SkillInfo> byName;
  private final String available;
  private final int sampleLimit;
  private final Warnings warn;

  SkillTool(List<SkillInfo> skills, int sampleLimit, Warnings warn) {
    Map<String, SkillInfo> map = new LinkedHashMap<>();
    skills.forEach(s -> map.put(s.name(), s));
    this.byName = Collections.unmodifiableMap(map);
    List<String> names = new ArrayList<>(map.keySet());
    names.sort(CodePointOrder.CODE_POINTS);
    this.available = names.isEmpty() ? "none" : String.join(", ", names);
    this.sampleLimit = sampleLimit == 0 ? SkillsOptions.DEFAULT_SAMPLE_LIMIT : sampleLimit;
    this.warn = warn;
  }

  private static Map<String, Object> schema() {
    Map<String, Object> nameProp = new LinkedHashMap<>();
    nameProp.put("type", "string");
    nameProp.put("description", "The name of the skill to load");
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("type", "object");
    s.put("properties", Collections.unmodifiableMap(new LinkedHashMap<>(Map.of("name", nameProp))));
    s.put("required", List.of("name"));
    return Collections.unmodifiableMap(s);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return DESCRIPTION;
  }

  @Override
  public Map<String, Object> inputSchema() {
    return SCHEMA;
  }

  @Override
  public Source source() {
    return Source.SKILL;
  }

  /** Loading a skill reads its local files and changes nothing: read only, closed world. */
  @Override
  public ToolAnnotations annotations() {
    return ANNOTATIONS;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    Object raw = args == null ? null : args.get("name");
    String name = raw == null ? "" : raw.toString();
    SkillInfo info = byName.get(name);
    if (info == null) {
      return ToolResult.error("Skill \"" + name + "\" not found. Available: " + available);
    }
    String base;
    String dir;
    List<String> files;
    boolean listFiles = sampleLimit != SkillsOptions.NO_FILE_LIST;
    if (info.origin() == SkillInfo.Origin.DATA) {
      base = info.location();
      dir = base;
      files = info.resources();
      listFiles &= !files.isEmpty();
      if (sampleLimit > 0 && files.size() > sampleLimit) {
        files = files.subList(0, sampleLimit);
      }
    } else {
      Path skillDir = Path.of(info.location()).getParent();
      base = FileUrl.of(skillDir);
      dir = skillDir.toString();
      files = listFiles ? sample(skillDir, sampleLimit) : List.of();
    }
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", info.name());
    metadata.put("dir", dir);
    return ToolResult.ok(render(info, base, listFiles, files)).withMetadata(metadata);
  }

  static String render(SkillInfo info, String base, boolean listFiles, List<String> files) {
    StringBuilder out = new StringBuilder();
    out.append("<skill_content name=\"").append(info.name()).append("\">\n");
    out.append("# Skill: ").append(info.name()).append("\n\n");
    out.append(Whitespace.trim(info.content())).append("\n\n");
    out.append("Base directory for this skill: ").append(base).append('\n');
    out.append(
        "Relative paths in this skill (e.g., scripts/, reference/) are relative to this base"
            + " directory.\n");
    if (listFiles) {
      out.append("Note: file list is sampled.\n\n<skill_files>\n");
      List<String> lines = new ArrayList<>(files.size());
      files.forEach(f -> lines.add("<file>" + f + "</file>"));
      // An empty sample still leaves its (empty) line, as every other port emits it.
      out.append(String.join("\n", lines)).append("\n</skill_files>\n");
    }
    out.append("</skill_content>");
    return out.toString();
  }

  /** Collect every file under the skill directory, sort by relative path, then cut to the cap. */
  private List<String> sample(Path dir, int limit) {
    List<TreeWalk.Entry> all = new ArrayList<>();
    for (TreeWalk.Entry e : TreeWalk.walk(dir, Discovery.SKILL_FILE, warn)) {
      if (e.regularFile() && !e.name().equals(Discovery.SKILL_FILE)) {
        all.add(e);
      }
    }
    all.sort((a, b) -> CodePointOrder.compare(a.relative(), b.relative()));
    List<String> out = new ArrayList<>(Math.min(limit, all.size()));
    for (int i = 0; i < all.size() && i < limit; i++) {
      out.add(all.get(i).path().toString());
    }
    return out;
  }

  @Override
  public String toString() {
    return "Tool[skill, " + byName.size() + " skills]";
  }
}
