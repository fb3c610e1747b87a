package dev.toolnexus.client.internal;

import dev.toolnexus.ContentPart;
import java.util.Locale;
import java.util.Set;

/**
 * Which content parts each provider's API accepts, so a part it would refuse with a 400 takes the
 * unsupported-part path (placeholder and one warning, or an error for an attached part) instead.
 * The lists follow the providers' published request types:
 *
 * <ul>
 *   <li>OpenAI Chat Completions: {@code image_url} takes an http(s) URL or a data URL of PNG, JPEG,
 *       WEBP or non-animated GIF; {@code input_audio.format} is {@code wav} or {@code mp3}; {@code
 *       file.file_data} is a base64 PDF (openai/openai-openapi, {@code
 *       ChatCompletionRequestMessageContentPartAudio}, {@code ...PartFile}; the vision guide).
 *   <li>Anthropic Messages: image {@code media_type} is one of {@code image/jpeg}, {@code
 *       image/png}, {@code image/gif}, {@code image/webp}; a {@code document} source is base64 or
 *       URL of {@code application/pdf}, or {@code {type:"text", media_type:"text/plain", data}}
 *       plain text; URLs are http(s) (anthropic-sdk-python {@code Base64ImageSourceParam}, {@code
 *       Base64PDFSourceParam}, {@code PlainTextSourceParam}, {@code URLPDFSourceParam}).
 *   <li>Gemini: inline images are PNG, JPEG, WEBP, HEIC or HEIF; audio, video, PDF and text types
 *       are read; a {@code fileData.fileUri} is an http(s) or {@code gs://} URI (Gemini API docs,
 *       image and document understanding).
 * </ul>
 */
final class MediaRules {
  private MediaRules() {}

  private static final Set<String> OPENAI_IMAGES =
      Set.of("image/png", "image/jpeg", "image/jpg", "image/webp", "image/gif");
  private static final Set<String> ANTHROPIC_IMAGES =
      Set.of("image/jpeg", "image/png", "image/gif", "image/webp");
  private static final Set<String> GEMINI_IMAGES =
      Set.of("image/png", "image/jpeg", "image/webp", "image/heic", "image/heif");

  /**
   * The lower-case MIME type without parameters ({@code text/plain; charset=utf-8} → text/plain).
   */
  static String mime(ContentPart.Media m) {
    String mime = m.mimeType() == null ? "" : m.mimeType();
    int semi = mime.indexOf(';');
    return (semi < 0 ? mime : mime.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
  }

  /**
   * Whether a URL is an http(s) link (not {@code file://}, {@code demo://} or any other scheme).
   */
  static boolean isHttp(String url) {
    String u = url == null ? "" : url.trim().toLowerCase(Locale.ROOT);
    return u.startsWith("https://") || u.startsWith("http://");
  }

  /** The Chat Completions {@code input_audio.format} of a MIME type, or null when it has none. */
  static String openAiAudioFormat(String mime) {
    return switch (mime) {
      case "audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave" -> "wav";
      case "audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg-3" -> "mp3";
      default -> null;
    };
  }

  /** Whether Chat Completions accepts this part. */
  static boolean openAi(ContentPart p) {
    if (!(p instanceof ContentPart.Media m)) {
      return true;
    }
    String mime = mime(m);
    return switch (m.type()) {
      case "image" -> OPENAI_IMAGES.contains(mime) && (m.data() != null || isHttp(m.url()));
      case "file" -> m.data() != null && mime.equals("application/pdf");
      case "audio" -> m.data() != null && openAiAudioFormat(mime) != null;
      default -> false;
    };
  }

  /** Whether Messages accepts this part (it has no audio block). */
  static boolean anthropic(ContentPart p) {
    if (!(p instanceof ContentPart.Media m)) {
      return true;
    }
    String mime = mime(m);
    return switch (m.type()) {
      case "image" -> ANTHROPIC_IMAGES.contains(mime) && (m.data() != null || isHttp(m.url()));
      case "file" ->
          m.data() != null
              ? mime.equals("application/pdf") || mime.equals("text/plain")
              : mime.equals("application/pdf") && isHttp(m.url());
      default -> false;
    };
  }

  /** Whether Gemini accepts this part, inline or by URI. */
  static boolean gemini(ContentPart p) {
    if (!(p instanceof ContentPart.Media m)) {
      return true;
    }
    if (m.data() == null && !isHttp(m.url()) && !m.url().trim().startsWith("gs://")) {
      return false;
    }
    String mime = mime(m);
    if (mime.startsWith("image/")) {
      return GEMINI_IMAGES.contains(mime);
    }
    return mime.startsWith("audio/")
        || mime.startsWith("video/")
        || mime.startsWith("text/")
        || mime.equals("application/pdf");
  }
}
