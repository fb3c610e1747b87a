package dev.toolnexus.agents;

import dev.toolnexus.Request;
import java.util.Objects;

/**
 * The result of one agent turn as a waiter or the {@code task} tool sees it. The counters mean the
 * same on every status: {@code totalTokens} is the handle's whole subtree, {@code ownTokens} the
 * handle alone, and {@code turns} the handle's own LLM round trips (never a sum over children).
 *
 * @param text the final answer, or what went wrong
 * @param isError whether the text reports a failure rather than an answer
 * @param status how the turn ended
 * @param limit the limit that stopped it; set exactly when the status is {@link
 *     TaskStatus#INCOMPLETE} or {@link TaskStatus#TIMEOUT}, null otherwise
 * @param pending the unanswered request; set exactly when the status is {@link TaskStatus#PENDING}
 * @param turns the handle's own LLM round trips so far
 * @param totalTokens tokens of the handle and all its descendants so far
 * @param ownTokens tokens of the handle's own model calls so far
 */
public record TaskResult(
    String text,
    boolean isError,
    TaskStatus status,
    Limit limit,
    Request pending,
    int turns,
    long totalTokens,
    long ownTokens) {

  /** Enforces that a limit stop names its limit and no other result does. */
  public TaskResult {
    text = text == null ? "" : text;
    Objects.requireNonNull(status, "status");
    boolean limitStop = status == TaskStatus.INCOMPLETE || status == TaskStatus.TIMEOUT;
    if (limitStop && limit == null) {
      throw new IllegalArgumentException("a " + status + " result must name its limit");
    }
    if (!limitStop && limit != null) {
      throw new IllegalArgumentException("a " + status + " result names no limit, got " + limit);
    }
    if ((status == TaskStatus.PENDING) != (pending != null)) {
      throw new IllegalArgumentException("a request is pending exactly when the status is pending");
    }
  }

  /** Whether the agent gave its final answer. */
  public boolean isDone() {
    return status == TaskStatus.DONE;
  }
}
