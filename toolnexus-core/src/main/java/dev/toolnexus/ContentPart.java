package dev.toolnexus;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Objects;

/**
 * Non-text (or text) content on a prompt or a {@link ToolResult}. A media part carries a {@code
 * mimeType} and exactly one of standard padded base64 {@code data} or a {@code url}; it never holds
 * a filesystem path, so it survives persistence and process boundaries.
 *
 * <p>Serialized with {@link Json#mapper()} a part is exactly its wire form, {@code {type, text}} or
 * {@code {type, mimeType, data | url, name?}}, and it reads back from that form. {@code toString}
 * never shows {@code data}: logs see {@code {type, mimeType, bytes}} only.
 */
@JsonTypeInfo(
    use = JsonTypeInfo.Id.NAME,
    include = JsonTypeInfo.As.EXISTING_PROPERTY,
    property = "type",
    visible = false)
@JsonSubTypes({
  @JsonSubTypes.Type(value = ContentPart.Text.class, name = "text"),
  @JsonSubTypes.Type(value = ContentPart.Image.class, name = "image"),
  @JsonSubTypes.Type(value = ContentPart.FileData.class, name = "file"),
  @JsonSubTypes.Type(value = ContentPart.Audio.class, name = "audio")
})
public sealed interface ContentPart permits ContentPart.Text, ContentPart.Media {

  /** The part type on the wire: {@code text}, {@code image}, {@code file} or {@code audio}. */
  @JsonProperty("type")
  String type();

  /**
   * Plain text.
   *
   * @param text the text
   */
  @JsonPropertyOrder({"type", "text"})
  record Text(String text) implements ContentPart {
    /** Requires the text. */
    public Text {
      Objects.requireNonNull(text, "text");
    }

    @Override
    public String type() {
      return "text";
    }
  }

  /** A part with bytes or a link; implemented by image, file and audio parts. */
  sealed interface Media extends ContentPart permits Image, FileData, Audio {
    /** The mime type, for example {@code image/png}. */
    String mimeType();

    /** Standard padded base64 bytes, or null when the part is a {@link #url()}. */
    String data();

    /** An {@code http(s)} link, or null when the part carries {@link #data()}. */
    String url();

    /** The number of decoded bytes; 0 for a url part. */
    default long decodedBytes() {
      return data() == null ? 0 : Base64Sizes.decodedLength(data());
    }

    /** The byte-identical description {@code <type> (<mimeType>, <bytes> bytes)}. */
    default String describe() {
      return type() + " (" + mimeType() + ", " + decodedBytes() + " bytes)";
    }

    /**
     * The byte-identical {@code read} form {@code <label> (<mimeType>, <bytes> bytes)}, for example
     * {@code shot.png (image/png, 82 bytes)}.
     */
    default String describeAs(String label) {
      return label + " (" + mimeType() + ", " + decodedBytes() + " bytes)";
    }

    /** The byte-identical placeholder {@code [unsupported <type> part (<mime>, <n> bytes)]}. */
    default String placeholder() {
      return "[unsupported " + type() + " part (" + mimeType() + ", " + decodedBytes() + " bytes)]";
    }

    /** The token estimate every port agrees on: {@code max(85, floor(decodedBytes / 750))}. */
    default long estimateTokens() {
      return Math.max(85, decodedBytes() / 750);
    }

    /** The log form {@code {type, mimeType, bytes}}; the payload itself is never rendered. */
    default String logForm() {
      return "{type=" + type() + ", mimeType=" + mimeType() + ", bytes=" + decodedBytes() + "}";
    }
  }

  /**
   * An image.
   *
   * @param mimeType for example {@code image/png}
   * @param data standard padded base64, or null for a url part
   * @param url an {@code http(s)} link, or null for a data part
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"type", "mimeType", "data", "url"})
  record Image(String mimeType, String data, String url) implements Media {
    /** Enforces exactly one of data or url. */
    public Image {
      Base64Sizes.checkMedia("image", mimeType, data, url);
    }

    @Override
    public String type() {
      return "image";
    }

