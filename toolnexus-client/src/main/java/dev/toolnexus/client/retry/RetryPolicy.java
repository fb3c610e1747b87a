package dev.toolnexus.client.retry;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The client's one retry policy: which statuses are retryable, how {@code Retry-After} is read, and
 * the backoff between attempts. Immutable; built by the client from its options.
 *
 * @param retries retries after the first attempt; 0 means exactly one attempt
 * @param base the backoff base: attempt {@code n} waits {@code base * 2^n} plus jitter
 * @param statuses the retryable statuses: always the fixed set, plus any added
 * @param maxWait the longest wait before a retry: a {@code Retry-After} asking for more fails the
 *     call (naming the provider's value) instead of sleeping, and backoff never waits longer
 */
public record RetryPolicy(int retries, Duration base, Set<Integer> statuses, Duration maxWait) {

  /** The fixed retryable set; {@code retryableStatuses} can add to it, never remove. */
  public static final Set<Integer> DEFAULT_STATUSES = Set.of(429, 500, 502, 503, 504, 529);

  /** The default number of retries. */
  public static final int DEFAULT_RETRIES = 2;

  /** The default backoff base: 500 ms. */
  public static final Duration DEFAULT_BASE = Duration.ofMillis(500);

  /** The default longest wait before a retry: 60 seconds. */
  public static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(60);

  private static final long RETRY_AFTER_MAX_SECONDS = 2147483647L;

  /** Validates; the status set always contains the fixed set. */
  public RetryPolicy {
    if (retries < 0) {
      throw new IllegalArgumentException("retries must be 0 or more, got " + retries);
    }
    base = base == null ? DEFAULT_BASE : base;
    if (base.isNegative()) {
      throw new IllegalArgumentException("retryBase must not be negative, got " + base);
    }
    statuses = withDefaults(statuses);
    maxWait = maxWait == null ? DEFAULT_MAX_WAIT : maxWait;
    if (maxWait.isNegative()) {
      throw new IllegalArgumentException("maxWait must not be negative, got " + maxWait);
    }
  }

  /** A policy with the default {@link #DEFAULT_MAX_WAIT maximum wait}. */
  public RetryPolicy(int retries, Duration base, Set<Integer> statuses) {
    this(retries, base, statuses, DEFAULT_MAX_WAIT);
  }

  /** This policy with another longest wait before a retry. */
  public RetryPolicy withMaxWait(Duration wait) {
    return new RetryPolicy(retries, base, statuses, wait);
  }

  /** Whether a {@code Retry-After} value asks for a longer wait than {@link #maxWait()}. */
  public boolean exceedsMaxWait(String retryAfter) {
    Duration asked = retryAfter(retryAfter);
    return asked != null && asked.compareTo(maxWait) > 0;
  }

  /** The policy with these settings, adding {@code extra} statuses to the fixed set. */
  public static RetryPolicy of(int retries, Duration base, Collection<Integer> extra) {
    return new RetryPolicy(retries, base, extra == null ? Set.of() : Set.copyOf(extra));
  }

  private static Set<Integer> withDefaults(Set<Integer> extra) {
    TreeSet<Integer> all = new TreeSet<>(DEFAULT_STATUSES);
    if (extra != null) {
      all.addAll(extra);
    }
    return Set.copyOf(all);
  }

  /** Whether the default classification retries this status. */
  public boolean isRetryable(int status) {
    return statuses.contains(status);
  }

  /**
   * The wait before retry number {@code attempt + 1}: the {@code Retry-After} delay when the header
   * holds whole delay-seconds, else {@link #backoff(int)}; never more than {@link #maxWait()}.
   */
  public Duration delay(int attempt, String retryAfter) {
    Duration honoured = retryAfter(retryAfter);
    Duration wait = honoured != null ? honoured : backoff(attempt);
    return wait.compareTo(maxWait) > 0 ? maxWait : wait;
  }

  /** {@code base * 2^attempt} plus up to a fifth of that again as random jitter. */
  public Duration backoff(int attempt) {
    long exp = base.toMillis() << Math.min(attempt, 20);
    long jitter = exp / 5 == 0 ? 0 : ThreadLocalRandom.current().nextLong(exp / 5 + 1);
    return Duration.ofMillis(exp + jitter);
  }

  /**
   * Reads a {@code Retry-After} value in its delay-seconds form only (RFC 9110 section 10.2.3):
   * ASCII digits, surrounding whitespace ignored, at most 2147483647, {@code 0} included. Anything
   * else (fractional, signed, an HTTP-date, out of range, empty) gives null, meaning "use backoff".
   */
  public static Duration retryAfter(String value) {
    if (value == null) {
      return null;
    }
    String s = value.strip();
    if (s.isEmpty()) {
      return null;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return null;
      }
    }
    BigInteger seconds = new BigInteger(s);
    return seconds.compareTo(BigInteger.valueOf(RETRY_AFTER_MAX_SECONDS)) > 0
        ? null
        : Duration.ofSeconds(seconds.longValue());
  }
}
