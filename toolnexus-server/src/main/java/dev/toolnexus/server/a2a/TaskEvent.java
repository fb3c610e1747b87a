package dev.toolnexus.server.a2a;

import dev.toolnexus.client.RunResult;

/**
 * A served task reached a final state (completed, failed or canceled): what it was, how it ended
 * and the run's telemetry (tokens, tool calls, turns).
 *
 * @param id the task id
 * @param skill the skill the caller named in its message metadata; null for none
 * @param task the task as stored in its final state
 * @param result the run's result; null when the run threw or the task was canceled
 * @param state the final state
 */
public record TaskEvent(String id, String skill, A2aTask task, RunResult result, TaskState state) {}
