package dev.toolnexus.agents;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.WaitFor;
import dev.toolnexus.client.RunLimit;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The budget ledger and its enforcement: the pools walked up the ancestor chain at admission, the
 * handle's own pools checked before each model call and charged per tool call, the wall-clock
 * deadline on the runtime's scheduler, and what {@code onBudget} decides when a limit runs out
 * (stop, extend, or suspend on an {@code approval} request that the nearest interpreter or the host
 * answers).
 */
final class Budgets {
  private final AgentRuntime rt;

  Budgets(AgentRuntime rt) {
    this.rt = rt;
  }

  /** An exhausted limit and the handle whose pool it is. */
  record Exhausted(Handle owner, Limit limit) {}

  /** The first exhausted pool or passed deadline on the chain from {@code h} to the root. */
  Exhausted poolLimit(Handle h) {
    long now = rt.now();
    for (Handle a = h; a != null; a = a.parent) {
      if (a.tokensLeft <= 0) {
        return new Exhausted(a, Limit.MAX_TOKENS);
      }
      if (a.toolCallsLeft <= 0) {
        return new Exhausted(a, Limit.MAX_TOOL_CALLS);
      }
      if (a.deadline != null && now >= a.deadline) {
        return new Exhausted(a, Limit.MAX_WALL_MS);
      }
    }
    return null;
  }

  /** Charges tokens and tool calls to the handle and every ancestor (the ledger is the pools). */
  void rollUp(Handle h, long tokens, long toolCalls) {
    h.ownTokens += tokens;
    for (Handle a = h; a != null; a = a.parent) {
      a.totalTokens += tokens;
      a.tokensLeft -= tokens;
      a.toolCalls += toolCalls;
      a.toolCallsLeft -= toolCalls;
    }
  }

  /** The handle's own exhausted limit before a model call (turn cap, tokens, deadline); or null. */
  Limit ownLimit(Handle h) {
    rt.lock.lock();
    try {
      if (h.turns >= h.maxTurns) {
        return Limit.MAX_TURNS;
      }
      if (h.tokensLeft <= 0) {
        return Limit.MAX_TOKENS;
      }
      if (h.deadline != null && rt.now() >= h.deadline) {
        return Limit.MAX_WALL_MS;
      }
      return null;
    } finally {
      rt.lock.unlock();
    }
  }

  /** Charges one tool call to the handle's own pool; the limit when the pool is empty. */
  Limit chargeToolCall(Handle h) {
    rt.lock.lock();
    try {
      if (h.toolCallsLeft <= 0) {
        return Limit.MAX_TOOL_CALLS;
      }
      rollUp(h, 0, 1);
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
   * Asks the handle's {@code onBudget} (else the runtime's) what to do about one of its own limits
   * running out inside a turn, and does it. Extend grants the pool again and the turn goes on
   * (false). Suspend raises an {@code approval} request: the handle's own interpreter answers it
   * when it has one (approved: extend and go on; declined: stop), otherwise the turn halts and the
   * handle suspends on the request for whoever waits on it (true). Stop ends the turn (true).
   */
  boolean exhausted(Handle h, Limit limit) {
    return exhausted(h, limit, true);
  }

  /**
   * {@link #exhausted(Handle, Limit)}; {@code askOwn} false skips the handle's own interpreter (the
   * wall-clock deadline fires on the scheduler's timer, which must never block on an answer).
   */
  private boolean exhausted(Handle h, Limit limit, boolean askOwn) {
    BudgetDecision d = decide(h, limit);
    if (d == BudgetDecision.EXTEND && extend(h, limit)) {
      return false;
    }
    if (d == BudgetDecision.SUSPEND) {
      WaitFor own = askOwn ? h.def.waitFor() : null;
      if (own != null) {
        Answer answer = ask(own, approval(h, limit));
        if (answer != null && answer.ok() && extend(h, limit)) {
          rt.trace(h, "more " + limit + " approved by its own interpreter");
          return false;
        }
        if (answer != null) {
          rt.trace(h, "more " + limit + " not approved");
          stop(h, limit);
          return true;
        }
      }
      rt.lock.lock();
      try {
        if (h.state == HandleState.RUNNING && h.stopLimit == null) {
          h.budgetPending = limit;
          h.budgetOwner = h;
        }
      } finally {
        rt.lock.unlock();
      }
    }
    stop(h, limit);
    return true;
  }

  private static Answer ask(WaitFor own, Request request) {
    try {
      return own.waitFor(request);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
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
          h.deadline = rt.now() + h.grantWallMs;
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

  void armWall(Handle h) {
    rt.lock.lock();
    try {
      long delay = Math.max(0, h.deadline - rt.now());
      h.wallTimer =
          rt.scheduler.schedule(
              Duration.ofMillis(delay),
              () -> {
                if (!exhausted(h, Limit.MAX_WALL_MS, false)) {
                  armWall(h);
                }
              });
    } finally {
      rt.lock.unlock();
    }
  }

  void disarmWall(Handle h) {
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

  boolean budgetPending(Handle h) {
    rt.lock.lock();
    try {
      return h.budgetPending != null;
    } finally {
      rt.lock.unlock();
    }
  }

  /** The approval request for more of {@code limit}, stamped with the handle's path. */
  Request approval(Handle h, Limit limit) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("limit", limit.value());
    int n;
    rt.lock.lock();
    try {
      n = ++h.budgetRequests;
    } finally {
      rt.lock.unlock();
    }
    Request request =
        new Request(
            h.id + "#budget-" + n,
            "approval",
            h.id + " ran out of its " + limit + " budget; approve more?",
            null,
            data,
            null);
    return TurnRunner.stamp(request, h);
  }

  /**
   * Halts the turn on an approval request for more of the exhausted limit (lock held): the handle
   * suspends with {@code input} as the checkpoint its approved replay runs again.
   */
  TaskResult suspendForBudget(Handle h, String input) {
    h.pending = approval(h, h.budgetPending);
    h.checkpoint = input;
    h.drained = List.of();
    rt.transition(h, HandleState.SUSPENDED, "pending \"approval\" for more " + h.budgetPending);
    return Results.pending(h);
  }

  /**
   * Applies the answer to a budget approval a suspended handle waits on (lock held): approved, the
   * exhausted pool is granted again and true is returned (the turn replays); otherwise the handle
   * settles {@code incomplete} naming the limit.
   */
  boolean approved(Handle h, Limit limit, Handle owner, Answer answer) {
    if (answer != null && answer.ok() && extend(owner == null ? h : owner, limit)) {
      return true;
    }
    rt.transition(h, HandleState.IDLE, "more " + limit + " not approved");
    rt.settle(
        h,
        new TaskResult(
            "budget exhausted (" + limit + "); more was not approved",
            true,
            TaskStatus.INCOMPLETE,
            limit,
            null,
            h.turns,
            h.totalTokens,
            h.ownTokens));
    return false;
  }
}
