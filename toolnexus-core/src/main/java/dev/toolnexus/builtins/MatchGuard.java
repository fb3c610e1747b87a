package dev.toolnexus.builtins;

import dev.toolnexus.CancelToken;

/**
 * Stops a search at its deadline or when its call is cancelled; checked between files and, for a
 * backtracking pattern, while matching (through {@link GuardedChars}).
 */
final class MatchGuard {
  private final CancelToken cancel;
  private final long deadlineNanos;
  private final long timeoutMillis;

  /** Why a search stopped early. */
  static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final boolean cancelled;

    Stopped(boolean cancelled) {
      super(cancelled ? "cancelled" : "timeout", null, false, false);
      this.cancelled = cancelled;
    }

    boolean cancelled() {
      return cancelled;
    }
  }

  MatchGuard(CancelToken cancel, long timeoutMillis) {
    this.cancel = cancel;
    this.timeoutMillis = timeoutMillis;
    this.deadlineNanos = System.nanoTime() + timeoutMillis * 1_000_000L;
  }

  long timeoutMillis() {
    return timeoutMillis;
  }

  /**
   * Throws when the call was cancelled or its time is up.
   *
   * @throws Stopped saying which
   */
  void check() {
    if (cancel != null && cancel.isCancelled()) {
      throw new Stopped(true);
    }
    if (System.nanoTime() - deadlineNanos > 0) {
      throw new Stopped(false);
    }
  }

  /**
   * A line as the backtracking engine reads it: every few thousand character reads check the guard,
   * so even a pattern that would backtrack for hours stops at the deadline or the cancel.
   */
  static final class GuardedChars implements CharSequence {
    private static final int EVERY = 4096;
    private final String s;
    private final MatchGuard guard;
    private int reads;

    GuardedChars(String s, MatchGuard guard) {
      this.s = s;
      this.guard = guard;
    }

    @Override
    public char charAt(int index) {
      if (++reads >= EVERY) {
        reads = 0;
        guard.check();
      }
      return s.charAt(index);
    }

    @Override
    public int length() {
      return s.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new GuardedChars(s.substring(start, end), guard);
    }

    @Override
    public String toString() {
      return s;
    }
  }
}
