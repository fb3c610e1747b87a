package dev.toolnexus.agents;

import dev.toolnexus.CancelToken;
import dev.toolnexus.agents.internal.InboxText;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Admission of turns, always under the runtime lock: a wake is refused, queued behind running
 * siblings, refused by a budget, or admitted (state flip, parent slot, inbox drained) in one step;
 * a finishing child hands its slot to the next queued sibling.
 */
final class Admission {
  private final AgentRuntime rt;

  Admission(AgentRuntime rt) {
    this.rt = rt;
  }

  /**
   * The locked part of a wake: refuses a closed handle, queues behind running siblings, checks the
   * pools and the turn cap (asking {@code onBudget} about the cap), and admits; returns the turn's
   * input, or null when no turn starts now.
   */
  String wake(Handle h, String prompt) {
    if (h.state == HandleState.CLOSED || h.closing) {
      throw new AgentException("cannot wake " + h.id + ": it is closed");
    }
    if (h.state != HandleState.IDLE || h.queued) {
      return null;
    }
    if (h.next == null) {
      h.next = new CompletableFuture<>();
    }
    Handle p = h.parent;
    if (p != null && p.runningChildren >= p.maxConcurrent) {
      h.queued = true;
      p.wakeQueue.add(new Handle.QueuedWake(h, prompt));
      rt.trace(h, "wake QUEUED (parent runs " + p.maxConcurrent + " at once)");
      return null;
    }
    Limit limit = admissionLimit(h);
    if (limit == Limit.MAX_TURNS
        && rt.poolLimit(h) == null
        && rt.runner.budgets.decide(h, limit) == BudgetDecision.EXTEND) {
      rt.runner.budgets.extend(h, limit);
      limit = null;
    }
    if (limit != null) {
      settleRefused(h, limit);
      return null;
    }
    return admit(h, prompt, "wake");
  }

  Limit admissionLimit(Handle h) {
    Limit limit = rt.poolLimit(h);
    if (limit == null && h.turns >= h.maxTurns) {
      limit = Limit.MAX_TURNS;
    }
    return limit;
  }

  /** Flips an idle handle to running, takes a parent slot and drains the inbox; returns input. */
  String admit(Handle h, String prompt, String why) {
    if (h.parent != null) {
      h.parent.runningChildren++;
    }
    rt.transition(h, HandleState.RUNNING, why);
    h.cancel = new CancelToken();
    h.stopLimit = null;
    if (h.next == null) {
      h.next = new CompletableFuture<>();
    }
    List<InboxItem> items = new ArrayList<>(h.inbox);
    h.inbox.clear();
    h.drained = items;
    String block = InboxText.render(items, from -> trusts(h, from));
    if (prompt == null || prompt.isEmpty()) {
      return block;
    }
    return block.isEmpty() ? prompt : prompt + "\n\n" + block;
  }

  static boolean trusts(Handle h, String from) {
    return InboxItem.CLOCK.equals(from) || h.id.equals(from) || h.id.startsWith(from + "/");
  }

  void settleRefused(Handle h, Limit limit) {
    rt.trace(h, "wake REFUSED (budget exhausted: " + limit + ")");
    rt.settle(
        h,
        new TaskResult(
            "budget exhausted (" + limit + "); partial work preserved",
            true,
            TaskStatus.INCOMPLETE,
            limit,
            null,
            h.turns,
            h.totalTokens,
            h.ownTokens));
  }

  /**
   * Gives the finished child's slot back to its parent and hands it to queued sibling wakes, first
   * come first served; returns the turns to start once the lock is released.
   */
  List<Runnable> releaseSlot(Handle h) {
    Handle p = h.parent;
    List<Runnable> start = new ArrayList<>();
    if (p == null) {
      return start;
    }
    p.runningChildren--;
    while (!p.wakeQueue.isEmpty() && p.runningChildren < p.maxConcurrent) {
      Handle.QueuedWake q = p.wakeQueue.poll();
      Handle next = q.handle();
      if (!next.queued || next.state != HandleState.IDLE) {
        continue;
      }
      next.queued = false;
      if (p.closing) {
        continue;
      }
      Limit limit = admissionLimit(next);
      if (limit != null) {
        settleRefused(next, limit);
        continue;
      }
      rt.trace(next, "DEQUEUED wake (slot transferred)");
      String input = admit(next, q.prompt(), "dequeued");
      start.add(() -> rt.runner.start(next, input));
    }
    return start;
  }
}
