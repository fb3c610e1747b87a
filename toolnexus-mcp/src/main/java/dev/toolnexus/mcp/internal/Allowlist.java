package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-server {@code tools} filter (the same rules as builtins and skills): empty keeps all, any
 * {@code true} makes it an allowlist, only {@code false} entries make it a drop-list, and unknown
 * names are ignored with a warning. Keyed on the server's original tool names.
 */
final class Allowlist {
  private static final Logger log = LoggerFactory.getLogger(Allowlist.class);

  private Allowlist() {}

  static List<McpSchema.Tool> apply(
      Map<String, Boolean> filter, List<McpSchema.Tool> listed, String server) {
    if (filter.isEmpty()) {
      return listed;
    }
    Set<String> names = new HashSet<>();
    listed.forEach(t -> names.add(t.name()));
    for (String key : filter.keySet()) {
      if (!names.contains(key)) {
        log.warn(
            "MCP server {}: the tools filter names \"{}\", which the server does not list",
            server,
            key);
      }
    }
    boolean allowlist = filter.containsValue(Boolean.TRUE);
    List<McpSchema.Tool> out = new ArrayList<>();
    for (McpSchema.Tool t : listed) {
      Boolean v = filter.get(t.name());
      if (allowlist ? Boolean.TRUE.equals(v) : !Boolean.FALSE.equals(v)) {
        out.add(t);
      }
    }
    return out;
  }
}
