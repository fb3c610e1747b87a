package dev.toolnexus.server.internal;

import dev.toolnexus.ContentPart;
import dev.toolnexus.ToolResult;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a {@link ToolResult} into an MCP {@code CallToolResult}: one text block with the output,
 * then one block per non-text part in order (image, audio, a file with bytes as an embedded
 * resource, anything given as a link as a {@code resource_link}), and {@code isError}. Metadata
 * never goes on the wire.
 */
public final class ResultMapping {
  private ResultMapping() {}

  /** The {@code CallToolResult} of {@code result}. */
  public static ObjectNode toMcp(ToolResult result) {
    ObjectNode out = JsonRpc.object();
    ArrayNode content = out.putArray("content");
    ObjectNode text = content.addObject();
    text.put("type", "text");
    text.put("text", result.output());
    int index = 0;
    for (ContentPart part : result.parts()) {
      index++;
      if (part instanceof ContentPart.Media media) {
        content.add(block(media, index));
      }
    }
    out.put("isError", result.isError());
    return out;
  }

  private static ObjectNode block(ContentPart.Media media, int index) {
    ObjectNode b = JsonRpc.object();
    if (media.url() != null) {
      b.put("type", "resource_link");
      b.put("uri", media.url());
      b.put("name", linkName(media, index));
      b.put("mimeType", media.mimeType());
      return b;
    }
    if (media instanceof ContentPart.Image) {
      b.put("type", "image");
      b.put("data", media.data());
      b.put("mimeType", media.mimeType());
    } else if (media instanceof ContentPart.Audio) {
      b.put("type", "audio");
      b.put("data", media.data());
      b.put("mimeType", media.mimeType());
    } else {
      ContentPart.FileData file = (ContentPart.FileData) media;
      b.put("type", "resource");
      ObjectNode resource = b.putObject("resource");
      resource.put("uri", file.name() != null ? file.name() : "part-" + index);
      resource.put("mimeType", file.mimeType());
      resource.put("blob", file.data());
    }
    return b;
  }

  private static String linkName(ContentPart.Media media, int index) {
    if (media instanceof ContentPart.FileData f && f.name() != null) {
      return f.name();
    }
    String path = media.url().replaceFirst("[?#].*$", "");
    int slash = path.lastIndexOf('/');
    String last = slash >= 0 ? path.substring(slash + 1) : path;
    return last.isEmpty() ? media.type() + "-" + index : last;
  }
}
