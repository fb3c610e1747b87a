package dev.toolnexus.client;

import java.util.Objects;

/**
 * Why the model stopped: one vocabulary across providers ({@link #kind()}) plus the provider's own
 * value ({@link #raw()}), so a truncated or blocked answer never looks like a clean one.
 *
 * @param kind {@code stop}, {@code length}, {@code content_filter}, {@code tool_calls} or {@code
 *     error}
 * @param raw the provider's value verbatim; null when it sent none
 */
public record FinishReason(String kind, String raw) {

  /** A natural end of the answer. */
  public static final String STOP = "stop";

  /** The output token limit cut the answer off. */
  public static final String LENGTH = "length";

  /** A safety or refusal stop. */
  public static final String CONTENT_FILTER = "content_filter";

  /** The model called tools. */
  public static final String TOOL_CALLS = "tool_calls";

  /** The provider reported a failed generation. */
  public static final String ERROR = "error";

  /** Requires the kind. */
  public FinishReason {
    Objects.requireNonNull(kind, "kind");
  }

  /**
   * The reason for a turn: {@code tool_calls} whenever it called a tool, else the provider's value
   * mapped: a token limit is {@code length}, a refusal or safety stop is {@code content_filter},
   * anything else {@code stop}.
   */
  public static FinishReason of(boolean calledTools, String raw) {
    if (calledTools) {
      return new FinishReason(TOOL_CALLS, raw);
    }
    if (raw == null) {
      return new FinishReason(STOP, null);
    }
    String kind =
        switch (raw) {
          case "max_tokens", "length", "MAX_TOKENS" -> LENGTH;
          case "refusal",
              "content_filter",
              "SAFETY",
              "RECITATION",
              "BLOCKLIST",
              "PROHIBITED_CONTENT",
              "SPII",
              "IMAGE_SAFETY" ->
              CONTENT_FILTER;
          default -> STOP;
        };
    return new FinishReason(kind, raw);
  }
}
