package dev.toolnexus.agents;

import dev.toolnexus.CancelToken;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Closing a subtree: stop accepting, close the children first (leaf-first), give a running turn the
 * shutdown grace (or interrupt it at once when forced), run {@code onClose}, keep the final state.
 * Runs from outside the tree.
 */
final class Closer {
  private final AgentRuntime rt;

  Closer(AgentRuntime rt) {
    this.rt = rt;
  }

  void close(Handle h, boolean force) {
    rt.lock.lock();
    try {
      if (h.state == HandleState.CLOSED) {
        return;
      }
      h.closing = true;
    } finally {
      rt.lock.unlock();
    }
    for (Handle child : rt.snapshot(h.children)) {
      close(child, force);
    }
    CompletableFuture<TaskResult> running = null;
    CancelToken cancel = null;
    rt.lock.lock();
    try {
      if (h.queued && h.parent != null) {
        h.queued = false;
        h.parent.wakeQueue.removeIf(q -> q.handle() == h);
      }
      if (h.state == HandleState.RUNNING) {
        running = h.next;
        cancel = h.cancel;
      }
    } finally {
      rt.lock.unlock();
    }
    if (running != null) {
      if (!force && rt.shutdownMs > 0) {
        TaskResult r = Results.join(rt.waitAsync(h, Duration.ofMillis(rt.shutdownMs)));
        if (r.status() == TaskStatus.TIMEOUT) {
          cancel.cancel(TurnRunner.CLOSED);
        }
      } else {
        cancel.cancel(TurnRunner.CLOSED);
      }
      running.exceptionally(e -> null).join();
    }
    CloseReason reason = force && running != null ? CloseReason.INTERRUPTED : CloseReason.CLOSED;
    if (h.def.onClose() != null && h != rt.root()) {
      try {
        h.def.onClose().accept(h, reason);
      } catch (RuntimeException e) {
        rt.trace(h, "onClose failed: " + dev.toolnexus.internal.Errors.message(e));
      }
    }
    rt.lock.lock();
    try {
      h.pending = null;
      h.checkpoint = null;
      rt.transition(h, HandleState.CLOSED, reason.name().toLowerCase(java.util.Locale.ROOT));
      CompletableFuture<TaskResult> f = h.next;
      h.next = null;
      if (f != null) {
        f.complete(Results.closed(h));
      }
    } finally {
      rt.lock.unlock();
    }
  }

  /** Aborts a running turn or cancels a suspended handle's request; never a kill. */
  void interrupt(Handle h) {
    CancelToken cancel = null;
    rt.lock.lock();
    try {
      if (h.state == HandleState.SUSPENDED) {
        String kind = h.pending.kind();
        h.pending = null;
        h.checkpoint = null;
        h.budgetPending = null;
        rt.transition(h, HandleState.IDLE, "interrupt cancelled pending \"" + kind + "\"");
        h.lastResult =
            new TaskResult(
                "the pending \"" + kind + "\" request of " + h.id + " was cancelled",
                true,
                TaskStatus.INTERRUPTED,
                null,
                null,
                h.turns,
                h.totalTokens,
                h.ownTokens);
      } else if (h.state == HandleState.RUNNING) {
        cancel = h.cancel;
      }
    } finally {
      rt.lock.unlock();
    }
    if (cancel != null) {
      cancel.cancel(TurnRunner.INTERRUPTED);
    }
  }
}
