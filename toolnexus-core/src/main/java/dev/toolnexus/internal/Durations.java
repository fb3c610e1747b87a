package dev.toolnexus.internal;

import java.time.Duration;

/** The one check of a duration setting that options records share. */
public final class Durations {
  private Durations() {}

  /**
   * A duration setting: {@code fallback} when {@code d} is null, else {@code d} itself.
   *
   * @throws IllegalArgumentException naming {@code what} when {@code d} is zero or negative
   */
  public static Duration positive(Duration d, Duration fallback, String what) {
    if (d == null) {
      return fallback;
    }
    if (d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException(what + " must be positive, got " + d);
    }
    return d;
  }
}
