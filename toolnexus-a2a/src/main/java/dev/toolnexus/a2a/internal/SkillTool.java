package dev.toolnexus.a2a.internal;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Names;
import dev.toolnexus.Request;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.TraceContext;
import dev.toolnexus.internal.Errors;
import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One skill of a remote agent as a tool: sends the task without blocking, then follows it until it
 * ends, runs out of time, is canceled, or needs the host (input or authorization), which becomes a
 * suspension answered by one follow-up message on the same task. An agent whose card says it
 * streams is followed on its event stream ({@code SubscribeToTask}, {@code tasks/resubscribe}); one
 * that does not, or whose stream fails, is polled every {@code pollEvery}. Every request of the
 * call carries the call's W3C trace context as headers, and gets what is left of the call's budget.
 */
public final class SkillTool implements Tool {
  private static final Map<String, Object> SCHEMA =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of(
              "task",
              Map.of(
                  "type",
                  "string",
                  "description",
                  "The task to send to the agent, in natural language.")),
          "required",
          List.of("task"));

  /** How long the courtesy cancel sent to the agent may take. */
  private static final Duration CANCEL_BUDGET = Duration.ofSeconds(5);

  private final AgentLink link;
  private final String name;
  private final String description;
  private final Map<String, Task> suspended = new ConcurrentHashMap<>();

  /** A task waiting for the host, by the id of its request. */
  private record Task(String id, String contextId, String stamp) {}

  SkillTool(AgentLink link, Card.Skill skill) {
    this.link = link;
    this.name = Names.sanitize(link.name()) + "_" + Names.sanitize(skill.id());
    this.description = skill.description();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Map<String, Object> inputSchema() {
    return SCHEMA;
  }

  @Override
  public Source source() {
    return Source.A2A;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    Call call = new Call(ctx);
    try {
      TaskView view;
      Answer answer = ctx.answer();
      if (answer != null) {
        Task task = resumed(answer);
        if (task == null) {
          return ToolResult.error(
              "A2A: no task of agent " + link.name() + " waits for answer " + answer.id());
        }
        call.taskId = task.id();
        call.state = "input-required";
        call.answered = task;
        if (!answer.ok()) {
          return call.canceled();
        }
        String text = answerText(answer);
        view =
            text == null
                ? link.get(task.id(), call.remaining(), ctx.cancel(), call.trace)
                : link.send(
                    text, task.id(), task.contextId(), call.remaining(), ctx.cancel(), call.trace);
      } else {
        Object task = args.get("task");
        view =
            link.send(
                task == null ? "" : String.valueOf(task),
                null,
                null,
                call.remaining(),
                ctx.cancel(),
                call.trace);
      }
      return call.follow(view);
    } catch (CancellationException e) {
      return call.canceled();
    } catch (HttpTimeoutException e) {
      return call.timedOut();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return call.canceled();
    } catch (IOException | RuntimeException e) {
      if (ctx.isCancelled()) {
        return call.canceled();
      }
      return call.result(ToolResult.error("A2A agent " + link.name() + ": " + Errors.message(e)));
    }
  }

  private Task resumed(Answer answer) {
    Task task = suspended.remove(answer.id());
    if (task == null
        && answer.data() != null
        && answer.data().get("taskId") instanceof String id
        && !id.isEmpty()) {
      task = new Task(id, answer.data().get("contextId") instanceof String c ? c : null, null);
    }
    return task;
  }

  /**
   * The text to send back: {@code data.text}, {@code data.answer} or {@code data.input}, else the
   * data as JSON; null for none.
   */
  private static String answerText(Answer answer) {
    Map<String, Object> data = answer.data();
    if (data == null || data.isEmpty()) {
      return null;
    }
    for (String key : List.of("text", "answer", "input")) {
      if (data.get(key) instanceof String s) {
        return s;
      }
    }
    Map<String, Object> rest = new LinkedHashMap<>(data);
    rest.remove("taskId");
    rest.remove("contextId");
    rest.remove("agent");
    return rest.isEmpty() ? null : Json.write(rest);
  }

  /** The state of one execute: budget, poll count and the last state seen. */
  private final class Call {
    private final ToolContext ctx;
    private final long start = System.nanoTime();
    private final long budgetMs;
    private final long pollMs = link.options().pollEvery().toMillis();
    private final Map<String, String> trace;
    private String taskId = "";
    private String state = "submitted";
    private int polls;
    private boolean streamed;
    private boolean streamFailed;
    private Task answered;

    Call(ToolContext ctx) {
      this.ctx = ctx;
      this.trace = TraceContext.of(ctx).map(TraceContext::entries).orElse(Map.of());
      long own = link.options().timeout().toMillis();
      Duration given = ctx.timeout();
      this.budgetMs = given != null && given.toMillis() > 0 ? Math.min(own, given.toMillis()) : own;
    }

    long elapsed() {
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    Duration remaining() throws HttpTimeoutException {
      long left = budgetMs - elapsed();
      if (left <= 0) {
        throw new HttpTimeoutException("budget spent");
      }
      return Duration.ofMillis(left);
    }

    ToolResult follow(TaskView view) throws IOException, InterruptedException {
      while (true) {
        if (view.message()) {
          state = "completed";
          if (!view.id().isEmpty()) {
            taskId = view.id();
          }
          return result(ToolResult.ok(view.output()));
        }
        taskId = view.id();
        state = view.state();
        if (!state.equals("input-required") && !state.equals("auth-required")) {
          answered = null;
        }
        if (view.terminal()) {
          if (state.equals("completed")) {
            return result(ToolResult.ok(view.output()));
          }
          String detail = view.statusText().isEmpty() ? "" : ": " + view.statusText();
          return result(ToolResult.error("A2A task " + taskId + " " + state + detail));
        }
        if ((state.equals("input-required") || state.equals("auth-required")) && !stale(view)) {
          return suspend(view);
        }
        if (ctx.isCancelled()) {
          return canceled();
        }
        long left = budgetMs - elapsed();
        if (left <= 0) {
          return timedOut();
        }
        if (answered == null && watching()) {
          view = link.get(taskId, remaining(), ctx.cancel(), trace);
          continue;
        }
        pause(Math.min(pollMs, left));
        if (ctx.isCancelled()) {
          return canceled();
        }
        view = link.get(taskId, remaining(), ctx.cancel(), trace);
        polls++;
      }
    }

    /**
     * Follows the task's event stream when the agent streams and the stream has not failed in this
     * call; true when it showed the task settle, so one get reads the whole task. A stream the
     * agent refuses or ends early switches the call to polling.
     */
    private boolean watching() throws IOException, InterruptedException {
      if (!link.card().streaming() || streamFailed) {
        return false;
      }
      try {
        streamed = true;
        if (link.watch(taskId, remaining(), ctx.cancel(), trace, s -> state = s)) {
          return true;
        }
      } catch (RpcException e) {
        // the agent cannot stream this task (or this dialect): poll instead
      } catch (HttpTimeoutException | CancellationException e) {
        throw e;
      } catch (IOException e) {
        if (ctx.isCancelled()) {
          throw new CancellationException("canceled");
        }
      }
      streamFailed = true;
      return false;
    }

    /**
     * Whether an interrupted state is the one already answered: the peer may still show it right
     * after the follow-up (same status timestamp, or no poll yet when it sends none).
     */
    private boolean stale(TaskView view) {
      if (answered == null) {
        return false;
      }
      boolean same = answered.stamp() != null ? answered.stamp().equals(view.stamp()) : polls == 0;
      if (!same) {
        answered = null;
      }
      return same;
    }

    private void pause(long ms) throws InterruptedException {
      CountDownLatch woken = new CountDownLatch(1);
      var registration = ctx.cancel().onCancel(woken::countDown);
      try {
        woken.await(ms, TimeUnit.MILLISECONDS);
      } finally {
        registration.close();
      }
    }

    private ToolResult suspend(TaskView view) {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("agent", link.name());
      data.put("taskId", view.id());
      data.put("contextId", view.contextId());
      boolean auth = state.equals("auth-required");
      String prompt =
          !view.statusText().isEmpty()
              ? view.statusText()
              : "Agent " + link.name() + (auth ? " needs authorization" : " needs input");
      Request request =
          new Request(
              java.util.UUID.randomUUID().toString(),
              auth ? "authorization" : "input",
              prompt,
              auth ? view.url() : null,
              data,
              null);
      suspended.put(request.id(), new Task(view.id(), view.contextId(), view.stamp()));
      return ToolResult.pending(request).withMetadata(metadata());
    }

    ToolResult canceled() {
      state = "canceled";
      if (!taskId.isEmpty()) {
        try {
          link.cancel(taskId, CANCEL_BUDGET, trace);
        } catch (IOException | RuntimeException e) {
          // the caller gave up already; a peer that cannot cancel keeps its own task
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return result(ToolResult.error("A2A task " + taskId + " canceled"));
    }

    ToolResult timedOut() {
      return result(
          ToolResult.error(
              "A2A task " + taskId + " timed out after " + budgetMs + "ms (state=" + state + ")"));
    }

    ToolResult result(ToolResult r) {
      return r.withMetadata(metadata());
    }

    private Map<String, Object> metadata() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("agent", link.name());
      m.put("taskId", taskId);
      m.put("state", state);
      m.put("polls", polls);
      m.put("streamed", streamed);
      m.put("ms", elapsed());
      return m;
    }
  }
}
