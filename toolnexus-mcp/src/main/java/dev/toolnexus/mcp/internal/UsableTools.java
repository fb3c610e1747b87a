package dev.toolnexus.mcp.internal;

import dev.toolnexus.mcp.protocol.HeaderAnnotations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drops the entries of a {@code tools/list} page that cannot become a tool (not an object, no
 * string name, an {@code inputSchema} that is not a JSON object), each with a warning naming it, so
 * the server's other tools stay usable.
 */
final class UsableTools {
  private static final Logger log = LoggerFactory.getLogger(UsableTools.class);

  private UsableTools() {}

  static Map<?, ?> keepUsable(Map<?, ?> page, String server) {
    if (!(page.get("tools") instanceof List<?> tools)) {
      return page;
    }
    List<Object> kept = new ArrayList<>(tools.size());
    boolean dropped = false;
    for (int i = 0; i < tools.size(); i++) {
      Object entry = tools.get(i);
      String problem = problem(entry);
      if (problem == null) {
        kept.add(entry);
        continue;
      }
      dropped = true;
      warnSkipped(server, entry, i, problem);
    }
    if (!dropped) {
      return page;
    }
    Map<Object, Object> copy = new LinkedHashMap<>(page);
    copy.put("tools", kept);
    return copy;
  }

  /**
   * The page without the tools whose {@code x-mcp-header} annotations break the HTTP transport's
   * rules (the stateless revision has the client leave them out), each dropped with a warning
   * naming the tool and the header, so the server's other tools stay usable.
   */
  static Map<String, Object> withValidHeaders(Map<String, Object> page, String server) {
    if (!(page.get("tools") instanceof List<?> tools)) {
      return page;
    }
    List<Object> kept = new ArrayList<>(tools.size());
    for (int i = 0; i < tools.size(); i++) {
      Object entry = tools.get(i);
      String problem =
          entry instanceof Map<?, ?> tool && tool.get("inputSchema") instanceof Map<?, ?> schema
              ? HeaderAnnotations.problem(schema)
              : null;
      if (problem == null) {
        kept.add(entry);
      } else {
        warnSkipped(server, entry, i, problem);
      }
    }
    if (kept.size() == tools.size()) {
      return page;
    }
    Map<String, Object> copy = new LinkedHashMap<>(page);
    copy.put("tools", kept);
    return copy;
  }

  /** Logs that entry {@code index} of a {@code tools/list} page was skipped, and why. */
  static void warnSkipped(String server, Object entry, int index, String problem) {
    Object name = entry instanceof Map<?, ?> m ? m.get("name") : null;
    log.warn(
        "MCP server {}: skipped {}: {}",
        server,
        name instanceof String n ? "tool \"" + n + "\"" : "tools/list entry " + index,
        problem);
  }

  /** Why a {@code tools/list} entry cannot become a tool, or null when it can. */
  static String problem(Object entry) {
    if (!(entry instanceof Map<?, ?> tool)) {
      return "the entry is " + ConfigParser.typeOf(entry) + ", not an object";
    }
    if (!(tool.get("name") instanceof String name) || name.isEmpty()) {
      return "it has no name";
    }
    Object schema = tool.get("inputSchema");
    if (schema != null && !(schema instanceof Map<?, ?>)) {
      return "its inputSchema is " + ConfigParser.typeOf(schema) + ", not a JSON Schema object";
    }
    return null;
  }
}
