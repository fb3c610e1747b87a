package dev.toolnexus.client.internal;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.RunObserver;
import dev.toolnexus.client.StreamEvent;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.internal.Errors;
import dev.toolnexus.internal.PipelinedTool;
import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The tool half of a turn: parse each call's arguments, run {@code beforeTool}, the tool and {@code
 * afterTool}, resolve a suspension through {@code waitFor} or mark it halted (rule 2). Calls of one
 * turn run concurrently (bounded) and come back in call order.
 */
public final class ToolStep {
  /** How long a cancelled run waits for its tools to return their results. */
  private static final Duration CANCEL_GRACE = Duration.ofSeconds(1);

  /**
   * One call's outcome.
   *
   * @param call the call
   * @param args the arguments it ran with (empty when they did not parse)
   * @param result the result to feed back
   * @param halted the unresolved suspension when no {@code waitFor} is set; else null
   * @param replayed whether the result was already recorded by the run that halted (resume only)
   */
  public record Outcome(
      ToolCall call,
      Map<String, Object> args,
      ToolResult result,
      Request halted,
      boolean replayed) {
    /** A fresh outcome of this run. */
    public Outcome(ToolCall call, Map<String, Object> args, ToolResult result, Request halted) {
      this(call, args, result, halted, false);
    }
  }

  private final RunContext ctx;
  private final int turn;

  /** The tool step of one turn. */
  public ToolStep(RunContext ctx, int turn) {
    this.ctx = ctx;
    this.turn = turn;
  }

  /**
   * Runs every call, concurrently when there are several, and returns outcomes in call order. When
   * the run has a deadline, every call runs on a worker and this thread only waits, so the deadline
   * (or a cancel) ends the wait at once: the calls still running are interrupted and left behind.
   */
  public List<Outcome> runAll(List<ToolCall> calls) {
    if (ctx.deadline() != null) {
      return runWatched(calls);
    }
    if (calls.size() == 1) {
      return List.of(runOne(calls.get(0)));
    }
    if (pipelines(calls)) {
      return runPipelined(calls);
    }
    Semaphore slots = new Semaphore(ctx.options().maxToolConcurrency());
    List<Future<Outcome>> futures = new ArrayList<>(calls.size());
    // The first call runs on this thread while the others run on workers: one hand-off fewer.
    for (ToolCall call : calls.subList(1, calls.size())) {
      futures.add(submit(call, slots));
    }
    List<Outcome> out = new ArrayList<>(calls.size());
    try {
      slots.acquire();
      try {
        out.add(runOne(calls.get(0)));
      } finally {
        slots.release();
      }
      collect(futures, out);
    } catch (InterruptedException e) {
      futures.forEach(f -> f.cancel(true));
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted while tools ran");
    }
    return out;
  }

