package dev.toolnexus.server.a2a;

import java.time.Instant;

/**
 * Which tasks a listing wants; every field is optional (null matches every task) and a task must
 * match all that are set.
 *
 * @param contextId only tasks of this conversation
 * @param state only tasks in this state
 * @param changedSince only tasks whose state last changed at or after this instant
 */
public record TaskFilter(String contextId, TaskState state, Instant changedSince) {

  /** Matches every task. */
  public static final TaskFilter ALL = new TaskFilter(null, null, null);

  /** Whether {@code task} matches every field that is set. */
  public boolean matches(A2aTask task) {
    if (contextId != null && !contextId.equals(task.contextId())) {
      return false;
    }
    if (state != null && state != task.state()) {
      return false;
    }
    return changedSince == null || !Instant.parse(task.timestamp()).isBefore(changedSince);
  }
}
