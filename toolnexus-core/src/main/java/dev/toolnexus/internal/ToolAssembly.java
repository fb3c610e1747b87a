package dev.toolnexus.internal;

import dev.toolnexus.Tool;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The assembly rule as one pure function: drop builtins an extra tool shadows, concatenate MCP →
 * skill → builtin → extra → other sources, drop disabled names, and keep the first tool of each
 * name (a WARN names both sources and the one kept).
 */
public final class ToolAssembly {
  private static final Logger log = LoggerFactory.getLogger(ToolAssembly.class);

  private ToolAssembly() {}

  /** {@link #assemble(List, List, List, List, List, Set)} without other sources. */
  public static List<Tool> assemble(
      List<? extends Tool> mcp,
      List<? extends Tool> skills,
      List<? extends Tool> builtins,
      List<? extends Tool> extras,
      Set<String> disabled) {
    return assemble(mcp, skills, builtins, extras, List.of(), disabled);
  }

  /**
   * Assembles the sources in their fixed order.
   *
   * @param extras the host's tools (builder extras, then registered ones), in that order
   * @param others the tools of every other source (sources ordered by id)
   * @param disabled final names to leave out, whichever source they come from
   * @return the tools in assembly order, one per name
   */
  public static List<Tool> assemble(
      List<? extends Tool> mcp,
      List<? extends Tool> skills,
      List<? extends Tool> builtins,
      List<? extends Tool> extras,
      List<? extends Tool> others,
      Set<String> disabled) {
    Set<String> extraNames = new HashSet<>();
    extras.forEach(t -> extraNames.add(t.name()));
    List<Tool> ordered =
        new ArrayList<>(
            mcp.size() + skills.size() + builtins.size() + extras.size() + others.size());
    ordered.addAll(mcp);
    ordered.addAll(skills);
    for (Tool b : builtins) {
      if (!extraNames.contains(b.name())) {
        ordered.add(b);
      } else {
        log.debug("builtin tool {} replaced by the host's tool of the same name", b.name());
      }
    }
    ordered.addAll(extras);
    ordered.addAll(others);
    Map<String, Tool> byName = new LinkedHashMap<>();
    for (Tool t : ordered) {
      if (disabled.contains(t.name())) {
        continue;
      }
      Tool kept = byName.putIfAbsent(t.name(), t);
      if (kept != null) {
        log.warn(
            "two tools are named {}: keeping the {} tool, dropping the {} tool (the first source"
                + " wins, in the order MCP, skill, builtin, host tools); rename or disable one",
            t.name(),
            kept.source(),
            t.source());
      }
    }
    return List.copyOf(byName.values());
  }
}
