package dev.toolnexus.agents;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.TraceContext;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A live agent in a runtime's tree: its deterministic id ({@code root/coordinator.1/explore.2}),
 * its state, its inbox and what it has spent. A handle is a capability: the runtime returns it to
 * its spawner alone, and the verbs of {@link AgentRuntime} act on it. The getters read a consistent
 * snapshot; everything else is owned by the runtime.
 */
public final class Handle {
  // Every field below is guarded by the runtime's lock.
  final String id;
  final AgentDef def;
  final Handle parent;
  // the trace context of this agent's current run, for its sub-agents' runs; null untraced
  volatile TraceContext runTrace;
  final int depth;
  final ReentrantLock lock;
  final List<Handle> children = new ArrayList<>();
  final ArrayDeque<InboxItem> inbox = new ArrayDeque<>();
  final List<String> transitions = new ArrayList<>();
  HandleState state = HandleState.IDLE;

  // The carved pools and effective limits.
  long tokensLeft;
  long toolCallsLeft;
  final int maxChildren;
  int maxTurns;
  final int maxConcurrent;
  final int maxDepth;
  Long deadline;

  // What an extension grants again: the pools as first carved.
  final long grantTokens;
  final long grantToolCalls;
  final int grantTurns;
  final Long grantWallMs;
  // The limit whose approval request the handle is suspended on; null for a tool's request.
  Limit budgetPending;
  // Whose pool that limit is: the handle itself, or an ancestor whose pool refused a wake.
  Handle budgetOwner;
  int budgetRequests;
  dev.toolnexus.time.Scheduler.Timer wallTimer;

  // The ledger: totals roll up from descendants, turns stay the handle's own.
  long totalTokens;
  long ownTokens;
  long toolCalls;
  int turns;

  // The turn in flight and what it left behind.
  CancelToken cancel;
  Limit stopLimit;
  List<InboxItem> drained = List.of();
  CompletableFuture<TaskResult> next;
  TaskResult lastResult;
  Request pending;
  String checkpoint;

  // Children's wakes waiting for a concurrency slot, and the slots in use.
  final ArrayDeque<QueuedWake> wakeQueue = new ArrayDeque<>();
  boolean queued;
  boolean closing;
  int runningChildren;
  int seq;

  // Set when the task tool spawned this handle: the reattachment key and whether it was woken.
  String taskKey;
  boolean taskStarted;
  int startedInReply = -1;
  boolean claimed;
  // Counts this handle's model replies, so a task call tells its own reply from a replayed one.
  int replySeq;
  // The task calls of this handle's latest model reply, in call order (spawn order).
  List<String> taskPlan = List.of();

  Handle(String id, AgentDef def, Handle parent, ReentrantLock lock, long now, Defaults defaults) {
    this.id = id;
    this.def = def;
    this.parent = parent;
    this.lock = lock;
    this.depth = parent == null ? 0 : parent.depth + 1;
    Budget own = def.budget();
    long parentTokens = parent == null ? Long.MAX_VALUE : parent.tokensLeft;
    long parentCalls = parent == null ? Long.MAX_VALUE : parent.toolCallsLeft;
    this.tokensLeft =
        own.maxTokens() == null ? parentTokens : Math.min(own.maxTokens(), parentTokens);
    this.toolCallsLeft =
        own.maxToolCalls() == null ? parentCalls : Math.min(own.maxToolCalls(), parentCalls);
    this.maxChildren = own.maxChildren() == null ? Integer.MAX_VALUE : own.maxChildren();
    this.maxTurns = own.maxTurns() == null ? defaults.maxTurns() : own.maxTurns();
    this.maxConcurrent =
        own.maxConcurrent() == null ? defaults.maxConcurrent() : own.maxConcurrent();
    this.maxDepth = own.maxDepth() == null ? defaults.maxDepth() : own.maxDepth();
    Long mine = own.maxWall() == null ? null : now + own.maxWall().toMillis();
    Long inherited = parent == null ? null : parent.deadline;
    this.grantTokens = tokensLeft;
    this.grantToolCalls = toolCallsLeft;
    this.grantTurns = maxTurns;
    this.grantWallMs = own.maxWall() == null ? null : own.maxWall().toMillis();
    if (mine == null || inherited == null) {
      this.deadline = mine == null ? inherited : mine;
    } else {
      this.deadline = Math.min(mine, inherited);
    }
  }

  /** A child's wake waiting for a concurrency slot of its parent. */
  record QueuedWake(Handle handle, String prompt) {}

  /** The defaults a handle falls back to when neither its budget nor a spawn sets a limit. */
  record Defaults(int maxTurns, int maxConcurrent, int maxDepth) {
    Defaults {
      if (maxConcurrent <= 0) {
        throw new IllegalArgumentException(
            "defaultMaxConcurrent must be positive, got " + maxConcurrent);
      }
    }
  }

  /** The deterministic id, for example {@code root/coordinator.1/explore.2}. */
  public String id() {
    return id;
  }

  /** The name of the agent definition this handle runs. */
  public String name() {
    return def.name();
  }

  /** The parent's id; null for the root. */
  public String parentId() {
    return parent == null ? null : parent.id;
  }

  /** The current state. */
  public HandleState state() {
    return read(() -> state);
  }

  /** How many items wait in the inbox. */
  public int inboxSize() {
    return read(inbox::size);
  }

  /** The handle's own LLM round trips so far. */
  public int turns() {
    return read(() -> turns);
  }

  /** Tokens of the handle and all its descendants so far. */
  public long totalTokens() {
    return read(() -> totalTokens);
  }

  /** Tokens of the handle's own model calls so far. */
  public long ownTokens() {
    return read(() -> ownTokens);
  }

  /** What is left of the token pool ({@link Long#MAX_VALUE} when unlimited; may be negative). */
  public long tokensLeft() {
    return read(() -> tokensLeft);
  }

  /** The request the handle is suspended on; null unless suspended. */
  public Request pending() {
    return read(() -> pending);
  }

  /** The result of the last settled turn; null before the first. */
  public TaskResult lastResult() {
    return read(() -> lastResult);
  }

  /** The ids of the handle's children, in spawn order. */
  public List<String> childIds() {
    return read(() -> children.stream().map(c -> c.id).toList());
  }

  /** The state transitions of this handle so far, for example {@code idle→running}. */
  public List<String> transitions() {
    return read(() -> List.copyOf(transitions));
  }

  private <T> T read(java.util.function.Supplier<T> body) {
    lock.lock();
    try {
      return body.get();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public String toString() {
    return "Handle[" + id + "]";
  }
}
