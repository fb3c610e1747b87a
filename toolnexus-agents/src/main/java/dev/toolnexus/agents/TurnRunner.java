package dev.toolnexus.agents;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.WaitFor;
import dev.toolnexus.client.AskOptions;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunLimit;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.internal.Errors;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs one turn of a handle: a client derived from the host for this agent (its model, soul, tools,
 * hooks, metric sink, interpreter, and the runtime's store under the handle's id) asked once with
 * the turn's input. Every model call passes the runtime's turn gate and the handle's own pools;
 * every tool call is charged. A halted turn rewinds the stored transcript to its pre-turn state and
 * keeps the input as the checkpoint to replay.
 */
final class TurnRunner {
  static final String INTERRUPTED = "interrupted";
  static final String CLOSED = "closed";

  private final AgentRuntime rt;
  private final ExecutorService executor = newExecutor();
  private final AtomicInteger active = new AtomicInteger();

  TurnRunner(AgentRuntime rt) {
    this.rt = rt;
  }

  /** Runs an admitted turn on one of the runtime's threads. */
  void start(Handle h, String input) {
    try {
      executor.execute(() -> run(h, input, null));
    } catch (RejectedExecutionException e) {
      fail(h, new IllegalStateException("the agent runtime is shut down"), input);
      List<Runnable> start;
      rt.lock.lock();
      try {
        start = rt.releaseSlot(h);
      } finally {
        rt.lock.unlock();
      }
      start.forEach(Runnable::run);
    }
  }

  /**
   * Runs a suspended handle's halted turn again from its checkpoint, on the calling thread. Inline
   * ({@code suspended → running}) when an ancestor's interpreter answered during its own turn;
   * durable ({@code suspended → idle → running}) when the host resumed.
   */
  TaskResult replay(Handle h, Answer answered, boolean inline) {
    Answer answer = answered;
    String input;
    rt.lock.lock();
    try {
      if (h.state != HandleState.SUSPENDED) {
        return h.lastResult;
      }
      input = h.checkpoint;
      h.pending = null;
      h.checkpoint = null;
      Limit budget = h.budgetPending;
      h.budgetPending = null;
      if (budget != null) {
        if (answer == null || !answer.ok()) {
          rt.transition(h, HandleState.IDLE, "more " + budget + " not approved");
          TaskResult r =
              incomplete(h, "budget exhausted (" + budget + "); more was not approved", budget);
          rt.settle(h, r);
          return r;
        }
        extend(h, budget);
        answer = null; // the answer approved the budget; no tool waits on it
      }
      if (h.parent != null) {
        h.parent.runningChildren++;
      }
      if (inline) {
        rt.transition(h, HandleState.RUNNING, "Answer ok=" + (answered == null || answered.ok()));
      } else {
        rt.transition(h, HandleState.IDLE, "Answer accepted, checkpoint restored");
        rt.transition(h, HandleState.RUNNING, "replay");
      }
      h.cancel = new CancelToken();
      h.stopLimit = null;
      h.drained = List.of();
      if (h.next == null) {
        h.next = new CompletableFuture<>();
      }
    } finally {
      rt.lock.unlock();
    }
    return run(h, input, answer);
  }

  private TaskResult run(Handle h, String input, Answer answer) {
    active.incrementAndGet();
    try {
      CancelToken cancel;
      Long deadline;
      int turnsLeft;
      rt.lock.lock();
      try {
        cancel = h.cancel;
        deadline = h.deadline;
        turnsLeft = Math.max(1, h.maxTurns - h.turns);
      } finally {
        rt.lock.unlock();
      }
      TaskResult result;
      List<Message> before = List.of();
      try {
        before = rt.store.get(h.id).orElse(List.of());
        if (deadline != null) {
          armWall(h);
        }
        LlmClient client = LlmClient.create(options(h, answer, cancel, turnsLeft));
        RunResult r = client.ask(input, new AskOptions(toolkit(h), h.id, null, cancel, null));
        if (r.status() == RunStatus.PENDING || budgetPending(h)) {
          rt.store.save(h.id, before);
        }
        result = finish(h, r, input);
      } catch (RuntimeException e) {
        if (budgetPending(h)) {
          rt.store.save(h.id, before);
        }
        result = fail(h, e, input);
      } finally {
        disarmWall(h);
      }
      List<Runnable> start;
      rt.lock.lock();
      try {
        start = rt.releaseSlot(h);
      } finally {
        rt.lock.unlock();
      }
      start.forEach(Runnable::run);
      return result;
    } finally {
      active.decrementAndGet();
    }
  }

