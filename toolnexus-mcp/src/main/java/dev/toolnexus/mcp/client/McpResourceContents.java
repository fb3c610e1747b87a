package dev.toolnexus.mcp.client;

import dev.toolnexus.ContentPart;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/**
 * What {@code resources/read} returned for one URI: text, or a blob of base64 bytes. A read may
 * return several (a directory-like resource lists its children).
 */
public sealed interface McpResourceContents
    permits McpResourceContents.Text, McpResourceContents.Blob {

  /** The URI these contents are of. */
  String uri();

  /** The mime type, or null when the server does not say. */
  String mimeType();

  /** The size of the contents in bytes (UTF-8 for text, decoded for a blob). */
  long byteSize();

  /** The contents as a part a model message accepts: text as text, a blob as a file part. */
  ContentPart part();

  /**
   * Text contents.
   *
   * @param uri the resource's URI
   * @param mimeType its mime type, or null
   * @param text the text
   */
  record Text(String uri, String mimeType, String text) implements McpResourceContents {
    /** Requires the URI and the text. */
    public Text {
      Objects.requireNonNull(uri, "uri");
      Objects.requireNonNull(text, "text");
    }

    @Override
    public long byteSize() {
      return text.getBytes(StandardCharsets.UTF_8).length;
    }

    @Override
    public ContentPart part() {
      return new ContentPart.Text(text);
    }
  }

  /**
   * Binary contents.
   *
   * @param uri the resource's URI
   * @param mimeType its mime type, or null (then {@code application/octet-stream} in {@link
   *     #part()})
   * @param base64 the bytes, standard base64 as the server sent them
   */
  record Blob(String uri, String mimeType, String base64) implements McpResourceContents {
    /** Requires the URI and the bytes. */
    public Blob {
      Objects.requireNonNull(uri, "uri");
      Objects.requireNonNull(base64, "base64");
    }

    /** The decoded bytes. */
    public byte[] bytes() {
      return Base64.getDecoder().decode(base64);
    }

    @Override
    public long byteSize() {
      int n = base64.length();
      int pad =
          n > 0 && base64.charAt(n - 1) == '=' ? (n > 1 && base64.charAt(n - 2) == '=' ? 2 : 1) : 0;
      return (long) n / 4 * 3 - pad;
    }

    @Override
    public ContentPart part() {
      String mime = mimeType == null || mimeType.isBlank() ? "application/octet-stream" : mimeType;
      return new ContentPart.FileData(mime, base64, null, null);
    }
  }
}
