package dev.toolnexus.client;

/**
 * Token usage, summed across the LLM round trips of a run (OpenAI {@code prompt/completion/total
 * tokens}; Anthropic {@code input_tokens} as prompt and {@code output_tokens} as completion).
 *
 * @param promptTokens tokens sent
 * @param completionTokens tokens generated
 * @param totalTokens their sum as the provider reported it
 */
public record Usage(long promptTokens, long completionTokens, long totalTokens) {

  /** No tokens. */
  public static final Usage ZERO = new Usage(0, 0, 0);

  /** The element-wise sum of this and {@code other}. */
  public Usage plus(Usage other) {
    return new Usage(
        promptTokens + other.promptTokens,
        completionTokens + other.completionTokens,
        totalTokens + other.totalTokens);
  }
}
