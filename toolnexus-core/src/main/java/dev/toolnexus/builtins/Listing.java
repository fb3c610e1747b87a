package dev.toolnexus.builtins;

import dev.toolnexus.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Shared parts of grep and glob: the walk root, the limit, and the truncated listing's text. */
final class Listing {
  static final long DEFAULT_LIMIT = 100;

  private Listing() {}

  static Path root(Host host, Args args, String tool) {
    String given = args.string("path", "");
    Path root = given.isEmpty() ? host.paths().base() : host.paths().resolve(given);
    if (!Files.exists(root)) {
      throw args.bad("path not found: " + (given.isEmpty() ? root.toString() : given));
    }
    return root;
  }

  static int limit(Args args) {
    long limit = args.number("limit", DEFAULT_LIMIT);
    if (limit < 1) {
      throw args.bad("limit must be a positive number");
    }
    return (int) Math.min(limit, Integer.MAX_VALUE);
  }

  /**
   * The first {@code limit} lines joined by {@code \n}, a note when more were found, and the byte
   * cap over the whole text.
   */
  static ToolResult result(
      String tool, List<String> all, int limit, String noun, Host host, Map<String, Object> meta) {
    List<String> shown = all.size() > limit ? all.subList(0, limit) : all;
    String text = String.join("\n", shown);
    if (all.size() > limit) {
      text +=
          "\n\n["
              + tool
              + ": "
              + limit
              + " of "
              + all.size()
              + " "
              + noun
              + " shown; narrow the pattern or path, or raise limit]";
    }
    text =
        OutputCap.headWithNotice(tool, text, host.maxOutputBytes(), "narrow the pattern or path");
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>(meta);
    m.put("count", shown.size());
    m.put("total", all.size());
    m.put("truncated", all.size() > limit);
    return ToolResult.ok(text).withMetadata(m);
  }
}
