package dev.toolnexus.builtins;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code edit}: exact-string replace. Without {@code replaceAll} the old string must occur exactly
 * once. In a file with CRLF line endings, {@code \n} in both strings means the file's {@code \r\n},
 * so an edit neither misses nor mixes line endings.
 */
final class EditTool {
  private EditTool() {}

  static Tool create(Host host) {
    Map<String, Object> props =
        Schemas.ordered(
            "path", Schemas.prop("string", "Path to the file to edit"),
            "oldString", Schemas.prop("string", "Exact string to replace"),
            "newString", Schemas.prop("string", "Replacement string"),
            "replaceAll", Schemas.prop("boolean", "Replace all occurrences"));
    return new BuiltinTool(
        "edit",
        "Exact-string replace in a file. Default replaces a single unique occurrence; replaceAll"
            + " replaces all.",
        Schemas.object(props, List.of("path", "oldString", "newString")),
        ToolAnnotations.of(false, true, false, false),
        (args, ctx) -> run(host, args, ctx));
  }

  private static ToolResult run(Host host, Args args, ToolContext ctx)
      throws IOException, SafeFiles.Cancelled {
    String shown = args.requireString("path");
    String oldString = args.requireString("oldString");
    String newString = args.requirePresentString("newString");
    boolean replaceAll = args.bool("replaceAll");
    if (oldString.equals(newString)) {
      return ToolResult.error("edit: oldString and newString are identical; nothing to change");
    }
    Path file = host.paths().resolve(shown);
    String content;
    try {
      content = TextFiles.read(host.files(), file, shown, ctx.cancel());
    } catch (TextFiles.NotText e) {
      return ToolResult.error("edit: " + e.getMessage());
    }
    if (LineEndings.isCrlf(content)) {
      oldString = LineEndings.toCrlf(oldString);
      newString = LineEndings.toCrlf(newString);
    }
    int count = count(content, oldString);
    if (count == 0) {
      return ToolResult.error(
          "edit: oldString not found in "
              + shown
              + "; it must match the file exactly, including whitespace and indentation");
    }
    if (count > 1 && !replaceAll) {
      return ToolResult.error(
          "edit: oldString is not unique in "
              + shown
              + " ("
              + count
              + " occurrences); include more surrounding context or use replaceAll");
    }
    String next;
    if (replaceAll) {
      next = content.replace(oldString, newString);
    } else {
      int at = content.indexOf(oldString);
      next = content.substring(0, at) + newString + content.substring(at + oldString.length());
    }
    host.files().write(file, shown, next.getBytes(StandardCharsets.UTF_8));
    int replaced = replaceAll ? count : 1;
    return ToolResult.ok(
            "Edited " + shown + " (" + replaced + " replacement" + (replaced == 1 ? "" : "s") + ")")
        .withMetadata("replacements", replaced);
  }

  private static int count(String haystack, String needle) {
    int n = 0;
    int from = 0;
    while (true) {
      int at = haystack.indexOf(needle, from);
      if (at < 0) {
        return n;
      }
      n++;
      from = at + needle.length();
    }
  }
}
