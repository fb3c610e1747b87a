package dev.toolnexus.client.internal;

import dev.toolnexus.client.Style;

/** The codec of each style. */
public final class Codecs {
  private static final WireCodec OPENAI = new OpenAiCodec();
  private static final WireCodec ANTHROPIC = new AnthropicCodec();
  private static final WireCodec GEMINI = new GeminiCodec();

  private Codecs() {}

  /**
   * The codec for a style.
   *
   * @throws UnsupportedOperationException for a style whose codec is not on the classpath
   */
  public static WireCodec forStyle(Style style) {
    return switch (style) {
      case OPENAI -> OPENAI;
      case ANTHROPIC -> ANTHROPIC;
      case GEMINI -> GEMINI;
    };
  }

  /** Whether the base URL points at OpenRouter (whose key never goes anywhere else). */
  public static boolean isOpenRouter(String baseUrl) {
    String host = hostOf(baseUrl);
    return host.equals("openrouter.ai") || host.endsWith(".openrouter.ai");
  }

  /** The lower-case host of a URL, or empty when it has none. */
  public static String hostOf(String baseUrl) {
    try {
      String h = java.net.URI.create(baseUrl.trim()).getHost();
      return h == null ? "" : h.toLowerCase(java.util.Locale.ROOT);
    } catch (IllegalArgumentException e) {
      return "";
    }
  }

  /** {@code baseUrl} without trailing slashes. */
  public static String trimSlash(String baseUrl) {
    String b = baseUrl.trim();
    while (b.endsWith("/")) {
      b = b.substring(0, b.length() - 1);
    }
    return b;
  }
}
