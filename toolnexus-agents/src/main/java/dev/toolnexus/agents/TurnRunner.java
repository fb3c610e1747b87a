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
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunObserver;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

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
  final Budgets budgets;

  TurnRunner(AgentRuntime rt) {
    this.rt = rt;
    this.budgets = new Budgets(rt);
  }

  /** Runs an admitted turn on one of the runtime's threads. */
  void start(Handle h, String input) {
    try {
      executor.execute(() -> run(h, input, null));
    } catch (RejectedExecutionException e) {
      fail(h, new IllegalStateException("the agent runtime is shut down"), input, null);
      List<Runnable> start;
      rt.lock.lock();
      try {
        start = rt.admission.releaseSlot(h);
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
      Handle owner = h.budgetOwner;
      h.budgetPending = null;
      h.budgetOwner = null;
      if (budget != null) {
        if (!budgets.approved(h, budget, owner, answer)) {
          return h.lastResult;
        }
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
    AtomicBoolean running = new AtomicBoolean(true);
    active.incrementAndGet();
    try {
      CancelToken cancel;
      Long deadline;
      rt.lock.lock();
      try {
        cancel = h.cancel;
        deadline = h.deadline;
      } finally {
        rt.lock.unlock();
      }
      TaskResult result;
      List<Message> before = List.of();
      try {
        before = rt.store.get(h.id).orElse(List.of());
        if (deadline != null) {
          budgets.armWall(h);
        }
        LlmClient client = client(h, answer);
        AskOptions ask = new AskOptions(toolkit(h), h.id, null, cancel, null);
        RunResult r = CompletionGate.run(p -> client.ask(p, ask), input, h.def.completion());
        if (r.status() == RunStatus.PENDING || budgets.budgetPending(h)) {
          rt.store.save(h.id, before);
        }
        result = finish(h, r, input, running);
      } catch (RuntimeException e) {
        if (budgets.budgetPending(h)) {
          rt.store.save(h.id, before);
        }
        result = fail(h, e, input, running);
      } finally {
        budgets.disarmWall(h);
      }
      List<Runnable> start;
      rt.lock.lock();
      try {
        start = rt.admission.releaseSlot(h);
      } finally {
        rt.lock.unlock();
      }
      start.forEach(Runnable::run);
      return result;
    } finally {
      endTurn(running);
    }
  }

  /**
   * Stops counting a turn as active, once: before its result is settled, so whoever the result
   * wakes (a close, a waiter) never sees the finished turn still counted.
   */
  private void endTurn(AtomicBoolean running) {
    if (running != null && running.compareAndSet(true, false)) {
      active.decrementAndGet();
    }
  }

  /**
   * The turn's client, derived from the host's ({@link LlmClient#newBuilder()}: same scheduler,
   * executor and HTTP client) with this agent's model, soul, hooks, metric sink and interpreter,
   * the runtime's store, and the host's model behind this handle's gate.
   */
  private LlmClient client(Handle h, Answer answer) {
    AgentDef def = h.def;
    String model = AgentDef.INHERIT.equals(def.model()) ? rt.host.options().model() : def.model();
    Hooks hooks = def.hooks() != null ? def.hooks() : rt.hooks;
    return rt.host
        .newBuilder()
        .chatModel(new GatedModel(rt.host.chatModel(), h))
        .model(model)
        .maxTurns(Integer.MAX_VALUE)
        .systemPrompt(def.soul().isEmpty() ? null : def.soul())
        .hooks(Hooks.of(limits(h), Guardrails.hooks(Guardrails.of(h)), hooks))
        .onMetric(def.onMetric() != null ? def.onMetric() : rt.onMetric)
        .waitFor(answer != null ? request -> answer : escalating(h))
        .timeout(null)
        .configure(
            o -> {
              o.scheduler(rt.scheduler);
              o.observer(observer(h));
            })
        .store(rt.store)
        .build();
  }

  /**
   * The host's observer for this agent's runs: a tracer names them after the agent and nests them
   * under the parent agent's run (which waits on another thread); each run's trace context is kept
   * on the handle for its own sub-agents. Null when the host has no observer.
   */
  private RunObserver observer(Handle h) {
    RunObserver host = rt.host.options().observer();
    if (host == null) {
      return null;
    }
    RunObserver named = host.forAgent(h.def.name(), h.parent == null ? null : h.parent.runTrace);
    return info -> {
      RunObserver.Run run = named.startRun(info);
      h.runTrace = run.traceContext();
      return run;
    };
  }

  /**
   * The handle's own limits, checked before each model call and before any hook of the agent's
   * runs: the turn cap, the token pool and the deadline. A limit that runs out asks {@code
   * onBudget}; unless it extends, the call is never made and the turn ends (or suspends).
   */
  private Hooks limits(Handle h) {
    return new Hooks() {
      @Override
      public Hooks.LlmOverride beforeLLM(Hooks.LlmRequestEvent event) {
        Limit limit = budgets.ownLimit(h);
        while (limit != null) {
          if (budgets.exhausted(h, limit)) {
            throw new CancellationException("budget exhausted (" + limit + ")");
          }
          Limit next = budgets.ownLimit(h);
          limit = next == limit ? null : next;
        }
        return null;
      }
    };
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
      budgets.rollUp(h, tokens, 0);
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

  private TaskResult finish(Handle h, RunResult r, String input, AtomicBoolean running) {
    rt.lock.lock();
    try {
      TaskResult result;
      if (r.status() == RunStatus.PENDING) {
        Request stamped = stamp(r.pending(), h);
        h.pending = stamped;
        h.checkpoint = input;
        h.drained = List.of();
        rt.transition(h, HandleState.SUSPENDED, "pending \"" + stamped.kind() + "\"");
        result = Results.pending(h);
      } else if (h.budgetPending != null) {
        result = budgets.suspendForBudget(h, input);
      } else if (r.status() == RunStatus.INCOMPLETE) {
        Limit limit =
            h.stopLimit != null
                ? h.stopLimit
                : r.limit() == null
                    ? Limit.TIMEOUT
                    : switch (r.limit()) {
                      case MAX_TURNS -> Limit.MAX_TURNS;
                      case COMPLETION -> Limit.COMPLETION;
                      case TIMEOUT -> Limit.TIMEOUT;
                    };
        h.drained = List.of();
        rt.transition(h, HandleState.IDLE, "incomplete: " + limit);
        String text =
            switch (limit) {
              case MAX_TURNS -> "hit maxTurns (" + h.maxTurns + ") without a final answer";
              case COMPLETION -> r.text();
              default -> "budget exhausted (" + limit + "); partial work preserved";
            };
        result = incomplete(h, text, limit);
      } else {
        h.drained = List.of();
        rt.transition(h, HandleState.IDLE, "done, turns=" + h.turns + ", tokens=" + h.totalTokens);
        result =
            new TaskResult(
                r.text(), false, TaskStatus.DONE, null, null, h.turns, h.totalTokens, h.ownTokens);
      }
      endTurn(running);
      rt.settle(h, result);
      return result;
    } finally {
      rt.lock.unlock();
    }
  }

  private TaskResult fail(Handle h, Throwable e, String input, AtomicBoolean running) {
    rt.lock.lock();
    try {
      String reason = h.cancel != null && h.cancel.isCancelled() ? h.cancel.reason() : null;
      TaskResult result;
      if (h.budgetPending != null) {
        result = budgets.suspendForBudget(h, input);
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
      endTurn(running);
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