  /**
   * Whether this thread can keep every call of the turn in flight by itself: each goes to a tool
   * that sends its call ahead (a stdio MCP tool) and is not sequential, there are no more calls
   * than the concurrency bound, and no hook or observer expects each call on a thread of its own.
   */
  private boolean pipelines(List<ToolCall> calls) {
    if (ctx.hooks() != null
        || ctx.observed() != null
        || calls.size() > ctx.options().maxToolConcurrency()) {
      return false;
    }
    for (ToolCall call : calls) {
      Tool tool = ctx.toolkit().get(call.name()).orElse(null);
      if (!(tool instanceof PipelinedTool) || tool.sequential()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Sends every call from this thread, then collects the results in call order: the calls run
   * concurrently on their server with no worker thread to start and join (the server's reader
   * completes each reply). An interrupt cancels the calls still out, as on the worker path.
   */
  private List<Outcome> runPipelined(List<ToolCall> calls) {
    List<Supplier<Outcome>> sent = new ArrayList<>(calls.size());
    for (ToolCall call : calls) {
      sent.add(send(call));
    }
    List<Outcome> out = new ArrayList<>(calls.size());
    for (Supplier<Outcome> s : sent) {
      out.add(s.get());
    }
    if (Thread.currentThread().isInterrupted()) {
      throw new CancellationException("interrupted while tools ran");
    }
    return out;
  }

  private Supplier<Outcome> send(ToolCall call) {
    long t0 = ctx.now();
    Map<String, Object> args;
    try {
      args = parseArgs(call.arguments());
    } catch (IllegalArgumentException e) {
      return () -> badArgs(call, e, t0);
    }
    ToolContext tc =
        new ToolContext(ctx.cancel(), ctx.remaining(), null)
            .with(Scheduler.class, ctx.options().scheduler());
    Supplier<Toolkit.Execution> started = ctx.toolkit().start(call.name(), args, tc);
    return () -> {
      Toolkit.Execution done = started.get();
      return conclude(call, args, afterTool(call, args, done.result()), done.source(), t0);
    };
  }

  private Future<Outcome> submit(ToolCall call, Semaphore slots) {
    FutureTask<Outcome> task =
        new FutureTask<>(
            () -> {
              slots.acquire();
              try {
                return runOne(call);
              } finally {
                slots.release();
              }
            });
    ctx.options().executor().execute(task);
    return task;
  }

  private static void collect(List<Future<Outcome>> futures, List<Outcome> out)
      throws InterruptedException {
    try {
      for (Future<Outcome> f : futures) {
        out.add(f.get());
      }
    } catch (ExecutionException e) {
      futures.forEach(f -> f.cancel(true));
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    } catch (RuntimeException e) {
      futures.forEach(f -> f.cancel(true));
      throw e;
    }
  }

  /**
   * The outcomes once the run was cancelled (its deadline, a cancel): a tool that heeds its
   * context's cancel token has {@link #CANCEL_GRACE} to return its result; one still running then
   * is interrupted and left behind, with an error result saying so.
   */
  private List<Outcome> settle(List<ToolCall> calls, List<Future<Outcome>> futures) {
    long until = System.nanoTime() + CANCEL_GRACE.toNanos();
    List<Outcome> out = new ArrayList<>(calls.size());
    for (int i = 0; i < calls.size(); i++) {
      Future<Outcome> f = futures.get(i);
      try {
        out.add(f.get(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS));
      } catch (TimeoutException | InterruptedException | CancellationException e) {
        f.cancel(true);
        ToolCall call = calls.get(i);
        out.add(
            new Outcome(
                call,
                Map.of(),
                ToolResult.error(
                    "tool "
                        + call.name()
                        + " was still running when the run stopped ("
                        + ctx.cancel().reason()
                        + ") and was interrupted"),
                null));
      } catch (ExecutionException e) {
        futures.forEach(other -> other.cancel(true));
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException re) {
          throw re;
        }
        if (cause instanceof Error err) {
          throw err;
        }
        throw new IllegalStateException(cause);
      }
    }
    return out;
  }

  /** Every call on a worker; the deadline or a cancel interrupts this thread's wait. */
  private List<Outcome> runWatched(List<ToolCall> calls) {
    Semaphore slots = new Semaphore(ctx.options().maxToolConcurrency());
    List<Future<Outcome>> futures = new ArrayList<>(calls.size());
    for (ToolCall call : calls) {
      futures.add(submit(call, slots));
    }
    Thread waiting = Thread.currentThread();
    AtomicBoolean armed = new AtomicBoolean(true);
    ReentrantLock gate = new ReentrantLock();
    dev.toolnexus.CancelToken.Registration wake =
        ctx.cancel()
            .onCancel(
                () -> {
                  gate.lock();
                  try {
                    if (armed.get()) {
                      waiting.interrupt();
                    }
                  } finally {
                    gate.unlock();
                  }
                });
    List<Outcome> out = new ArrayList<>(calls.size());
    try {
      collect(futures, out);
      return out;
    } catch (InterruptedException e) {
      if (!ctx.cancel().isCancelled()) {
        futures.forEach(f -> f.cancel(true));
        Thread.currentThread().interrupt(); // not our wake-up: keep it for the caller
        throw new CancellationException("interrupted while tools ran");
      }
      Thread.interrupted();
      return settle(calls, futures);
    } finally {
      gate.lock();
      try {
        armed.set(false); // after this no wake-up can arrive
      } finally {
        gate.unlock();
      }
      wake.close();
      if (ctx.cancel().isCancelled()) {
        Thread.interrupted(); // the wake-up is ours; never leak it into the caller's code
      }
    }
  }

  /** Runs one call through hooks, the tool and suspension handling. */
  public Outcome runOne(ToolCall call) {
    long t0 = ctx.now();
    Map<String, Object> args;
    try {
      args = parseArgs(call.arguments());
    } catch (IllegalArgumentException e) {
      return badArgs(call, e, t0);
    }
    Hooks hooks = ctx.hooks();
    ToolResult result = null;
    boolean shortCircuit = false;
    if (hooks != null) {
      try {
        Hooks.ToolOverride ov =
            hooks.beforeTool(new Hooks.ToolCallEvent(call.name(), args, call.id(), turn));
        if (ov != null && ov.result() != null) {
          result = ov.result();
          shortCircuit = true;
        } else if (ov != null && ov.args() != null) {
          args = ov.args();
        }
      } catch (Exception e) {
        result = ToolResult.error("beforeTool hook failed for " + call.name() + ": " + msg(e));
        shortCircuit = true;
      }
    }
    Source source = null;
    if (!shortCircuit) {
      Toolkit.Execution done = execute(call.name(), call.id(), args, null, null);
      source = done.source();
      result = afterTool(call, args, done.result());
    }
    return conclude(call, args, result, source, t0);
  }

  /** The outcome of arguments that did not parse, its metric reported. */
  private Outcome badArgs(ToolCall call, IllegalArgumentException e, long t0) {
    ToolResult bad =
        ToolResult.error(
            "Invalid arguments for tool "
                + call.name()
                + ": "
                + e.getMessage()
                + ". Arguments received: "
                + call.arguments());
    emit(call.name(), bad, null, t0);
    return new Outcome(call, Map.of(), bad, null);
  }

  /**
   * Reports a call's metric and settles its result: a suspension goes to {@code waitFor} (or halts
   * the run when there is none).
   */
  private Outcome conclude(
      ToolCall call, Map<String, Object> args, ToolResult result, Source source, long t0) {
    emit(call.name(), result, source, t0);
    Request request = result.pendingRequest().orElse(null);
    if (request == null) {
      return new Outcome(call, args, result, null);
    }
    if (ctx.options().waitFor() == null) {
      return new Outcome(call, args, result, request);
    }
    ctx.events().accept(new StreamEvent.Pending(request));
    Answer answer;
    // A blocked waitFor must not outlive the run: cancel and deadline interrupt it.
    Thread waiting = Thread.currentThread();
    dev.toolnexus.CancelToken.Registration wake = ctx.cancel().onCancel(waiting::interrupt);
    try {
      answer = ctx.options().waitFor().waitFor(request);
    } catch (InterruptedException e) {
      throw new CancellationException("interrupted while waiting for " + request.id());
    } catch (RuntimeException e) {
      answer = Answer.declined(request.id(), "waitFor failed: " + msg(e));
    } finally {
      wake.close();
      if (ctx.cancel().isCancelled()) {
        Thread.interrupted(); // the run is over; do not leak the wake-up into the pool thread
      }
    }
    ctx.cancel().throwIfCancelled();
    return new Outcome(call, args, resolve(call, args, request, answer), null);
  }

  /**
   * The result of a resolved suspension: {@code declined/expired: <prompt>} when not ok, else the
   * tool re-executed once with the answer in its context ({@code unresolved: <prompt>} when it
   * suspends again).
   */
  public ToolResult resolve(
      ToolCall call, Map<String, Object> args, Request request, Answer answer) {
    if (answer == null || !answer.ok()) {
      return ToolResult.error("declined/expired: " + request.prompt());
    }
    long t0 = ctx.now();
    Toolkit.Execution done = execute(call.name(), call.id(), args, request, answer);
    ToolResult retried = afterTool(call, args, done.result());
    emit(call.name(), retried, done.source(), t0);
    if (retried.isPending()) {
      return ToolResult.error("unresolved: " + request.prompt());
    }
    return retried;
  }

  private ToolResult afterTool(ToolCall call, Map<String, Object> args, ToolResult result) {
    Hooks hooks = ctx.hooks();
    if (hooks == null || result.isPending()) {
      return result;
    }
    try {
      ToolResult replaced =
          hooks.afterTool(new Hooks.ToolResultEvent(call.name(), args, result, call.id(), turn));
      return replaced == null ? result : replaced;
    } catch (Exception e) {
      return ToolResult.error("afterTool hook failed for " + call.name() + ": " + msg(e));
    }
  }

  // Toolkit.run owns the call: lookup, validation, the sequential lock (shared by every client and
  // server of the toolkit) and the tool's source for the metric, all from one lookup.
  // the retry of a suspended call sees the request it was suspended on (what it left running), and
  // every call gets the run's scheduler (a remote task is polled on its clock)
  private Toolkit.Execution execute(
      String name, String id, Map<String, Object> args, Request suspended, Answer answer) {
    ToolContext tc =
        new ToolContext(ctx.cancel(), ctx.remaining(), answer)
            .withSuspended(suspended)
            .with(Scheduler.class, ctx.options().scheduler());
    if (ctx.observed() == null) {
      return ctx.toolkit().run(name, args, tc);
    }
    RunObserver.ToolExecution observed = ctx.observed().startTool(name, id, args);
    ToolContext traced = observed.context(tc);
    Toolkit.Execution done;
    try {
      done = observed.within(() -> ctx.toolkit().run(name, args, traced));
    } catch (RuntimeException | Error e) {
      observed.end(ctx.toolkit().get(name).map(t -> t.source().id()).orElse("custom"), null, e);
      throw e;
    }
    observed.end(done.source().id(), done.result(), null);
    return done;
  }

  /** Reports the call's metric; {@code source} is looked up only when no execution said it. */
  private void emit(String name, ToolResult result, Source source, long t0) {
    if (ctx.options().onMetric() == null) {
      return;
    }
    if (source == null) {
      source = ctx.toolkit().get(name).map(Tool::source).orElse(Source.CUSTOM);
    }
    boolean pending = result.isPending();
    ctx.metric(
        new MetricEvent.ToolEvent(
            name, source, !pending && result.isError(), ctx.now() - t0, pending));
  }

  /**
   * The model's argument text as a JSON object; blank text means no arguments.
   *
   * @throws IllegalArgumentException naming why the text is not a JSON object
   */
  static Map<String, Object> parseArgs(String text) {
    if (text == null || text.isBlank()) {
      return Map.of();
    }
    Object parsed;
    try {
      parsed = Json.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not valid JSON (" + e.getMessage() + ")", e);
    }
    if (!(parsed instanceof Map<?, ?>)) {
      throw new IllegalArgumentException(
          "expected a JSON object, got " + (parsed == null ? "null" : Json.write(parsed)));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) parsed;
    return map;
  }

  private static String msg(Throwable e) {
    return Errors.message(e);
  }
}
