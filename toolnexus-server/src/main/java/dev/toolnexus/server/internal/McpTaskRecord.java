package dev.toolnexus.server.internal;

import dev.toolnexus.Json;
import dev.toolnexus.mcp.protocol.McpTask;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.TaskState;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * One served task of the MCP Tasks extension, kept in the same {@code TaskStore} as A2A tasks so
 * one store (in memory, files or a shared database) holds both. It is stored as an {@link A2aTask}
 * whose id starts with {@link #PREFIX} and whose context is the extension's name: state, status
 * message and last change map onto the A2A fields, the tool's name is the skill, and the fields
 * only MCP has (creation time, time to live, poll interval, the final result or error) are one
 * plain JSON object in the transcript slot. The A2A side sees the store through a view that hides
 * these records.
 *
 * @param taskId the task id, starting with {@link #PREFIX}
 * @param tool the called tool
 * @param state where the task is
 * @param statusMessage the tool's latest progress, or why the task ended; null for none
 * @param createdAt when the task was created
 * @param lastUpdatedAt when it last changed
 * @param ttlMs how long after its creation it is kept
 * @param pollIntervalMs how often a client is asked to poll it
 * @param result the call's result once completed; else null
 * @param error the JSON-RPC error once failed; else null
 * @param arguments the call's arguments, kept so another server can run the call again when the
 *     server running it dies and the tool is idempotent
 * @param protocolVersion the MCP revision the call came in on; null when it named none
 */
public record McpTaskRecord(
    String taskId,
    String tool,
    TaskState state,
    String statusMessage,
    Instant createdAt,
    Instant lastUpdatedAt,
    long ttlMs,
    long pollIntervalMs,
    Map<String, Object> result,
    Map<String, Object> error,
    Map<String, Object> arguments,
    String protocolVersion) {

  /** How every MCP task id starts (A2A task ids are bare UUIDs, so the two never meet). */
  public static final String PREFIX = "mcp-";

  /** Whether {@code task} is an MCP task stored beside the A2A ones. */
  public static boolean isMcp(A2aTask task) {
    return task.id().startsWith(PREFIX) && McpTask.EXTENSION.equals(task.contextId());
  }

  /** A task just created for a call of {@code tool} with {@code args} on revision {@code rev}. */
  static McpTaskRecord working(
      String id,
      String tool,
      Map<String, Object> args,
      String rev,
      Instant now,
      long ttlMs,
      long pollMs) {
    return new McpTaskRecord(
        id, tool, TaskState.WORKING, null, now, now, ttlMs, pollMs, null, null, args, rev);
  }

  /** Whether the task's time to live is over at {@code now}. */
  boolean expired(Instant now) {
    return now.isAfter(createdAt.plusMillis(ttlMs));
  }

  /** This task with a new status message. */
  McpTaskRecord withMessage(String message, Instant now) {
    return new McpTaskRecord(
        taskId,
        tool,
        state,
        message,
        createdAt,
        now,
        ttlMs,
        pollIntervalMs,
        result,
        error,
        arguments,
        protocolVersion);
  }

  /** This task ended in {@code next} with this message, result or error. */
  McpTaskRecord ended(
      TaskState next,
      String message,
      Map<String, Object> finalResult,
      Map<String, Object> finalError,
      Instant now) {
    return new McpTaskRecord(
        taskId,
        tool,
        next,
        message,
        createdAt,
        now,
        ttlMs,
        pollIntervalMs,
        finalResult,
        finalError,
        arguments,
        protocolVersion);
  }

  /** The record as stored. */
  A2aTask toStored() {
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("createdAt", createdAt.toString());
    extra.put("ttlMs", ttlMs);
    extra.put("pollIntervalMs", pollIntervalMs);
    if (result != null) {
      extra.put("result", result);
    }
    if (error != null) {
      extra.put("error", error);
    }
    if (arguments != null) {
      extra.put("arguments", arguments);
    }
    if (protocolVersion != null) {
      extra.put("protocolVersion", protocolVersion);
    }
    return new A2aTask(
        taskId,
        McpTask.EXTENSION,
        state,
        statusMessage,
        lastUpdatedAt.toString(),
        List.of(),
        List.of(),
        tool,
        null,
        List.of(extra));
  }

  /**
   * The MCP task a stored record holds.
   *
   * @throws IllegalArgumentException when {@code stored} is not an MCP task
   */
  static McpTaskRecord fromStored(A2aTask stored) {
    if (!isMcp(stored) || stored.transcript() == null || stored.transcript().size() != 1) {
      throw new IllegalArgumentException("task " + stored.id() + " is not an MCP task");
    }
    Map<String, Object> extra = stored.transcript().get(0);
    return new McpTaskRecord(
        stored.id(),
        stored.skill(),
        stored.state(),
        stored.statusMessage(),
        Instant.parse(String.valueOf(extra.get("createdAt"))),
        Instant.parse(stored.timestamp()),
        ((Number) extra.get("ttlMs")).longValue(),
        ((Number) extra.get("pollIntervalMs")).longValue(),
        map(extra.get("result")),
        map(extra.get("error")),
        map(extra.get("arguments")),
        extra.get("protocolVersion") instanceof String v ? v : null);
  }

  private static Map<String, Object> map(Object v) {
    if (!(v instanceof Map<?, ?> m)) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, x) -> out.put(String.valueOf(k), x));
    return out;
  }

  /** The extension's status word for this task's state. */
  String status() {
    return switch (state) {
      case COMPLETED -> McpTask.COMPLETED;
      case FAILED, REJECTED -> McpTask.FAILED;
      case CANCELED -> McpTask.CANCELLED;
      case INPUT_REQUIRED, AUTH_REQUIRED -> McpTask.INPUT_REQUIRED;
      default -> McpTask.WORKING;
    };
  }

  /** The task as the extension shows it: on creation and on each {@code tasks/get}. */
  ObjectNode toWire() {
    ObjectNode out = JsonRpc.object();
    out.put("taskId", taskId);
    out.put("status", status());
    if (statusMessage != null) {
      out.put("statusMessage", statusMessage);
    }
    out.put("createdAt", createdAt.toString());
    out.put("lastUpdatedAt", lastUpdatedAt.toString());
    out.put("ttlMs", ttlMs);
    out.put("pollIntervalMs", pollIntervalMs);
    if (result != null && state == TaskState.COMPLETED) {
      out.set("result", Json.mapper().valueToTree(result));
    }
    if (error != null && state == TaskState.FAILED) {
      out.set("error", Json.mapper().valueToTree(error));
    }
    return out;
  }
}
