package dev.toolnexus.server.internal;

import dev.toolnexus.server.McpServeOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads a config file's {@code mcpServer} block onto a {@link McpServeOptions.Builder}. */
public final class McpServerBlock {
  private McpServerBlock() {}

  /**
   * Applies {@code mcpServer} to {@code b}.
   *
   * @throws IllegalArgumentException naming the field when one is unknown or has the wrong type
   */
  public static void apply(McpServeOptions.Builder b, Map<String, ?> mcpServer) {
    if (mcpServer == null) {
      return;
    }
    for (String key : mcpServer.keySet()) {
      if (!List.of("name", "version", "tools", "pageSize", "instructions").contains(key)) {
        throw new IllegalArgumentException(
            "mcpServer."
                + key
                + ": unknown field (expected name, version, tools, pageSize, instructions)");
      }
    }
    Object n = mcpServer.get("name");
    if (n != null) {
      b.name(string(n, "mcpServer.name"));
    }
    Object v = mcpServer.get("version");
    if (v != null) {
      b.version(string(v, "mcpServer.version"));
    }
    Object ins = mcpServer.get("instructions");
    if (ins != null) {
      b.instructions(string(ins, "mcpServer.instructions"));
    }
    Object t = mcpServer.get("tools");
    if (t != null) {
      if (!(t instanceof List<?> list)) {
        throw new IllegalArgumentException("mcpServer.tools: must be a list of tool names");
      }
      List<String> names = new ArrayList<>();
      for (Object o : list) {
        names.add(string(o, "mcpServer.tools[" + names.size() + "]"));
      }
      b.tools(names);
    }
    Object p = mcpServer.get("pageSize");
    if (p != null) {
      if (!(p instanceof Integer size) || size < 0) {
        throw new IllegalArgumentException(
            "mcpServer.pageSize: must be a whole number, 0 or more (got " + p + ")");
      }
      b.pageSize(size);
    }
  }

  private static String string(Object value, String field) {
    if (value instanceof String s) {
      return s;
    }
    throw new IllegalArgumentException(field + ": must be a string");
  }
}
