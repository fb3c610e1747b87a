package dev.toolnexus.mcp.internal;

import dev.toolnexus.ContentPart;
import dev.toolnexus.mcp.client.McpPrompt;
import dev.toolnexus.mcp.client.McpPromptArgument;
import dev.toolnexus.mcp.client.McpPromptMessage;
import dev.toolnexus.mcp.client.McpResource;
import dev.toolnexus.mcp.client.McpResourceContents;
import dev.toolnexus.mcp.client.McpResourceTemplate;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;

/** Maps the SDK's resource and prompt records onto the public records of the MCP source. */
final class FeatureMapper {
  private static final String OCTET_STREAM = "application/octet-stream";

  private FeatureMapper() {}

  static McpResource resource(String server, McpSchema.Resource r) {
    return new McpResource(
        server, r.uri(), r.name(), r.title(), r.description(), r.mimeType(), r.size());
  }

  static McpResourceTemplate template(String server, McpSchema.ResourceTemplate t) {
    return new McpResourceTemplate(
        server, t.uriTemplate(), t.name(), t.title(), t.description(), t.mimeType());
  }

  static McpPrompt prompt(String server, McpSchema.Prompt p) {
    List<McpPromptArgument> args = new ArrayList<>();
    if (p.arguments() != null) {
      for (McpSchema.PromptArgument a : p.arguments()) {
        args.add(
            new McpPromptArgument(
                a.name(), a.title(), a.description(), Boolean.TRUE.equals(a.required())));
      }
    }
    return new McpPrompt(server, p.name(), p.title(), p.description(), args);
  }

  /** One read contents; a blob stays base64, text stays text (a missing text reads as empty). */
  static McpResourceContents contents(McpSchema.ResourceContents c, String uri) {
    String at = c.uri() == null ? uri : c.uri();
    if (c instanceof McpSchema.BlobResourceContents b) {
      return new McpResourceContents.Blob(at, b.mimeType(), b.blob() == null ? "" : b.blob());
    }
    McpSchema.TextResourceContents t = (McpSchema.TextResourceContents) c;
    return new McpResourceContents.Text(at, t.mimeType(), t.text() == null ? "" : t.text());
  }

  static McpPromptMessage message(McpSchema.PromptMessage m) {
    String role = m.role() == null ? "user" : m.role().name().toLowerCase(java.util.Locale.ROOT);
    return new McpPromptMessage(role, part(m.content()));
  }

  /** A prompt message's content as the part a model message takes. */
  static ContentPart part(McpSchema.Content c) {
    if (c instanceof McpSchema.TextContent t) {
      return new ContentPart.Text(t.text() == null ? "" : t.text());
    }
    if (c instanceof McpSchema.ImageContent i) {
      return new ContentPart.Image(mime(i.mimeType()), i.data(), null);
    }
    if (c instanceof McpSchema.AudioContent a) {
      return new ContentPart.Audio(mime(a.mimeType()), a.data(), null);
    }
    if (c instanceof McpSchema.EmbeddedResource e) {
      McpSchema.ResourceContents rc = e.resource();
      if (rc instanceof McpSchema.BlobResourceContents b) {
        return new ContentPart.FileData(mime(b.mimeType()), b.blob(), null, b.uri());
      }
      McpSchema.TextResourceContents t = (McpSchema.TextResourceContents) rc;
      return new ContentPart.Text(t.text() == null ? "" : t.text());
    }
    if (c instanceof McpSchema.ResourceLink link) {
      String uri = link.uri();
      if (uri != null && (uri.startsWith("https:") || uri.startsWith("http:"))) {
        return new ContentPart.FileData(mime(link.mimeType()), null, uri, link.name());
      }
      return new ContentPart.Text(uri == null ? "" : uri);
    }
    return new ContentPart.Text("");
  }

  private static String mime(String m) {
    return m == null || m.isBlank() ? OCTET_STREAM : m;
  }
}