  private ClientOptions options(Handle h, Answer answer, CancelToken cancel, int turnsLeft) {
    ClientOptions host = rt.host.options();
    AgentDef def = h.def;
    String model = AgentDef.INHERIT.equals(def.model()) ? host.model() : def.model();
    return ClientOptions.builder()
        .model(model)
        .chatModel(new GatedModel(rt.host.chatModel(), h))
        .maxTurns(turnsLeft)
        .systemPrompt(def.soul().isEmpty() ? null : def.soul())
        .hooks(def.hooks() != null ? def.hooks() : rt.hooks)
        .onMetric(def.onMetric() != null ? def.onMetric() : rt.onMetric)
        .waitFor(answer != null ? request -> answer : escalating(h))
        .store(rt.store)
        .scheduler(host.scheduler())
        .executor(host.executor())
        .maxToolConcurrency(host.maxToolConcurrency())
        .build();
  }

  /** The handle's interpreter, tracing which level answered; null when it has none. */
  private WaitFor escalating(Handle h) {
    WaitFor own = h.def.waitFor();
    if (own == null) {
      return null;
    }
    return request -> {
      Object path = request.data() == null ? null : request.data().get("path");
      String from =
          path instanceof List<?> l
              ? String.join("/", l.stream().map(String::valueOf).toList())
              : h.id;
      rt.trace(h, "escalation from " + from + " answered here (nearest interpreter)");
      return own.waitFor(request);
    };
  }

  /**
   * The host's model as this handle's loop sees it: the handle's own pools and deadline checked
   * before each call, the runtime's turn gate held only around the call, the usage charged after
   * it. Declarations and streaming are the host model's own, so what reaches the provider is what a
   * client built by the host would send.
   */
  private final class GatedModel implements ChatModel {
    private final ChatModel model;
    private final Handle h;

    GatedModel(ChatModel model, Handle h) {
      this.model = model;
      this.h = h;
    }

    @Override
    public ChatResponse call(ChatRequest request) {
      Limit limit = ownLimit(h);
      if (limit != null && exhausted(h, limit)) {
        throw new CancellationException("budget exhausted (" + limit + ")");
      }
      ChatResponse reply = rt.gate.through(request.cancel(), () -> model.call(request));
      charge(h, reply);
      return reply;
    }

    @Override
    public List<Map<String, Object>> declare(List<Tool> tools) {
      return model.declare(tools);
    }

    @Override
    public boolean streams() {
      return model.streams();
    }
  }

  private Limit ownLimit(Handle h) {
    rt.lock.lock();
    try {
      if (h.tokensLeft <= 0) {
        return Limit.MAX_TOKENS;
      }
      if (h.deadline != null && rt.clock.millis() >= h.deadline) {
        return Limit.MAX_WALL_MS;
      }
      return null;
    } finally {
      rt.lock.unlock();
    }
  }

  private void charge(Handle h, ChatResponse reply) {
    List<String> plan = new ArrayList<>();
    for (ToolCall c : reply.toolCalls()) {
      if (TaskTool.NAME.equals(c.name())) {
        plan.add(TaskTool.key(arguments(c.arguments())));
      }
    }
    long tokens = reply.usage().totalTokens();
    rt.lock.lock();
    try {
      h.turns++;
      rt.rollUp(h, tokens, 0);
      h.taskPlan = plan;
      h.replySeq++;
    } finally {
      rt.lock.unlock();
    }
  }

