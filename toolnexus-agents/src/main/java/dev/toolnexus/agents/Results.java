package dev.toolnexus.agents;

import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** The results the runtime settles without a turn: timed-out waits, pending and closed handles. */
final class Results {
  private Results() {}

  static TaskResult timeout(AgentRuntime rt, Handle h, Duration timeout) {
    rt.lock.lock();
    try {
      return new TaskResult(
          "wait timed out after " + timeout.toMillis() + "ms; " + h.id + " is still " + h.state,
          true,
          TaskStatus.TIMEOUT,
          Limit.TIMEOUT,
          null,
          h.turns,
          h.totalTokens,
          h.ownTokens);
    } finally {
      rt.lock.unlock();
    }
  }

  static TaskResult pending(Handle h) {
    return new TaskResult(
        h.pending.prompt(),
        false,
        TaskStatus.PENDING,
        null,
        h.pending,
        h.turns,
        h.totalTokens,
        h.ownTokens);
  }

  static TaskResult closed(Handle h) {
    return new TaskResult(
        h.id + " is closed",
        true,
        TaskStatus.CLOSED,
        null,
        null,
        h.turns,
        h.totalTokens,
        h.ownTokens);
  }

  static TaskResult join(CompletableFuture<TaskResult> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted while waiting for an agent");
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }

  /**
   * The handle's next result (or its settled one), completed as {@code timeout} when it expires.
   */
  static CompletableFuture<TaskResult> next(AgentRuntime rt, Handle h, Duration timeout) {
    CompletableFuture<TaskResult> next;
    rt.lock.lock();
    try {
      if (h.state == HandleState.CLOSED) {
        return CompletableFuture.completedFuture(h.lastResult != null ? h.lastResult : closed(h));
      }
      if (h.state == HandleState.SUSPENDED) {
        return CompletableFuture.completedFuture(pending(h));
      }
      if (h.state == HandleState.IDLE && h.lastResult != null && !h.queued) {
        return CompletableFuture.completedFuture(h.lastResult);
      }
      if (h.next == null) {
        h.next = new CompletableFuture<>();
      }
      next = h.next;
    } finally {
      rt.lock.unlock();
    }
    if (timeout == null) {
      return next.thenApply(r -> r);
    }
    CompletableFuture<TaskResult> mine = new CompletableFuture<>();
    next.whenComplete((r, e) -> mine.complete(r));
    Scheduler.Timer timer =
        rt.scheduler.schedule(timeout, () -> mine.complete(timeout(rt, h, timeout)));
    mine.whenComplete((r, e) -> timer.cancel());
    return mine;
  }
}
