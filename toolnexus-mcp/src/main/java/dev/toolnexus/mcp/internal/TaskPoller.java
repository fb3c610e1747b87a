package dev.toolnexus.mcp.internal;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.mcp.protocol.McpTask;
import dev.toolnexus.time.Scheduler;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows one task of the MCP Tasks extension that a server runs a call as, on the calling thread:
 * polls {@code tasks/get} at the interval the server suggests (slept on the call's {@link
 * Scheduler}, the run's, so a test's virtual clock paces it), reports each new status to the call's
 * progress sink, and ends with the task's result mapped as any call's. The call's deadline (its
 * context's timeout, else the server's maximum) and its cancel send {@code tasks/cancel}. A task
 * that waits for input suspends the call with a request whose data names the task, so the retry
 * that carries the answer (in this process or another) sends it with {@code tasks/update} and
 * follows the same task instead of calling the tool again.
 */
final class TaskPoller {
  private static final Logger log = LoggerFactory.getLogger(TaskPoller.class);
  private static final TypeRef<Map<String, Object>> MAP = new TypeRef<>() {};
  private static final TypeRef<McpSchema.CallToolResult> CALL_RESULT = new TypeRef<>() {};
  private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
  private static final Duration MIN_INTERVAL = Duration.ofMillis(10);
  private static final Duration CANCEL_BUDGET = Duration.ofSeconds(5);

  /** The keys of a suspended task's request data. */
  static final String SERVER = "server";

  static final String TOOL = "tool";
  static final String TASK_ID = "taskId";
  static final String INPUT_KEY = "inputKey";

  private final Requester session;
  private final ServerConnection server;
  private final String who;
  private final String toolName;
  private final ToolContext ctx;
  private final OutputCheck output;
  private final Scheduler scheduler;
  private final Instant deadline;
  private final Duration budget;
  private int reports;
  private String lastSaid;

  TaskPoller(
      Requester session,
      ServerConnection server,
      String toolName,
      ToolContext ctx,
      OutputCheck output) {
    this.session = session;
    this.server = server;
    this.who = "MCP server \"" + server.name() + "\"";
    this.toolName = toolName;
    this.ctx = ctx;
    this.output = output;
    this.scheduler = ctx.get(Scheduler.class).orElse(Scheduler.system());
    this.budget = ctx.timeout() != null ? ctx.timeout() : server.config().maxTotalTimeout();
    this.deadline = scheduler.clock().instant().plus(budget);
  }

  /**
   * Whether {@code ctx} is the retry of a call to {@code tool} of {@code server} that was suspended
   * on one of its tasks waiting for input: the retry then re-attaches to the task.
   */
  static boolean resumes(ToolContext ctx, String server, String tool) {
    Request r = ctx.suspended();
    return ctx.answer() != null
        && r != null
        && r.data() != null
        && server.equals(r.data().get(SERVER))
        && tool.equals(r.data().get(TOOL))
        && r.data().get(TASK_ID) instanceof String id
        && !id.isEmpty();
  }

  /** Follows a task the server just created for the call. Never throws. */
  ToolResult follow(McpTask created) {
    try {
      return loop(created);
    } catch (CancellationException e) {
      return cancelled(created.taskId());
    } catch (RuntimeException e) {
      return broken(created.taskId(), e);
    }
  }

  /**
   * Re-attaches to the task the call was suspended on ({@link #resumes}): sends the answer as the
   * task's input response, then follows the task. Never throws.
   */
  ToolResult resume() {
    Map<String, Object> data = ctx.suspended().data();
    String taskId = (String) data.get(TASK_ID);
    Answer answer = ctx.answer();
    try {
      if (data.get(INPUT_KEY) instanceof String key) {
        Map<String, Object> params = McpTask.params(taskId);
        params.put("inputResponses", Map.of(key, response(answer)));
        request(McpTask.UPDATE, params, ctx.cancel());
      }
      return loop(get(taskId));
    } catch (CancellationException e) {
      return cancelled(taskId);
    } catch (McpFailure e) {
      return ToolResult.error(
              who
                  + ": tool \""
                  + toolName
                  + "\" could not go on with task "
                  + taskId
                  + ": "
                  + e.getMessage())
          .withMetadata(TASK_ID, taskId);
    } catch (RuntimeException e) {
      return broken(taskId, e);
    }
  }

  private ToolResult broken(String taskId, RuntimeException e) {
    return error("failed while its task " + taskId + " ran: " + Await.message(e), taskId);
  }

