package dev.toolnexus.classifier;

import java.util.Locale;

/** Where a noul probability falls against the {@link Bands}. */
public enum Band {
  /** Above the high cut: the statement holds. */
  YES,
  /** Below the low cut: the statement does not hold. */
  NO,
  /** Between the cuts, both included: neither side is sure. */
  UNCERTAIN;

  /** The lowercase spelling: {@code yes}, {@code no} or {@code uncertain}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
