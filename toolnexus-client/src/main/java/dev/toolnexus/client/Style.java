package dev.toolnexus.client;

import java.util.Locale;

/**
 * The wire dialect a client speaks. Each style has one internal codec that builds request bodies
 * from the provider-neutral transcript and parses responses and streams back into it.
 */
public enum Style {
  /** OpenAI Chat Completions: {@code POST {baseUrl}/chat/completions}, bearer auth. */
  OPENAI("openai"),
  /** Anthropic Messages: {@code POST {baseUrl}[/v1]/messages}, {@code x-api-key} auth. */
  ANTHROPIC("anthropic"),
  /** Google Gemini {@code generateContent}; its codec is registered by the Gemini extension. */
  GEMINI("gemini");

  private final String wireName;

  Style(String wireName) {
    this.wireName = wireName;
  }

  /** The lower-case name used in configuration and in assistant-message extras. */
  public String wireName() {
    return wireName;
  }

  /**
   * Parses {@code openai}, {@code anthropic} or {@code gemini} (any case).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static Style parse(String value) {
    if (value != null) {
      String v = value.trim().toLowerCase(Locale.ROOT);
      for (Style s : values()) {
        if (s.wireName.equals(v)) {
          return s;
        }
      }
    }
    throw new IllegalArgumentException(
        "unknown client style \"" + value + "\"; expected openai, anthropic or gemini");
  }
}
