package dev.toolnexus.client;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Why the model stopped: one vocabulary across providers ({@link #kind()}) plus the provider's own
 * value ({@link #raw()}) and explanation ({@link #message()}), so a truncated or blocked answer
 * never looks like a clean one.
 *
 * @param kind the stop in one vocabulary across providers
 * @param raw the provider's value verbatim (OpenAI {@code finish_reason}, Anthropic {@code
 *     stop_reason}, Gemini {@code finishReason}); null when it sent none
 * @param message the provider's explanation of the stop (Gemini {@code finishMessage}); null when
 *     it sent none
 */
public record FinishReason(Kind kind, String raw, String message) {

  /** Why the model stopped, in one vocabulary across providers. */
  public enum Kind {
    /** A natural end of the answer. */
    STOP,
    /** The output token limit cut the answer off. */
    LENGTH,
    /** A safety or refusal stop. */
    CONTENT_FILTER,
    /** The model called tools. */
    TOOL_CALLS,
    /** The provider reported a failed generation. */
    ERROR;

    /** The lowercase wire spelling (OpenAI's {@code finish_reason}), for example {@code "stop"}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
      return id();
    }
  }

  /** Requires the kind. */
  public FinishReason {
    Objects.requireNonNull(kind, "kind");
  }

  /** A reason without a provider message. */
  public FinishReason(Kind kind, String raw) {
    this(kind, raw, null);
  }

  private static final Set<String> LENGTHS =
      Set.of("length", "max_tokens", "model_context_window_exceeded", "max_output_tokens");

  private static final Set<String> FILTERED =
      Set.of(
          "content_filter",
          "refusal",
          "safety",
          "recitation",
          "blocklist",
          "prohibited_content",
          "spii",
          "language",
          "image_safety",
          "image_prohibited_content",
          "image_recitation");

  private static final Set<String> ERRORS =
      Set.of(
          "error",
          "malformed_function_call",
          "unexpected_tool_call",
          "too_many_tool_calls",
          "missing_thought_signature",
          "finish_reason_unspecified",
          "other",
          "image_other",
          "no_image");

  /**
   * The reason for a turn, without a provider message (see {@link #of(boolean, String, String)}).
   */
  public static FinishReason of(boolean calledTools, String raw) {
    return of(calledTools, raw, null);
  }

  /**
   * The reason for a turn: {@code tool_calls} whenever it called a tool; otherwise the provider's
   * value mapped, in any of the three styles: a token limit ({@code length}, {@code max_tokens},
   * {@code MAX_TOKENS}) is {@code length}; a refusal, safety, recitation or blocklist stop is
   * {@code content_filter}; a failed generation (Gemini's {@code MALFORMED_FUNCTION_CALL}, {@code
   * OTHER} and the like) is {@code error}; a natural end or an unknown value is {@code stop}.
   */
  public static FinishReason of(boolean calledTools, String raw, String message) {
    if (calledTools) {
      return new FinishReason(Kind.TOOL_CALLS, raw, message);
    }
    if (raw == null) {
      return new FinishReason(Kind.STOP, null, message);
    }
    String v = raw.toLowerCase(Locale.ROOT);
    Kind kind;
    if (LENGTHS.contains(v)) {
      kind = Kind.LENGTH;
    } else if (FILTERED.contains(v)) {
      kind = Kind.CONTENT_FILTER;
    } else if (ERRORS.contains(v)) {
      kind = Kind.ERROR;
    } else if (v.equals("tool_calls") || v.equals("tool_use") || v.equals("function_call")) {
      kind = Kind.TOOL_CALLS;
    } else {
      kind = Kind.STOP;
    }
    return new FinishReason(kind, raw, message);
  }

  /** Whether the answer was cut off by the output token limit. */
  public boolean truncated() {
    return kind == Kind.LENGTH;
  }

  /** Whether a safety or refusal stop withheld the answer. */
  public boolean blocked() {
    return kind == Kind.CONTENT_FILTER;
  }
}
