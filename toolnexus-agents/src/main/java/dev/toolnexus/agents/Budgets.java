package dev.toolnexus.agents;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.client.RunLimit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A handle's own budget inside a turn: charging tool calls, checking the pools before each model
 * call, the wall-clock deadline, and what {@code onBudget} decides when a pool runs out (stop,
 * extend, or suspend on an approval request).
 */
final class Budgets {
  private final AgentRuntime rt;

  Budgets(AgentRuntime rt) {
    this.rt = rt;
  }

  Limit ownLimit(Handle h) {
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

  void armWall(Handle h) {
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

  /** Halts the turn on an approval request for more of the exhausted limit (lock held). */
  TaskResult suspendForBudget(Handle h, String input) {
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
    h.pending = TurnRunner.stamp(request, h);
    h.checkpoint = input;
    h.drained = List.of();
    rt.transition(h, HandleState.SUSPENDED, "pending \"approval\" for more " + limit);
    return rt.pendingResult(h);
  }
}
