package dev.toolnexus.client;

/**
 * Token usage, summed across the LLM round trips of a run, in one meaning for every provider:
 * {@code promptTokens} is everything the model read and {@code completionTokens} everything it
 * wrote, so {@code promptTokens + completionTokens == totalTokens}. Anthropic's cache writes and
 * reads count as prompt tokens (and are reported again below); Gemini's thinking tokens count as
 * completion and its tool-use prompt tokens as prompt.
 *
 * @param promptTokens tokens read, cached ones included
 * @param completionTokens tokens generated, thinking included
 * @param totalTokens their sum
 * @param cacheCreationTokens the part of {@code promptTokens} written to the provider's prompt
 *     cache (Anthropic {@code cache_creation_input_tokens}); 0 when not reported
 * @param cacheReadTokens the part of {@code promptTokens} read from the provider's prompt cache
 *     (Anthropic {@code cache_read_input_tokens}, OpenAI {@code cached_tokens}, Gemini {@code
 *     cachedContentTokenCount}); 0 when not reported
 */
public record Usage(
    long promptTokens,
    long completionTokens,
    long totalTokens,
    long cacheCreationTokens,
    long cacheReadTokens) {

  /** No tokens. */
  public static final Usage ZERO = new Usage(0, 0, 0);

  /** Usage without prompt-cache detail. */
  public Usage(long promptTokens, long completionTokens, long totalTokens) {
    this(promptTokens, completionTokens, totalTokens, 0, 0);
  }

  /** The element-wise sum of this and {@code other}. */
  public Usage plus(Usage other) {
    return new Usage(
        promptTokens + other.promptTokens,
        completionTokens + other.completionTokens,
        totalTokens + other.totalTokens,
        cacheCreationTokens + other.cacheCreationTokens,
        cacheReadTokens + other.cacheReadTokens);
  }
}
