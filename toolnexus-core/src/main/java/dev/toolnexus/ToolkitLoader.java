package dev.toolnexus;

import dev.toolnexus.builtins.Builtins;
import dev.toolnexus.builtins.BuiltinsOptions;
import dev.toolnexus.internal.ConfigDocument;
import dev.toolnexus.internal.ConfigSources;
import dev.toolnexus.internal.ToolRegistry;
import dev.toolnexus.skills.SkillSource;
import dev.toolnexus.skills.SkillsOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * What {@link Toolkit.Builder#build()} does: reads the config, resolves the builtin options (the
 * builder's win over the config's), loads the skills, opens the config's sections and the added
 * sources, and assembles them into one registry.
 */
final class ToolkitLoader {
  /** The loaded registry and the skill source the toolkit keeps for its prompt. */
  record Loaded(ToolRegistry registry, SkillSource skills) {}

  private ToolkitLoader() {}

  static Loaded load(Toolkit.Builder b) {
    Map<String, Object> config = b.mcpConfigObject;
    String origin = "<object>";
    if (b.mcpConfigPath != null) {
      config = ConfigDocument.read(b.mcpConfigPath);
      origin = b.mcpConfigPath.toString();
    }
    BuiltinsOptions builtins = b.builtins;
    if (builtins == null) {
      builtins =
          config != null && config.containsKey("builtins")
              ? BuiltinsOptions.fromConfig(config.get("builtins"))
              : BuiltinsOptions.defaults();
    }
    // the config's sources start first: a local MCP server boots while the skills load here
    ConfigSources.Opening opening = null;
    if (config != null) {
      BiConsumer<String, McpServerStatus> tell = b.onMcpServerStatus;
      opening =
          ConfigSources.start(
              config,
              origin,
              b.waitFor,
              b.cancel,
              tell == null ? null : (name, st) -> tell.accept(name, McpServerStatus.of(st)));
    }
    SkillSource skills = null;
    List<Tool> builtinTools;
    List<ToolSource> opened = new ArrayList<>();
    try {
      skills =
          SkillSource.load(
              (b.skillsOptions == null ? SkillsOptions.builder() : b.skillsOptions.toBuilder())
                  .include(b.skillAdditions.build())
                  .build());
      builtinTools = Builtins.create(builtins);
    } catch (RuntimeException | Error e) {
      if (opening != null) {
        opening.abandon();
      }
      if (skills != null) {
        skills.close();
      }
      throw e;
    }
    if (opening != null) {
      try {
        opened.addAll(opening.join());
      } catch (RuntimeException | Error e) {
        skills.close();
        throw e;
      }
    }
    opened.addAll(b.sources);
    ToolRegistry registry =
        ToolRegistry.open(
            builtinTools, List.copyOf(b.extras), Set.copyOf(b.disabled), skills, opened, b.strict);
    return new Loaded(registry, skills);
  }
}