  private static Map<String, Object> arguments(Object raw) {
    if (raw instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), v));
      return out;
    }
    try {
      return raw == null ? Map.of() : Json.parseObject(String.valueOf(raw));
    } catch (IllegalArgumentException e) {
      return Map.of();
    }
  }

  /** Charges one tool call to the handle's own pool; the limit when the pool is empty. */
  Limit chargeToolCall(Handle h) {
    rt.lock.lock();
    try {
      if (h.toolCallsLeft <= 0) {
        return Limit.MAX_TOOL_CALLS;
      }
      rt.rollUp(h, 0, 1);
      return null;
    } finally {
      rt.lock.unlock();
    }
  }

  /** Stops the handle's running turn on a limit; the turn settles {@code incomplete}. */
  void stop(Handle h, Limit limit) {
    CancelToken cancel = null;
    rt.lock.lock();
    try {
      if (h.state == HandleState.RUNNING && h.stopLimit == null) {
        h.stopLimit = limit;
        cancel = h.cancel;
        rt.trace(h, "budget stop (" + limit + ")");
      }
    } finally {
      rt.lock.unlock();
    }
    if (cancel != null) {
      // the client ends a run cancelled this way as incomplete, keeping its transcript
      cancel.cancel(RunLimit.TIMEOUT.value());
    }
  }

  /**
   * Asks the handle's {@code onBudget} (else the runtime's) what to do about an exhausted limit,
   * and does it: extend and go on (false), or stop the turn (true), marking it to suspend on an
   * approval request when that was the decision.
   */
  boolean exhausted(Handle h, Limit limit) {
    BudgetDecision d = decide(h, limit);
    if (d == BudgetDecision.EXTEND && extend(h, limit)) {
      return false;
    }
    if (d == BudgetDecision.SUSPEND) {
      rt.lock.lock();
      try {
        if (h.state == HandleState.RUNNING && h.stopLimit == null) {
          h.budgetPending = limit;
        }
      } finally {
        rt.lock.unlock();
      }
    }
    stop(h, limit);
    return true;
  }

  /**
   * The decision of the handle's {@code onBudget}, else the runtime's; stop when neither is set.
   */
  BudgetDecision decide(Handle h, Limit limit) {
    Function<BudgetInfo, BudgetDecision> fn =
        h.def.onBudget() != null ? h.def.onBudget() : rt.onBudget;
    if (fn == null) {
      return BudgetDecision.STOP;
    }
    BudgetInfo info;
    rt.lock.lock();
    try {
      info =
          new BudgetInfo(
              h.id, h.def.name(), limit, h.turns, h.totalTokens, h.ownTokens, h.toolCalls);
    } finally {
      rt.lock.unlock();
    }
    BudgetDecision d = fn.apply(info);
    return d == null ? BudgetDecision.STOP : d;
  }

  /**
   * Grants the handle's exhausted pool again, as much as it was first given; false if it cannot.
   */
  boolean extend(Handle h, Limit limit) {
    rt.lock.lock();
    try {
      switch (limit) {
        case MAX_TOKENS -> h.tokensLeft += h.grantTokens;
        case MAX_TOOL_CALLS -> h.toolCallsLeft += h.grantToolCalls;
        case MAX_TURNS -> h.maxTurns += h.grantTurns;
        case MAX_WALL_MS -> {
          if (h.grantWallMs == null) {
            return false;
          }
          h.deadline = rt.clock.millis() + h.grantWallMs;
        }
        default -> {
          return false;
        }
      }
      rt.trace(h, "budget extended (" + limit + ")");
      return true;
    } finally {
      rt.lock.unlock();
    }
  }

  private void armWall(Handle h) {
    rt.lock.lock();
    try {
      long delay = Math.max(0, h.deadline - rt.clock.millis());
      h.wallTimer =
          rt.clock.schedule(
              delay,
              () -> {
                if (!exhausted(h, Limit.MAX_WALL_MS)) {
                  armWall(h);
                }
              });
    } finally {
      rt.lock.unlock();
    }
  }

  private void disarmWall(Handle h) {
    rt.lock.lock();
    try {
      if (h.wallTimer != null) {
        h.wallTimer.cancel();
        h.wallTimer = null;
      }
    } finally {
      rt.lock.unlock();
    }
  }

  private boolean budgetPending(Handle h) {
    rt.lock.lock();
    try {
      return h.budgetPending != null;
    } finally {
      rt.lock.unlock();
    }
  }

  /** Halts the turn on an approval request for more of the exhausted limit (lock held). */
  private TaskResult suspendForBudget(Handle h, String input) {
    Limit limit = h.budgetPending;
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("limit", limit.value());
    Request request =
        new Request(
            h.id + "#budget-" + (++h.budgetRequests),
            "approval",
            h.id + " ran out of its " + limit + " budget; approve more?",
            null,
            data,
            null);
    h.pending = stamp(request, h);
    h.checkpoint = input;
    h.drained = List.of();
    rt.transition(h, HandleState.SUSPENDED, "pending \"approval\" for more " + limit);
    return rt.pendingResult(h);
  }

  private Toolkit toolkit(Handle h) {
    List<Tool> tools = new ArrayList<>();
    for (Tool t : h.def.tools()) {
      tools.add(new ChargedTool(t, this, h));
    }
    if (!h.def.team().isEmpty()) {
      tools.add(new ChargedTool(new TaskTool(rt, h), this, h));
    }
    return Toolkit.of(tools.toArray(Tool[]::new));
  }

  private TaskResult finish(Handle h, RunResult r, String input) {
    rt.lock.lock();
    try {
      TaskResult result;
      if (r.status() == RunStatus.PENDING) {
        Request stamped = stamp(r.pending(), h);
        h.pending = stamped;
        h.checkpoint = input;
        h.drained = List.of();
        rt.transition(h, HandleState.SUSPENDED, "pending \"" + stamped.kind() + "\"");
        result = rt.pendingResult(h);
      } else if (h.budgetPending != null) {
        result = suspendForBudget(h, input);
      } else if (r.status() == RunStatus.INCOMPLETE) {
        Limit limit =
            h.stopLimit != null
                ? h.stopLimit
                : r.limit() == RunLimit.MAX_TURNS ? Limit.MAX_TURNS : Limit.TIMEOUT;
        h.drained = List.of();
        rt.transition(h, HandleState.IDLE, "incomplete: " + limit);
        String text =
            limit == Limit.MAX_TURNS
                ? "hit maxTurns (" + h.maxTurns + ") without a final answer"
                : "budget exhausted (" + limit + "); partial work preserved";
        result = incomplete(h, text, limit);
      } else {
        h.drained = List.of();
        rt.transition(h, HandleState.IDLE, "done, turns=" + h.turns + ", tokens=" + h.totalTokens);
        result =
            new TaskResult(
                r.text(), false, TaskStatus.DONE, null, null, h.turns, h.totalTokens, h.ownTokens);
      }
      rt.settle(h, result);
      return result;
    } finally {
      rt.lock.unlock();
    }
  }

  private TaskResult fail(Handle h, Throwable e, String input) {
    rt.lock.lock();
    try {
      String reason = h.cancel != null && h.cancel.isCancelled() ? h.cancel.reason() : null;
      TaskResult result;
      if (h.budgetPending != null) {
        result = suspendForBudget(h, input);
      } else if (h.stopLimit != null) {
        h.drained = List.of();
        rt.transition(h, HandleState.IDLE, "incomplete: " + h.stopLimit);
        result =
            incomplete(
                h, "budget exhausted (" + h.stopLimit + "); partial work preserved", h.stopLimit);
      } else if (INTERRUPTED.equals(reason) || CLOSED.equals(reason)) {
        List<InboxItem> restore = new ArrayList<>(h.drained);
        for (int i = restore.size() - 1; i >= 0; i--) {
          h.inbox.addFirst(restore.get(i));
        }
        h.drained = List.of();
        rt.transition(h, HandleState.IDLE, "interrupted; inbox intact");
        TaskStatus status = CLOSED.equals(reason) ? TaskStatus.CLOSED : TaskStatus.INTERRUPTED;
        result = failure(h, h.id + " was " + reason + " mid-turn", status);
      } else {
        String message = Errors.message(e);
        h.drained = List.of();
        if (h.state == HandleState.RUNNING) {
          rt.transition(h, HandleState.IDLE, "error: " + message);
        }
        result = failure(h, message, TaskStatus.ERROR);
      }
      rt.settle(h, result);
      return result;
    } finally {
      rt.lock.unlock();
    }
  }

  private static TaskResult incomplete(Handle h, String text, Limit limit) {
    return new TaskResult(
        text, true, TaskStatus.INCOMPLETE, limit, null, h.turns, h.totalTokens, h.ownTokens);
  }

  private static TaskResult failure(Handle h, String text, TaskStatus status) {
    return new TaskResult(text, true, status, null, null, h.turns, h.totalTokens, h.ownTokens);
  }

  /** The request with this handle's id path at {@code data.path} (each relaying level restamps). */
  static Request stamp(Request r, Handle h) {
    Map<String, Object> data =
        r.data() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(r.data());
    data.put("path", Arrays.asList(h.id.split("/")));
    return new Request(r.id(), r.kind(), r.prompt(), r.url(), data, r.expiresAt());
  }

  int active() {
    return active.get();
  }

  void shutdown() {
    executor.shutdown();
    try {
      executor.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  boolean terminated() {
    return executor.isTerminated();
  }

  private static ExecutorService newExecutor() {
    try {
      Method m = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
      return (ExecutorService) m.invoke(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      AtomicInteger n = new AtomicInteger();
      return Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "toolnexus-agent-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
    }
  }
}
