package dev.toolnexus.agents;

/**
 * Which limit stopped an agent: the closed vocabulary shared by every toolnexus port, spelled as
 * the {@link Budget} fields are, plus the two stops that are not budget fields ({@link #COMPLETION}
 * and {@link #TIMEOUT}). A result stopped by a limit always names it; any other result names none.
 */
public enum Limit {
  /** The handle used all of its LLM round trips. */
  MAX_TURNS("maxTurns"),
  /** The token pool (own or an ancestor's) ran out. */
  MAX_TOKENS("maxTokens"),
  /** The tool-call pool (own or an ancestor's) ran out. */
  MAX_TOOL_CALLS("maxToolCalls"),
  /** The wall-clock deadline passed. */
  MAX_WALL_MS("maxWallMs"),
  /** A parent already has as many children as it may. */
  MAX_CHILDREN("maxChildren"),
  /** A parent already runs as many children at once as it may. */
  MAX_CONCURRENT("maxConcurrent"),
  /** The tree is already as deep as it may be. */
  MAX_DEPTH("maxDepth"),
  /** A completion gate refused the answer. */
  COMPLETION("completion"),
  /** A wait or run deadline expired. */
  TIMEOUT("timeout");

  private final String value;

  Limit(String value) {
    this.value = value;
  }

  /** The spelling shared across ports, for example {@code maxTokens}. */
  public String value() {
    return value;
  }

  @Override
  public String toString() {
    return value;
  }
}
