package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** {@code write}: creates or overwrites a file with UTF-8 content, creating parent directories. */
final class WriteTool {
  private WriteTool() {}

  static Tool create(Host host) {
    Map<String, Object> props =
        Schemas.ordered(
            "path", Schemas.prop("string", "Path to write to"),
            "content", Schemas.prop("string", "Content to write"));
    return new BuiltinTool(
        "write",
        "Write content to a file (create/overwrite), creating parent directories.",
        Schemas.object(props, List.of("path", "content")),
        ToolAnnotations.of(false, true, true, false),
        (args, ctx) -> run(host, args));
  }

  private static ToolResult run(Host host, Args args) throws IOException {
    String shown = args.requireString("path");
    String content = args.requirePresentString("content");
    Path file = host.paths().resolve(shown);
    if (Files.isDirectory(file)) {
      return ToolResult.error("write: " + shown + " is a directory, not a file");
    }
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    host.files().write(file, shown, bytes);
    return ToolResult.ok("Wrote " + bytes.length + " bytes to " + shown)
        .withMetadata("bytes", bytes.length);
  }
}
