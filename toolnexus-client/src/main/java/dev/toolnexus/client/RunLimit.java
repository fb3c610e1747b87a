package dev.toolnexus.client;

/**
 * The limit that stopped an {@link RunStatus#INCOMPLETE incomplete} run: {@link RunResult#limit()}.
 */
public enum RunLimit {
  /** The run used all of its turns ({@code maxTurns}). */
  MAX_TURNS("maxTurns"),
  /** The run's deadline ({@code timeout}) passed. */
  TIMEOUT("timeout"),
  /**
   * A completion check refused the answer as many times as it allows; produced by the agent
   * harness's completion gate, never by a bare client run.
   */
  COMPLETION("completion");

  private final String value;

  RunLimit(String value) {
    this.value = value;
  }

  /** The wire spelling: {@code maxTurns}, {@code timeout} or {@code completion}. */
  public String value() {
    return value;
  }

  @Override
  public String toString() {
    return value;
  }
}
