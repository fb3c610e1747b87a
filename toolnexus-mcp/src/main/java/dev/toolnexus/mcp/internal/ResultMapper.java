package dev.toolnexus.mcp.internal;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.ToolResult;
import dev.toolnexus.mcp.client.McpServerConfig;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Maps an MCP {@code CallToolResult} onto a {@link ToolResult}: non-text content becomes parts on
 * every branch, then {@code isError} wins, then {@code structuredContent} as JSON, else the joined
 * text. A result with parts but no text describes each part. A successful result that breaks the
 * tool's {@code outputSchema} is an error result naming the tool and each failing field.
 */
public final class ResultMapper {
  private static final String OCTET_STREAM = "application/octet-stream";

  private ResultMapper() {}

  /** The result of a tool without an output schema, with the default cap. */
  public static ToolResult map(McpSchema.CallToolResult result, String server) {
    return map(result, server, null, McpServerConfig.DEFAULT_MAX_RESULT_BYTES, OutputCheck.NONE);
  }

  /**
   * The toolnexus result of one MCP call; {@code server} goes into the metadata. Text longer than
   * {@code maxBytes} (UTF-8) is cut at its head, with a notice naming the tool and how much was
   * cut, as the built-in tools do. A result that fails {@code output} is an error result.
   */
  static ToolResult map(
      McpSchema.CallToolResult result,
      String server,
      String tool,
      long maxBytes,
      OutputCheck output) {
    String problem = output.problem(result);
    if (problem != null) {
      return new ToolResult(
          cap(
              "MCP server \"" + server + "\": tool \"" + tool + "\" returned " + problem,
              server,
              tool,
              maxBytes),
          true,
          List.of(),
          Map.of("server", server));
    }
    ToolResult r = mapWhole(result, server);
    return new ToolResult(
        cap(r.output(), server, tool, maxBytes), r.isError(), r.parts(), r.metadata());
  }

  private static String cap(String text, String server, String tool, long maxBytes) {
    if (text.length() <= maxBytes / 3) {
      return text; // fast path: even at 3 bytes a char it fits
    }
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= maxBytes) {
      return text;
    }
    int end = (int) maxBytes;
    while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
      end--; // never split a multi-byte character
    }
    return new String(bytes, 0, end, StandardCharsets.UTF_8)
        + "\n\n[MCP "
        + (tool == null ? "tool" : "tool \"" + tool + "\"")
        + " of server \""
        + server
        + "\": output truncated: "
        + (bytes.length - end)
        + " of "
        + bytes.length
        + " bytes cut (maxResultBytes="
        + maxBytes
        + ")]";
  }

  private static ToolResult mapWhole(McpSchema.CallToolResult result, String server) {
    List<String> texts = new ArrayList<>();
    List<ContentPart> parts = new ArrayList<>();
    List<McpSchema.Content> content = result.content() == null ? List.of() : result.content();
    for (McpSchema.Content c : content) {
      try {
        collect(c, texts, parts);
      } catch (IllegalArgumentException e) {
        // a malformed part (bad base64, no mime type) is reported, never dropped silently
        texts.add("[" + c.type() + " content could not be read: " + e.getMessage() + "]");
      }
    }
    Map<String, Object> meta = Map.of("server", server);
    if (Boolean.TRUE.equals(result.isError())) {
      String text = String.join("\n\n", texts.stream().filter(t -> !t.isBlank()).toList());
      if (text.isEmpty()) {
        text = parts.isEmpty() ? "MCP tool returned an error" : describe(parts);
      }
      return new ToolResult(text, true, parts, meta);
    }
    if (result.structuredContent() != null) {
      return new ToolResult(Json.write(result.structuredContent()), false, parts, meta);
    }
    String output =
        texts.isEmpty() && !parts.isEmpty() ? describe(parts) : String.join("\n", texts);
    return new ToolResult(output, false, parts, meta);
  }

  private static void collect(McpSchema.Content c, List<String> texts, List<ContentPart> parts) {
    if (c instanceof McpSchema.TextContent t) {
      texts.add(t.text() == null ? "" : t.text());
    } else if (c instanceof McpSchema.ImageContent i) {
      parts.add(new ContentPart.Image(mime(i.mimeType()), i.data(), null));
    } else if (c instanceof McpSchema.AudioContent a) {
      parts.add(new ContentPart.Audio(mime(a.mimeType()), a.data(), null));
    } else if (c instanceof McpSchema.ResourceLink link) {
      parts.add(new ContentPart.FileData(mime(link.mimeType()), null, link.uri(), link.name()));
    } else if (c instanceof McpSchema.EmbeddedResource embedded) {
      McpSchema.ResourceContents rc = embedded.resource();
      if (rc instanceof McpSchema.BlobResourceContents blob) {
        parts.add(new ContentPart.FileData(mime(blob.mimeType()), blob.blob(), null, blob.uri()));
      } else if (rc instanceof McpSchema.TextResourceContents text) {
        texts.add(text.text() == null ? "" : text.text());
      }
    }
  }

  private static String mime(String m) {
    return m == null || m.isBlank() ? OCTET_STREAM : m;
  }

  private static String describe(List<ContentPart> parts) {
    List<String> lines = new ArrayList<>();
    for (ContentPart p : parts) {
      if (p instanceof ContentPart.Media m) {
        lines.add(m.describe());
      }
    }
    return String.join("\n", lines);
  }
}
