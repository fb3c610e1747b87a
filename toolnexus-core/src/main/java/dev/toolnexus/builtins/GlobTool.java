package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code glob}: relative paths of the files under a directory that match a glob, sorted. */
final class GlobTool {
  private GlobTool() {}

  static Tool create(Host host) {
    Map<String, Object> props =
        Schemas.ordered(
            "pattern", Schemas.prop("string", "Glob pattern to match"),
            "path", Schemas.prop("string", "Directory to search (default: process cwd)"),
            "limit", Schemas.prop("number", "Maximum number of results (default 100)"));
    return new BuiltinTool(
        "glob",
        "List files matching a glob under a directory. Output is newline-joined relative paths.",
        Schemas.object(props, List.of("pattern")),
        BuiltinTool.READ_LOCAL,
        (args, ctx) -> run(host, args, ctx));
  }

  private static ToolResult run(Host host, Args args, ToolContext ctx) throws IOException {
    String pattern = args.requireString("pattern");
    GlobMatcher glob;
    try {
      glob = GlobMatcher.compile(pattern);
    } catch (IllegalArgumentException e) {
      return ToolResult.error("glob: " + e.getMessage());
    }
    Path root = Listing.root(host, args, "glob");
    int limit = Listing.limit(args);
    List<String> found = new ArrayList<>();
    for (FileWalker.Entry e : FileWalker.walk(root)) {
      if (ctx.isCancelled()) {
        return ToolResult.error("glob: cancelled");
      }
      if (glob.matches(e.rel())) {
        found.add(e.rel());
      }
    }
    return Listing.result("glob", found, limit, "files", host, Map.of());
  }
}
