package dev.toolnexus;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The fixed extension table shared by {@link ContentPart} edge constructors and the {@code read}
 * builtin. Mime types are never sniffed and never taken from a platform database.
 */
public final class MediaTypes {

  /** A known media extension: its mime type and the part type it becomes. */
  public record Media(String mimeType, String partType) {}

  private static final Map<String, Media> TABLE =
      Map.of(
          "png", new Media("image/png", "image"),
          "jpg", new Media("image/jpeg", "image"),
          "jpeg", new Media("image/jpeg", "image"),
          "gif", new Media("image/gif", "image"),
          "webp", new Media("image/webp", "image"),
          "pdf", new Media("application/pdf", "file"),
          "mp3", new Media("audio/mpeg", "audio"),
          "wav", new Media("audio/wav", "audio"));

  private MediaTypes() {}

  /** The media entry for a file name's extension (case-insensitive), if it is in the table. */
  public static Optional<Media> forFileName(String fileName) {
    return extension(fileName).map(TABLE::get);
  }

  /** The lowercase extension of a file name, without the dot. */
  public static Optional<String> extension(String fileName) {
    int slash = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
    int dot = fileName.lastIndexOf('.');
    if (dot <= slash || dot == fileName.length() - 1) {
      return Optional.empty();
    }
    return Optional.of(fileName.substring(dot + 1).toLowerCase(Locale.ROOT));
  }

  /** The part type ({@code image}, {@code audio} or {@code file}) a mime type maps to. */
  public static String partTypeFor(String mimeType) {
    String m = mimeType.toLowerCase(Locale.ROOT);
    if (m.startsWith("image/")) {
      return "image";
    }
    if (m.startsWith("audio/")) {
      return "audio";
    }
    return "file";
  }
}
