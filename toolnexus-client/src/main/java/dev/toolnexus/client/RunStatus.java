package dev.toolnexus.client;

/**
 * The closed set of outcomes of a client run: {@code done}, {@code pending}, {@code incomplete}.
 * Distinct from an agent task's status; {@code timeout} is a {@link RunResult#limit()} here, never
 * a status.
 */
public enum RunStatus {
  /** The model gave its final answer. */
  DONE("done"),
  /** A tool suspended and no {@code waitFor} was configured; {@link RunResult#pending()} is set. */
  PENDING("pending"),
  /** A limit stopped the run; {@link RunResult#limit()} names it. */
  INCOMPLETE("incomplete");

  private final String value;

  RunStatus(String value) {
    this.value = value;
  }

  /** The wire spelling: {@code done}, {@code pending} or {@code incomplete}. */
  public String value() {
    return value;
  }

  @Override
  public String toString() {
    return value;
  }
}
