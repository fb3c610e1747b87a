package dev.toolnexus.skills;

/** Why a skill candidate was not loaded; {@link #id()} is the stable wire string. */
public enum SkipReason {
  /** The frontmatter parsed but has no non-empty {@code name}, or there is no frontmatter. */
  MISSING_NAME("missing-name"),
  /** The frontmatter is not YAML the parser or the guarded line-wise fallback can read. */
  MALFORMED_FRONTMATTER("malformed-frontmatter"),
  /** An earlier candidate already took this name (first wins). */
  DUPLICATE_NAME("duplicate-name"),
  /** The file could not be read as UTF-8 text within the size limit, or a provider failed. */
  UNREADABLE("unreadable");

  private final String id;

  SkipReason(String id) {
    this.id = id;
  }

  /** The byte-identical reason string shared by every toolnexus port, e.g. {@code missing-name}. */
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
