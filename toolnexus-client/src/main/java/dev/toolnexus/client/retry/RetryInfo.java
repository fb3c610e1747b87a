package dev.toolnexus.client.retry;

import dev.toolnexus.client.LlmException;

/**
 * One failed LLM attempt, as an {@code onError} classifier sees it.
 *
 * @param error the failure: a non-2xx response ({@link LlmException#status()} set) or a network
 *     error (status 0)
 * @param status the HTTP status, or 0 when the attempt failed without a response
 * @param attempt zero-based attempt number
 * @param retryable whether the default policy would retry it: a status in the retryable set (the
 *     fixed 429/500/502/503/504/529 plus {@code retryableStatuses}) or a network error
 */
public record RetryInfo(LlmException error, int status, int attempt, boolean retryable) {

  /** Whether the attempt failed without an HTTP response. */
  public boolean isNetworkError() {
    return status == 0;
  }
}
