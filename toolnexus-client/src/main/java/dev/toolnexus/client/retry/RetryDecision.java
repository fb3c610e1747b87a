package dev.toolnexus.client.retry;

/** What an {@code onError} classifier decides for one failed LLM attempt. */
public enum RetryDecision {
  /** Try again, if the client's {@code retries} budget has attempts left. */
  RETRY,
  /** Surface the error now, skipping any remaining retries. */
  FAIL
}
