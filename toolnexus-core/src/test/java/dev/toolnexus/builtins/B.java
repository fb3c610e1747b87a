package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test helpers: one builtin by name, and argument maps. */
final class B {
  private B() {}

  static Tool tool(BuiltinsOptions options, String name) {
    return Builtins.create(options).stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("builtin " + name + " not created"));
  }

  static Tool tool(Path baseDir, String name) {
    return tool(BuiltinsOptions.builder().baseDir(baseDir).build(), name);
  }

  static Tool confined(Path baseDir, String name) {
    return tool(BuiltinsOptions.builder().baseDir(baseDir).confineToBaseDir(true).build(), name);
  }

  static ToolResult run(Tool tool, Object... kv) {
    return tool.execute(args(kv), ToolContext.empty());
  }

  static Map<String, Object> args(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }
}
