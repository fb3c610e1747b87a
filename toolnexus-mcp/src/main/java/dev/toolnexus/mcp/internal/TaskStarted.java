package dev.toolnexus.mcp.internal;

import dev.toolnexus.mcp.protocol.McpTask;

/**
 * How a call's future says the server answered with a created task instead of the call's result:
 * the caller follows the task ({@link TaskPoller}) rather than reading a result.
 */
final class TaskStarted extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The task as the server created it. */
  final transient McpTask task;

  TaskStarted(McpTask task) {
    super("the server runs the call as task " + task.taskId(), null, false, false);
    this.task = task;
  }
}
