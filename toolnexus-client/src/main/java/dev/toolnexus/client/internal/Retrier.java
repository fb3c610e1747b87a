package dev.toolnexus.client.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.retry.RetryDecision;
import dev.toolnexus.client.retry.RetryInfo;
import dev.toolnexus.client.retry.RetryPolicy;
import dev.toolnexus.client.retry.Sleeper;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one LLM call with the client's retry policy: a failed attempt ({@link Failed}) is classified
 * (retryable status or network error, then {@code onError} has the final say), waits {@code
 * Retry-After} or backoff through the {@link Sleeper}, and tries again until {@code retries} is
 * spent. Cancellation (external cancel, the run deadline, a closed stream) is never retried and
 * never reaches {@code onError}; neither is any other exception.
 */
public final class Retrier {
  private static final Logger log = LoggerFactory.getLogger(Retrier.class);

  private final RetryPolicy policy;
  private final Function<RetryInfo, RetryDecision> onError;
  private final Sleeper sleeper;

  /** A retrier for one client. */
  public Retrier(RetryPolicy policy, Function<RetryInfo, RetryDecision> onError, Sleeper sleeper) {
    this.policy = policy;
    this.onError = onError;
    this.sleeper = sleeper;
  }

  /** A failed attempt that may be retried: a non-2xx response, or a network error (status 0). */
  public static final class Failed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient LlmException error;

    /** Wraps the typed error of one attempt. */
    public Failed(LlmException error) {
      super(error.getMessage(), error, false, false);
      this.error = error;
    }

    /** The typed error. */
    public LlmException error() {
      return error;
    }
  }

  /** The last attempt's error, its message saying how often the call was retried before it. */
  private static LlmException retried(LlmException error, int retries) {
    LlmException e =
        new LlmException(
            error.getMessage() + " (retried " + retries + (retries == 1 ? " time)" : " times)"),
            error.kind(),
            error.status(),
            error.body(),
            error.retryAfter(),
            error.providerMessage(),
            error.requestId(),
            error.getCause());
    e.setStackTrace(error.getStackTrace());
    return e;
  }

  /** Runs {@code attempt} until it succeeds, fails for good, or the run is cancelled. */
  public <T> T run(Supplier<T> attempt, CancelToken cancel) {
    for (int n = 0; ; n++) {
      cancel.throwIfCancelled();
      LlmException error;
      try {
        return attempt.get();
      } catch (Failed f) {
        error = f.error();
      }
      if (cancel.isCancelled()) {
        CancellationException c = new CancellationException("run " + cancel.reason());
        c.initCause(error);
        throw c;
      }
      int status = error.status();
      boolean retryable = status == 0 || policy.isRetryable(status);
      RetryDecision decision =
          onError == null
              ? (retryable ? RetryDecision.RETRY : RetryDecision.FAIL)
              : onError.apply(new RetryInfo(error, status, n, retryable));
      if (decision != RetryDecision.RETRY || n >= policy.retries()) {
        throw n == 0 ? error : retried(error, n);
      }
      if (status != 0 && policy.exceedsMaxWait(error.retryAfter())) {
        throw new LlmException(
            error.getMessage()
                + " (the provider asked to retry after "
                + error.retryAfter().strip()
                + " s, longer than the "
                + policy.maxWait().toSeconds()
                + " s the client waits: RetryPolicy.maxWait)",
            error.status(),
            error.body(),
            error.retryAfter(),
            error.providerMessage(),
            error.requestId(),
            error);
      }
      Duration wait = policy.delay(n, status == 0 ? null : error.retryAfter());
      log.debug(
          "LLM attempt {} failed ({}); retrying in {} ms",
          n,
          status == 0 ? "network" : "HTTP " + status,
          wait.toMillis());
      try {
        sleeper.sleep(wait, cancel);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CancellationException("interrupted while waiting to retry");
      }
    }
  }
}
