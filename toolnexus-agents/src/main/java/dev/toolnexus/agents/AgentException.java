package dev.toolnexus.agents;

/**
 * A verb the runtime refused: a full or closed inbox, a cap reached at spawn, an unknown agent, an
 * answer that does not match the pending request. Thrown only to the host; between handles the same
 * failures travel as error results.
 */
public final class AgentException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The limit that refused the verb; null when it was not a limit. */
  private final transient Limit limit;

  /**
   * Set when {@code onBudget} chose suspend for a spawn an exhausted pool refused: the task tool
   * turns the refusal into an approval request.
   */
  transient Budgets.Exhausted approvable;

  /** A refusal that is not a limit. */
  public AgentException(String message) {
    this(message, null);
  }

  /** A refusal by a named limit. */
  public AgentException(String message, Limit limit) {
    super(message);
    this.limit = limit;
  }

  /** The limit that refused the verb; null when it was not a limit. */
  public Limit limit() {
    return limit;
  }
}
