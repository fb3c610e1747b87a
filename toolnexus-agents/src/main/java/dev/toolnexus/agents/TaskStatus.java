package dev.toolnexus.agents;

/**
 * How an agent turn ended, as a waiter or the {@code task} tool sees it: the closed seven-value set
 * shared by every toolnexus port. Distinct from a client run's {@link
 * dev.toolnexus.client.RunStatus}, which has three values; {@link #TIMEOUT} here means a {@code
 * wait} expired, never that a run hit its deadline.
 */
public enum TaskStatus {
  /** The agent gave its final answer. */
  DONE("done"),
  /** The agent is suspended on a request nobody in its chain could answer; resume it. */
  PENDING("pending"),
  /** A limit stopped the turn; {@link TaskResult#limit()} names it. */
  INCOMPLETE("incomplete"),
  /** The turn was aborted by {@code interrupt}; the handle is idle and alive. */
  INTERRUPTED("interrupted"),
  /** The handle was closed. */
  CLOSED("closed"),
  /** A {@code wait} with a timeout expired; the agent keeps running. */
  TIMEOUT("timeout"),
  /** The turn failed; the message is the result text. */
  ERROR("error");

  private final String value;

  TaskStatus(String value) {
    this.value = value;
  }

  /** The spelling shared across ports: {@code done}, {@code pending}, ... */
  public String value() {
    return value;
  }

  @Override
  public String toString() {
    return value;
  }
}
