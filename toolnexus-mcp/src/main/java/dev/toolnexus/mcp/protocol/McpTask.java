package dev.toolnexus.mcp.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The state of one task of the MCP Tasks extension ({@code io.modelcontextprotocol/tasks}), as a
 * server answers a call it runs in the background ({@code resultType: "task"}) and each {@code
 * tasks/get}: its id and status, the server's message, how long it is kept and how often to poll,
 * and by status the final result, the error, or the input it waits for. Internal.
 *
 * @param taskId the server's id of the task (also what its requests' {@code Mcp-Name} header says)
 * @param status {@code working}, {@code input_required}, {@code completed}, {@code failed} or
 *     {@code cancelled}
 * @param statusMessage what the server says about the current state; may be null
 * @param ttlMs how long after its creation the server keeps the task; null when unlimited
 * @param pollIntervalMs how often the server suggests polling; null when it suggests nothing
 * @param result the call's result when completed; null otherwise
 * @param error the JSON-RPC error when failed; null otherwise
 * @param inputRequests what the server asks when input is required, by key; null otherwise
 */
public record McpTask(
    String taskId,
    String status,
    String statusMessage,
    Long ttlMs,
    Long pollIntervalMs,
    Map<String, Object> result,
    Map<String, Object> error,
    Map<String, Object> inputRequests) {

  /** The extension's name, declared in the client's and the server's capabilities. */
  public static final String EXTENSION = "io.modelcontextprotocol/tasks";

  /** The {@code resultType} of a result that created a task instead of answering. */
  public static final String RESULT_TYPE = "task";

  /** Reads a task's state. */
  public static final String GET = "tasks/get";

  /** Answers a task's input requests. */
  public static final String UPDATE = "tasks/update";

  /** Asks the server to stop a task. */
  public static final String CANCEL = "tasks/cancel";

  /** Working on it. */
  public static final String WORKING = "working";

  /** Waiting for the client's answers to {@link #inputRequests}. */
  public static final String INPUT_REQUIRED = "input_required";

  /** Done, with {@link #result}. */
  public static final String COMPLETED = "completed";

  /** Ended by a JSON-RPC error, in {@link #error}. */
  public static final String FAILED = "failed";

  /** Stopped before it was done. */
  public static final String CANCELLED = "cancelled";

  /** Whether a request's result is a created task rather than the request's own result. */
  public static boolean isCreated(Map<String, Object> result) {
    return result != null && RESULT_TYPE.equals(result.get("resultType"));
  }

  /**
   * Reads a created task or a {@code tasks/get} answer.
   *
   * @throws IllegalArgumentException when it has no {@code taskId} or {@code status} string
   */
  public static McpTask from(Map<String, Object> m) {
    if (!(m.get("taskId") instanceof String id) || id.isEmpty()) {
      throw new IllegalArgumentException("the task has no taskId");
    }
    if (!(m.get("status") instanceof String status)) {
      throw new IllegalArgumentException("task " + id + " has no status");
    }
    return new McpTask(
        id,
        status,
        m.get("statusMessage") instanceof String s ? s : null,
        m.get("ttlMs") instanceof Number n ? n.longValue() : null,
        m.get("pollIntervalMs") instanceof Number n ? n.longValue() : null,
        object(m.get("result")),
        object(m.get("error")),
        object(m.get("inputRequests")));
  }

  /** Whether the task's state can no longer change (completed, failed or cancelled). */
  public boolean isTerminal() {
    return COMPLETED.equals(status) || FAILED.equals(status) || CANCELLED.equals(status);
  }

  /** The params of a request about this task ({@code tasks/get}, {@code tasks/cancel}). */
  public static Map<String, Object> params(String taskId) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("taskId", taskId);
    return p;
  }

  private static Map<String, Object> object(Object v) {
    if (!(v instanceof Map<?, ?> m)) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, x) -> out.put(String.valueOf(k), x));
    return out;
  }
}
