package dev.toolnexus.agents;

import dev.toolnexus.CancelToken;
import dev.toolnexus.agents.internal.InboxText;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

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
   * pools up the ancestor chain and the turn cap, and admits. A limit that ran out asks {@code
   * onBudget}: extend grants the pool again and admits; suspend admits the wake straight onto an
   * {@code approval} request (the handle suspends with the input as its checkpoint, and an
   * approving answer extends the pool and runs the turn); stop refuses with an {@code incomplete}
   * result naming the limit. Returns what to start once the lock is released.
   */
  List<Runnable> wake(Handle h, String prompt) {
    if (h.state == HandleState.CLOSED || h.closing) {
      throw new AgentException("cannot wake " + h.id + ": it is closed");
    }
    if (h.state != HandleState.IDLE || h.queued) {
      return List.of();
    }
    if (h.next == null) {
      h.next = new CompletableFuture<>();
    }
    Handle p = h.parent;
    if (p != null && p.runningChildren >= p.maxConcurrent) {
      h.queued = true;
      p.wakeQueue.add(new Handle.QueuedWake(h, prompt));
      rt.trace(h, "wake QUEUED (parent runs " + p.maxConcurrent + " at once)");
      return List.of();
    }
    return admitChecked(h, prompt, "wake");
  }

  /**
   * Admits a wake past the budget checks (see {@link #wake}); returns the turn to start, or nothing
   * when the wake was refused or suspended.
   */
  private List<Runnable> admitChecked(Handle h, String prompt, String why) {
    Budgets.Exhausted out = admissionLimit(h);
    for (int asked = 0; out != null && asked < 8; asked++) {
      BudgetDecision d = rt.runner.budgets.decide(h, out.limit());
      if (d == BudgetDecision.EXTEND && rt.runner.budgets.extend(out.owner(), out.limit())) {
        out = admissionLimit(h);
      } else if (d == BudgetDecision.SUSPEND) {
        String input = admit(h, prompt, why + " (to ask for more " + out.limit() + ")");
        if (h.parent != null) {
          h.parent.runningChildren--;
        }
        h.budgetPending = out.limit();
        h.budgetOwner = out.owner();
        h.cancel = null;
        rt.settle(h, rt.runner.budgets.suspendForBudget(h, input));
        return List.of();
      } else {
        break;
      }
    }
    if (out != null) {
      settleRefused(h, out.limit());
      return List.of();
    }
    if ("dequeued".equals(why)) {
      rt.trace(h, "DEQUEUED wake (slot transferred)");
    }
    String input = admit(h, prompt, why);
    return List.of(() -> rt.runner.start(h, input));
  }

  /** The first limit that refuses a turn: a pool up the ancestor chain, else the turn cap. */
  Budgets.Exhausted admissionLimit(Handle h) {
    Budgets.Exhausted out = rt.runner.budgets.poolLimit(h);
    if (out == null && h.turns >= h.maxTurns) {
      out = new Budgets.Exhausted(h, Limit.MAX_TURNS);
    }
    return out;
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
      start.addAll(admitChecked(next, q.prompt(), "dequeued"));
    }
    return start;
  }

  /**
   * Spawns a child under the runtime lock: the definition must exist, the parent be open, its depth
   * and child count leave room, and no pool up its ancestor chain be exhausted (unless {@code
   * onBudget} extends it).
   */
  Handle spawn(Handle parent, String defName, Budget budget) {
    AgentDef def = rt.registry.get(defName);
    if (def == null) {
      throw new AgentException(
          "unknown agent \""
              + defName
              + "\" (known: "
              + String.join(", ", rt.registry.keySet())
              + ")");
    }
    if (parent.state == HandleState.CLOSED || parent.closing) {
      throw new AgentException("cannot spawn under " + parent.id + ": it is closed");
    }
    if (parent.depth + 1 > parent.maxDepth) {
      throw new AgentException(
          "maxDepth " + parent.maxDepth + " reached: " + parent.id + " may not spawn deeper",
          Limit.MAX_DEPTH);
    }
    if (parent.children.size() >= parent.maxChildren) {
      throw new AgentException(
          "maxChildren "
              + parent.maxChildren
              + " reached: "
              + parent.id
              + " may not spawn another child",
          Limit.MAX_CHILDREN);
    }
    Budgets.Exhausted refused = spawnRefusal(parent);
    if (refused != null) {
      AgentException e =
          new AgentException(
              "budget exhausted (" + refused.limit() + "); spawn refused", refused.limit());
      if (refused.owner() != null) {
        e.approvable = refused; // onBudget chose suspend: the task tool asks for approval
      }
      throw e;
    }
    String id = parent.id + "/" + defName + "." + (++parent.seq);
    AgentDef effective =
        budget == null ? def : def.toBuilder().budget(def.budget().overriddenBy(budget)).build();
    Handle child = new Handle(id, effective, parent, rt.lock, rt.now(), rt.defaults);
    parent.children.add(child);
    rt.trace(child, "spawned (depth " + child.depth + ")");
    return child;
  }

  /**
   * A pool up the chain that refuses a spawn once {@code onBudget} had its say (extend grants it
   * again), with its owner only when the decision was suspend; or null.
   */
  private Budgets.Exhausted spawnRefusal(Handle parent) {
    Budgets.Exhausted out = rt.runner.budgets.poolLimit(parent);
    for (int asked = 0; out != null && asked < 8; asked++) {
      if (parent == rt.root()) {
        break;
      }
      BudgetDecision d = rt.runner.budgets.decide(parent, out.limit());
      if (d != BudgetDecision.EXTEND || !rt.runner.budgets.extend(out.owner(), out.limit())) {
        return d == BudgetDecision.SUSPEND ? out : new Budgets.Exhausted(null, out.limit());
      }
      out = rt.runner.budgets.poolLimit(parent);
    }
    return out == null ? null : new Budgets.Exhausted(null, out.limit());
  }

  /** Runs the definition's {@code onSpawn}, before the handle's first turn; a failure is traced. */
  void runOnSpawn(Handle child) {
    Consumer<Handle> onSpawn = child.def.onSpawn();
    if (onSpawn != null) {
      try {
        onSpawn.accept(child);
      } catch (RuntimeException e) {
        rt.trace(child, "onSpawn failed: " + dev.toolnexus.internal.Errors.message(e));
      }
    }
  }
}
