package dev.toolnexus.client;

/** What to do with a content part a style cannot carry, or one over {@code maxPartBytes}. */
public enum UnsupportedParts {
  /**
   * The default: a part the caller attached is an error before any request; a part a tool produced
   * becomes its placeholder text with a one-time warning.
   */
  BY_PROVENANCE,
  /** Every such part is an error. */
  ERROR,
  /** Every such part becomes its placeholder text. */
  TEXT
}