    @Override
    public String toString() {
      return logForm();
    }
  }

  /**
   * A document or other file.
   *
   * @param mimeType for example {@code application/pdf}
   * @param data standard padded base64, or null for a url part
   * @param url an {@code http(s)} link, or null for a data part
   * @param name an optional display file name (never a path); may be null
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"type", "mimeType", "data", "url", "name"})
  record FileData(String mimeType, String data, String url, String name) implements Media {
    /** Enforces exactly one of data or url. */
    public FileData {
      Base64Sizes.checkMedia("file", mimeType, data, url);
    }

    @Override
    public String type() {
      return "file";
    }

    @Override
    public String toString() {
      return logForm();
    }
  }

  /**
   * An audio clip.
   *
   * @param mimeType for example {@code audio/wav}
   * @param data standard padded base64, or null for a url part
   * @param url an {@code http(s)} link, or null for a data part
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"type", "mimeType", "data", "url"})
  record Audio(String mimeType, String data, String url) implements Media {
    /** Enforces exactly one of data or url. */
    public Audio {
      Base64Sizes.checkMedia("audio", mimeType, data, url);
    }

    @Override
    public String type() {
      return "audio";
    }

    @Override
    public String toString() {
      return logForm();
    }
  }

  /** A text part. */
  static ContentPart text(String text) {
    return new Text(text);
  }

  /** A media part of the given type ({@code image}, {@code file}, {@code audio}) from base64. */
  static Media ofBase64(String type, String mimeType, String base64) {
    return switch (type) {
      case "image" -> new Image(mimeType, base64, null);
      case "audio" -> new Audio(mimeType, base64, null);
      case "file" -> new FileData(mimeType, base64, null, null);
      default -> throw new IllegalArgumentException("unknown content part type \"" + type + "\"");
    };
  }

  /**
   * A media part whose type follows its mime type ({@code image/*}, {@code audio/*}, else file).
   */
  static Media fromBytes(byte[] bytes, String mimeType) {
    Objects.requireNonNull(bytes, "bytes");
    if (mimeType == null || mimeType.isBlank()) {
      throw new IllegalArgumentException("a content part from bytes needs a mimeType");
    }
    return ofBase64(
        MediaTypes.partTypeFor(mimeType), mimeType, Base64.getEncoder().encodeToString(bytes));
  }

  /**
   * Reads a file now; the mime type comes from the fixed extension table.
   *
   * @throws IllegalArgumentException when the extension is not in the table
   * @throws UncheckedIOException when the file cannot be read
   */
  static Media fromPath(Path path) {
    String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
    MediaTypes.Media media =
        MediaTypes.forFileName(name)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "unknown media extension \""
                            + MediaTypes.extension(name).map(e -> "." + e).orElse("(none)")
                            + "\" for "
                            + name
                            + "; pass a mimeType explicitly"));
    return fromPath(path, media.mimeType());
  }

  /**
   * Reads a file now with an explicit mime type. A {@code file} part carries the file's name (its
   * last path segment only, never the path).
   */
  static Media fromPath(Path path, String mimeType) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
    }
    Media part = fromBytes(bytes, mimeType);
    if (part instanceof FileData f && path.getFileName() != null) {
      return new FileData(f.mimeType(), f.data(), null, path.getFileName().toString());
    }
    return part;
  }

  /** Reads a {@link File} now; the mime type comes from the extension table. */
  static Media fromFile(File file) {
    return fromPath(file.toPath());
  }

  /** Reads a stream to its end now (it is not closed); the mime type is required. */
  static Media fromStream(InputStream in, String mimeType) {
    try {
      return fromBytes(in.readAllBytes(), mimeType);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read stream: " + e.getMessage(), e);
    }
  }

  /**
   * Parses a {@code data:<mime>;base64,<b64>} URL into data, or keeps an {@code http(s):} URL as a
   * link (a mime type is then required for the part's type).
   */
  static Media fromUrl(String url, String mimeType) {
    Objects.requireNonNull(url, "url");
    if (url.startsWith("data:")) {
      return Base64Sizes.parseDataUrl(url);
    }
    if (!(url.startsWith("https:") || url.startsWith("http:"))) {
      throw new IllegalArgumentException(
          "a content part url must be https:, http: or data:, got \""
              + Base64Sizes.scheme(url)
              + "\"");
    }
    String mime = mimeType;
    if (mime == null || mime.isBlank()) {
      String path = url.replaceFirst("[?#].*$", "");
      mime =
          MediaTypes.forFileName(path)
              .map(MediaTypes.Media::mimeType)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "cannot tell the mime type of " + url + "; pass a mimeType explicitly"));
    }
    return switch (MediaTypes.partTypeFor(mime)) {
      case "image" -> new Image(mime, null, url);
      case "audio" -> new Audio(mime, null, url);
      default -> new FileData(mime, null, url, null);
    };
  }

  /** {@link #fromUrl(String, String)} with the mime type taken from the data URL or extension. */
  static Media fromUrl(String url) {
    return fromUrl(url, null);
  }
}