  private ToolResult loop(McpTask task) {
    String id = task.taskId();
    try {
      while (true) {
        report(task);
        switch (task.status()) {
          case McpTask.COMPLETED -> {
            return completed(task);
          }
          case McpTask.FAILED -> {
            return failed(task);
          }
          case McpTask.CANCELLED -> {
            return error(
                "was cancelled by the server (task "
                    + id
                    + ")"
                    + (task.statusMessage() == null ? "" : ": " + task.statusMessage()),
                id);
          }
          case McpTask.INPUT_REQUIRED -> {
            return suspend(task);
          }
          default -> {
            // working, or a status this client does not know: the task goes on
          }
        }
        Duration left = Duration.between(scheduler.clock().instant(), deadline);
        if (left.isNegative() || left.isZero()) {
          return timedOut(task);
        }
        Duration wait = interval(task);
        scheduler.sleep(wait.compareTo(left) < 0 ? wait : left, ctx.cancel());
        if (!scheduler.clock().instant().isBefore(deadline)) {
          return timedOut(task);
        }
        task = get(id);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return cancelled(id);
    } catch (McpFailure e) {
      if (ctx.isCancelled()) {
        return cancelled(id);
      }
      return error("failed while its task " + id + " ran: " + e.getMessage(), id);
    }
  }

  private static Duration interval(McpTask task) {
    if (task.pollIntervalMs() == null) {
      return DEFAULT_INTERVAL;
    }
    Duration d = Duration.ofMillis(task.pollIntervalMs());
    return d.compareTo(MIN_INTERVAL) < 0 ? MIN_INTERVAL : d;
  }

  /** Tells the progress sink each status (with the server's message) that differs from the last. */
  private void report(McpTask task) {
    String said =
        task.statusMessage() == null ? task.status() : task.status() + ": " + task.statusMessage();
    if (!said.equals(lastSaid)) {
      lastSaid = said;
      ctx.progress(++reports, null, said);
    }
  }

  private ToolResult completed(McpTask task) {
    Map<String, Object> result = task.result() == null ? Map.of() : task.result();
    McpSchema.CallToolResult read = StdioSession.textOnly(result);
    if (read == null) {
      try {
        read = McpJsonDefaults.getMapper().convertValue(result, CALL_RESULT);
      } catch (RuntimeException e) {
        return error(
            "returned an unreadable result for task " + task.taskId() + ": " + e.getMessage(),
            task.taskId());
      }
    }
    return ResultMapper.map(read, server.name(), toolName, server.config().maxResultBytes(), output)
        .withMetadata(TASK_ID, task.taskId());
  }

  private ToolResult failed(McpTask task) {
    Map<String, Object> e = task.error() == null ? Map.of() : task.error();
    String message =
        e.get("message") instanceof String m
            ? m
            : task.statusMessage() != null ? task.statusMessage() : "no reason given";
    String code = e.get("code") instanceof Number n ? " (" + n.longValue() + ")" : "";
    return error("failed: task " + task.taskId() + " failed: " + message + code, task.taskId());
  }

  /**
   * Suspends the call on the task's first input request: a form becomes an {@code input} request
   * with its schema, a URL an {@code authorization} request; the data names the task.
   */
  private ToolResult suspend(McpTask task) {
    Map<String, Object> asked = task.inputRequests() == null ? Map.of() : task.inputRequests();
    if (asked.isEmpty()) {
      return error(
          "cannot go on: task " + task.taskId() + " needs input but asks for none", task.taskId());
    }
    Map.Entry<String, Object> first = asked.entrySet().iterator().next();
    Map<?, ?> request = first.getValue() instanceof Map<?, ?> m ? m : Map.of();
    Map<?, ?> params = request.get("params") instanceof Map<?, ?> p ? p : Map.of();
    if (!"elicitation/create".equals(request.get("method"))) {
      cancelOnServer(task.taskId());
      return error(
          "cannot go on: task "
              + task.taskId()
              + " asks for "
              + request.get("method")
              + ", which this client does not answer",
          task.taskId());
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put(SERVER, server.name());
    data.put(TOOL, toolName);
    data.put(TASK_ID, task.taskId());
    data.put(INPUT_KEY, first.getKey());
    String message =
        params.get("message") instanceof String s
            ? s
            : task.statusMessage() != null ? task.statusMessage() : "The tool needs input";
    boolean url = "url".equals(params.get("mode"));
    if (!url && params.get("requestedSchema") != null) {
      data.put("schema", params.get("requestedSchema"));
    }
    Request r =
        new Request(
            java.util.UUID.randomUUID().toString(),
            url ? "authorization" : "input",
            message,
            url && params.get("url") instanceof String u ? u : null,
            data,
            null);
    return ToolResult.pending(r).withMetadata(TASK_ID, task.taskId());
  }

  /** The input response an answer makes: accepted with its data, or declined. */
  private static Map<String, Object> response(Answer answer) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (answer.ok()) {
      out.put("action", "accept");
      out.put("content", answer.data() == null ? Map.of() : answer.data());
    } else {
      out.put("action", "cancelled".equals(answer.reason()) ? "cancel" : "decline");
    }
    return out;
  }

  private McpTask get(String taskId) {
    Map<String, Object> answer = request(McpTask.GET, McpTask.params(taskId), ctx.cancel());
    try {
      return McpTask.from(answer);
    } catch (IllegalArgumentException e) {
      throw new McpFailure(McpTask.GET + " answered no task: " + e.getMessage(), e);
    }
  }

  private Map<String, Object> request(String method, Map<String, Object> params, CancelToken c) {
    return request(method, params, c, server.config().timeout());
  }

  private Map<String, Object> request(
      String method, Map<String, Object> params, CancelToken c, Duration timeout) {
    return session.request(method, params, MAP, timeout, server.dead(), c);
  }

  /** Asks the server to stop the task; a failure to do so is only logged. */
  private void cancelOnServer(String taskId) {
    Duration t = server.config().timeout();
    try {
      request(
          McpTask.CANCEL,
          McpTask.params(taskId),
          new CancelToken(),
          t.compareTo(CANCEL_BUDGET) < 0 ? t : CANCEL_BUDGET);
    } catch (RuntimeException e) {
      log.debug(
          "MCP server {}: {} of task {} failed: {}",
          server.name(),
          McpTask.CANCEL,
          taskId,
          server.redact(Await.message(e)));
    }
  }

  private ToolResult cancelled(String taskId) {
    cancelOnServer(taskId);
    return error("was cancelled (task " + taskId + ")", taskId);
  }

  private ToolResult timedOut(McpTask task) {
    cancelOnServer(task.taskId());
    return error(
        "timed out after "
            + budget.toMillis()
            + " ms (task "
            + task.taskId()
            + ", last "
            + (lastSaid == null ? task.status() : lastSaid)
            + ")",
        task.taskId());
  }

  private ToolResult error(String what, String taskId) {
    return ToolResult.error(who + ": tool \"" + toolName + "\" " + what)
        .withMetadata(TASK_ID, taskId);
  }
}
