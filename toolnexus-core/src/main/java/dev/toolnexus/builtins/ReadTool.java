package dev.toolnexus.builtins;

import dev.toolnexus.ContentPart;
import dev.toolnexus.MediaTypes;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code read}: a media file (by the fixed extension table) becomes one content part and a text
 * description; anything else is strict UTF-8 text, optionally a 1-based line window.
 */
final class ReadTool {
  private ReadTool() {}

  static Tool create(Host host) {
    Map<String, Object> props =
        Schemas.ordered(
            "path", Schemas.prop("string", "Path to the file to read"),
            "offset", Schemas.prop("number", "1-based line to start from"),
            "limit", Schemas.prop("number", "Maximum number of lines to read"));
    return new BuiltinTool(
        "read",
        "Read a file. Recognised media (png/jpg/jpeg/gif/webp/pdf/mp3/wav) comes back as a content"
            + " part; anything else is read as UTF-8 text, with offset/limit returning that line"
            + " window.",
        Schemas.object(props, List.of("path")),
        BuiltinTool.READ_LOCAL,
        (args, ctx) -> run(host, args, ctx));
  }

  private static ToolResult run(Host host, Args args, ToolContext ctx) throws SafeFiles.Cancelled {
    String shown = args.requireString("path");
    Long offsetArg = args.number("offset", null);
    Long limitArg = args.number("limit", null);
    Path file = host.paths().resolve(shown);
    try {
      Optional<MediaTypes.Media> media = MediaTypes.forFileName(shown);
      if (media.isPresent()) {
        byte[] bytes = TextFiles.bytes(host.files(), file, shown, ctx.cancel());
        MediaTypes.Media m = media.get();
        String b64 = Base64.getEncoder().encodeToString(bytes);
        ContentPart part =
            switch (m.partType()) {
              case "image" -> new ContentPart.Image(m.mimeType(), b64, null);
              case "audio" -> new ContentPart.Audio(m.mimeType(), b64, null);
              default ->
                  new ContentPart.FileData(
                      m.mimeType(), b64, null, String.valueOf(file.getFileName()));
            };
        return ToolResult.ok(
            shown + " (" + m.mimeType() + ", " + bytes.length + " bytes)", List.of(part));
      }
      String content = TextFiles.read(host.files(), file, shown, ctx.cancel());
      if (offsetArg == null && limitArg == null) {
        return whole(host, content);
      }
      return window(host, shown, content, offsetArg, limitArg);
    } catch (TextFiles.NotText e) {
      return ToolResult.error("read: " + e.getMessage());
    }
  }

  private static ToolResult whole(Host host, String content) {
    OutputCap.Capped c = OutputCap.head(content, host.maxOutputBytes());
    if (!c.truncated()) {
      return ToolResult.ok(content);
    }
    // cut on a line boundary so the hint's offset continues exactly where the text stops
    String kept = c.text();
    int lastNl = kept.lastIndexOf('\n');
    if (lastNl >= 0) {
      kept = kept.substring(0, lastNl + 1);
    }
    int shownLines = countLines(kept);
    long cut = c.totalBytes() - kept.getBytes(StandardCharsets.UTF_8).length;
    OutputCap.Capped actual = new OutputCap.Capped(kept, cut, c.totalBytes());
    return ToolResult.ok(
            kept
                + OutputCap.notice(
                    "read", actual, "continue with offset=" + (shownLines + 1) + " and a limit"))
        .withMetadata(Map.of("truncated", true, "nextOffset", shownLines + 1));
  }

  private static ToolResult window(
      Host host, String shown, String content, Long offsetArg, Long limitArg) {
    String[] lines = content.split("\n", -1);
    long offset = offsetArg == null ? 1 : Math.max(1, offsetArg);
    if (offset > lines.length) {
      return ToolResult.error(
          "read: offset "
              + offset
              + " is past the end of "
              + shown
              + " ("
              + lines.length
              + " lines)");
    }
    int start = (int) Math.min(offset - 1, lines.length);
    long limit = limitArg == null ? lines.length - start : Math.max(0, limitArg);
    int end = (int) Math.min(start + limit, lines.length);
    StringBuilder sb = new StringBuilder();
    int budget = host.maxOutputBytes();
    int used = 0;
    int last = start;
    for (int i = start; i < end; i++) {
      String line = (i > start ? "\n" : "") + lines[i];
      int size = line.getBytes(StandardCharsets.UTF_8).length;
      if (used + size > budget && i > start) {
        break;
      }
      sb.append(line);
      used += size;
      last = i + 1;
    }
    Map<String, Object> meta =
        Map.of("startLine", start + 1, "endLine", last, "totalLines", lines.length);
    if (used > budget) { // a single line longer than the whole cap
      return ToolResult.ok(OutputCap.headWithNotice("read", sb.toString(), budget, null))
          .withMetadata(meta);
    }
    if (last < end) {
      long cutBytes = 0;
      for (int i = last; i < end; i++) {
        cutBytes += lines[i].getBytes(StandardCharsets.UTF_8).length + 1;
      }
      OutputCap.Capped c = new OutputCap.Capped(sb.toString(), cutBytes, used + cutBytes);
      return ToolResult.ok(
              sb
                  + OutputCap.notice(
                      "read",
                      c,
                      "lines "
                          + (last + 1)
                          + "-"
                          + end
                          + " not shown; continue with offset="
                          + (last + 1)))
          .withMetadata(meta);
    }
    return ToolResult.ok(sb.toString()).withMetadata(meta);
  }

  private static int countLines(String text) {
    int n = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        n++;
      }
    }
    return n;
  }
}
