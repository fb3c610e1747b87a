package dev.toolnexus.agents;

import dev.toolnexus.Answer;
import dev.toolnexus.agents.internal.TurnGate;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.InMemoryConversationStore;
import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A tree of live agents. The host holds the {@link #root()} and acts through six verbs — {@link
 * #spawn}, {@link #post}, {@link #wake}, {@link #wait}, {@link #interrupt}, {@link #close} — plus
 * the read-only {@link #list} and {@link #inspect}. Models reach the same machinery through the
 * {@code task} tool of any agent that has a team.
 *
 * <p>The runtime owns one conversation store for every handle (the conversation id is the handle
 * id), one scheduler for every timeout and deadline, the handle table, and a name-sorted registry.
 * Its model calls go to the host client's own {@link dev.toolnexus.client.ChatModel} (same
 * endpoint, transport and retries, or its in-process model), each call passing a runtime-wide gate
 * of {@code maxConcurrentTurns}. Failures between handles travel as results; only verbs called by
 * the host throw ({@link AgentException}).
 */
public final class AgentRuntime implements AutoCloseable {
  /** The default inbox capacity per handle. */
  public static final int DEFAULT_INBOX_CAP = 8;

  /** The default number of model calls in flight across the whole tree. */
  public static final int DEFAULT_MAX_CONCURRENT_TURNS = 8;

  /** The default number of children of one parent (the root included) running at once. */
  public static final int DEFAULT_MAX_CONCURRENT = 8;

  /** The default grace a running turn gets on a graceful close before it is interrupted. */
  public static final Duration DEFAULT_SHUTDOWN = Duration.ofSeconds(2);

  final ReentrantLock lock = new ReentrantLock();
  final Map<String, AgentDef> registry;
  final LlmClient host;
  final ConversationStore store;
  final Scheduler scheduler;
  final TurnGate gate;
  final Hooks hooks;
  final Consumer<MetricEvent> onMetric;
  final Function<BudgetInfo, BudgetDecision> onBudget;
  final int inboxCap;
  final long shutdownMs;
  final Handle.Defaults defaults;
  private final List<String> trace = new ArrayList<>();
  private final Handle root;
  final TurnRunner runner;
  final Admission admission;
  final Closer closer;
  private final Resumer resumer;

  private AgentRuntime(Builder b) {
    this.registry = new TreeMap<>(b.registry);
    this.host = Objects.requireNonNull(b.host, "host client");
    this.store = b.store != null ? b.store : new InMemoryConversationStore();
    this.scheduler = b.scheduler != null ? b.scheduler : host.options().scheduler();
    this.gate = new TurnGate(b.maxConcurrentTurns);
    this.hooks = b.hooks;
    this.onMetric = b.onMetric;
    this.onBudget = b.onBudget;
    this.inboxCap = b.inboxCap;
    this.shutdownMs = b.shutdown.toMillis();
    this.defaults = new Handle.Defaults(b.defaultMaxTurns, b.defaultMaxConcurrent, 3);
    AgentDef rootDef = AgentDef.builder("root").does("the runtime root").build();
    this.root = new Handle("root", rootDef, null, lock, now(), defaults);
    this.runner = new TurnRunner(this);
    this.admission = new Admission(this);
    this.closer = new Closer(this);
    this.resumer = new Resumer(this);
    for (AgentDef def : registry.values()) {
      for (String member : def.team()) {
        if (!registry.containsKey(member)) {
          throw new IllegalArgumentException(
              "agent " + def.name() + " has " + member + " in its team, which is not registered");
        }
      }
    }
  }

  /** A builder over the host client whose model, transport and settings agents derive from. */
  public static Builder builder(LlmClient host) {
    return new Builder(host);
  }

  /** The root handle: spawn top-level agents under it. */
  public Handle root() {
    return root;
  }

  /** The registered definitions, sorted by name. */
  public Map<String, AgentDef> registry() {
    return java.util.Collections.unmodifiableMap(registry);
  }

  /** The one store every handle's transcript lives in (conversation id = handle id). */
  public ConversationStore conversationStore() {
    return store;
  }

  /**
   * The runtime's scheduler: every wait timeout, close grace, wall-clock deadline, heartbeat and
   * the turns' own clients read this one clock.
   */
  public Scheduler scheduler() {
    return scheduler;
  }

  /** The runtime's current time in milliseconds. */
  long now() {
    return scheduler.clock().millis();
  }

  // ---- spawn ----------------------------------------------------------------------------------

  /** Spawns {@code defName} under {@code parent} with the definition's own budget. */
  public Handle spawn(Handle parent, String defName) {
    return spawn(parent, defName, null);
  }

  /**
   * Spawns a child: a deterministic id ({@code <parent>/<name>.<n>}, one counter per parent), its
   * pools carved as {@code min(own, parent remaining)}; depth, child count and the ancestors' pools
   * are checked here.
   *
   * @param budget fields that override the definition's budget; null for none
   * @throws AgentException naming the unknown agent, the closed parent or the limit reached
   */
  public Handle spawn(Handle parent, String defName, Budget budget) {
    Handle child;
    lock.lock();
    try {
      child = spawnLocked(parent, defName, budget);
    } finally {
      lock.unlock();
    }
    admission.runOnSpawn(child);
    return child;
  }

  Handle spawnLocked(Handle parent, String defName, Budget budget) {
    return admission.spawn(parent, defName, budget);
  }

  // ---- post -----------------------------------------------------------------------------------

  /** Posts text from outside the tree; see {@link #post(Handle, InboxItem)}. */
  public void post(Handle h, String text) {
    post(h, InboxItem.external(text));
  }

  /**
   * Appends an item to the inbox without any state change; it reaches the agent with its next wake.
   *
   * @throws AgentException when the inbox is full or the handle is closed (loud, never dropped)
   */
  public void post(Handle h, InboxItem item) {
    Objects.requireNonNull(item, "item");
    lock.lock();
    try {
      if (h.state == HandleState.CLOSED || h.closing) {
        throw new AgentException("inbox of " + h.id + " is closed");
      }
      if (h.inbox.size() >= inboxCap) {
        trace(h, "post REJECTED (inbox full, cap " + inboxCap + ") from " + item.from());
        throw new AgentException("inbox full: " + h.id + " holds " + inboxCap + " items");
      }
      h.inbox.add(item);
    } finally {
      lock.unlock();
    }
  }

  // ---- wake -----------------------------------------------------------------------------------

  /** Wakes the handle to drain its inbox; see {@link #wake(Handle, String)}. */
  public void wake(Handle h) {
    wake(h, null);
  }

  /**
   * Starts a turn ({@code idle → running}) whose input is the prompt followed by the whole inbox.
   * Admission is one atomic step: the ancestors' pools and the turn cap are checked, a concurrency
   * slot of the parent is taken (or the wake queues behind its running siblings), and the state
   * flips. A limit that ran out asks {@code onBudget}: extend grants the pool again, suspend parks
   * the wake on an {@code approval} request (an approving answer to {@link #resume} runs it), stop
   * (the default) settles an {@code incomplete} result naming the limit. Waking a running or
   * suspended handle does nothing: a suspended one runs again only through its answer.
   *
   * @throws AgentException when the handle is closed
   */
  public void wake(Handle h, String prompt) {
    List<Runnable> start;
    lock.lock();
    try {
      start = admission.wake(h, prompt);
    } finally {
      lock.unlock();
    }
    start.forEach(Runnable::run);
  }

  /** Records the handle's result and hands it to everyone waiting for the next one. */
  void settle(Handle h, TaskResult r) {
    h.lastResult = r;
    CompletableFuture<TaskResult> f = h.next;
    h.next = null;
    if (f != null) {
      f.complete(r);
    }
  }

  // ---- wait -----------------------------------------------------------------------------------

  /**
   * The next result of the handle, or its last one when it has settled (an idle handle with a
   * result, a suspended one with its request, a closed one). Blocks the caller.
   *
   * @throws CancellationException when the waiting thread is interrupted
   */
  public TaskResult wait(Handle h) {
    return Results.join(waitAsync(h, null));
  }

  /**
   * {@link #wait(Handle)} bounded by {@code timeout} on the runtime's clock: when it expires the
   * result is {@code timeout} (naming the {@code timeout} limit) and the agent keeps running.
   */
  public TaskResult wait(Handle h, Duration timeout) {
    return Results.join(waitAsync(h, timeout));
  }

  /** {@link #wait(Handle, Duration)} without blocking; a null timeout waits for ever. */
  public CompletableFuture<TaskResult> waitAsync(Handle h, Duration timeout) {
    return Results.next(this, h, timeout);
  }

  // ---- interrupt ------------------------------------------------------------------------------

  /**
   * Aborts the running turn ({@code running → idle}, waiters get {@code interrupted}, the drained
   * inbox items go back into the inbox), or cancels a suspended handle's request ({@code suspended
   * → idle}). Never a kill: the handle stays alive.
   */
  public void interrupt(Handle h) {
    closer.interrupt(h);
  }

  // ---- close ----------------------------------------------------------------------------------

  /** Closes gracefully; see {@link #close(Handle, boolean)}. */
  public void close(Handle h) {
    close(h, false);
  }

  /**
   * Closes a handle and its subtree: it stops accepting posts, wakes and spawns; its children close
   * first (leaf-first); a running turn may finish within the shutdown grace, then is interrupted
   * ({@code force} interrupts at once); {@code onClose} runs; the final state stays readable. Call
   * it from outside the tree. {@code close(root())} stops everything.
   */
  public void close(Handle h, boolean force) {
    closer.close(h, force);
  }

  /** Closes every handle, leaf-first, then the runtime's threads. */
  @Override
  public void close() {
    close(root, false);
    runner.shutdown();
  }

  /** How many turns are running on the runtime's threads right now. */
  public int activeTurns() {
    return runner.active();
  }

  List<Handle> snapshot(Collection<Handle> handles) {
    lock.lock();
    try {
      return List.copyOf(handles);
    } finally {
      lock.unlock();
    }
  }

  // ---- views ----------------------------------------------------------------------------------

  /** Every handle below the root, parents before children, in spawn order. */
  public List<HandleView> list() {
    lock.lock();
    try {
      List<HandleView> out = new ArrayList<>();
      Views.collect(root, root, out);
      return out;
    } finally {
      lock.unlock();
    }
  }

  /** A snapshot of one handle. */
  public HandleView inspect(Handle h) {
    lock.lock();
    try {
      return Views.view(h);
    } finally {
      lock.unlock();
    }
  }

  /** Finds a handle by id; null when there is none. */
  public Handle find(String id) {
    lock.lock();
    try {
      return Views.find(root, id);
    } finally {
      lock.unlock();
    }
  }

  /**
   * What happened, in order: one line per transition, spawn, queueing, escalation and reattachment,
   * each {@code <handle id>: <event>}. An audit log for hosts and tests; its wording may change.
   */
  public List<String> trace() {
    lock.lock();
    try {
      return List.copyOf(trace);
    } finally {
      lock.unlock();
    }
  }

  // ---- resume ---------------------------------------------------------------------------------

  /**
   * Continues after a {@code pending} result: the answer goes to the deepest suspended handle,
   * whose request it must answer; that handle replays its halted turn from its checkpoint (its
   * turns and usage grow), then each suspended ancestor replays its own turn, where a repeated
   * {@code task} call reattaches to the existing child instead of spawning another.
   *
   * @return the result of the topmost handle the cascade ran again
   * @throws AgentException when nothing is suspended or the answer's id does not match
   */
  public TaskResult resume(Answer answer) {
    return resumer.resume(answer);
  }

  // ---- trace ----------------------------------------------------------------------------------

  void transition(Handle h, HandleState to, String detail) {
    String arrow = h.state.value() + "→" + to.value();
    h.state = to;
    h.transitions.add(arrow);
    trace(h, detail == null ? arrow : arrow + " (" + detail + ")");
  }

  void trace(Handle h, String event) {
    boolean held = lock.isHeldByCurrentThread();
    if (!held) {
      lock.lock();
    }
    try {
      trace.add(h.id + ": " + event);
    } finally {
      if (!held) {
        lock.unlock();
      }
    }
  }

  /** Builds an {@link AgentRuntime}. */
  public static final class Builder {
    private final LlmClient host;
    private final Map<String, AgentDef> registry = new TreeMap<>();
    private ConversationStore store;
    private Scheduler scheduler;
    private int inboxCap = DEFAULT_INBOX_CAP;
    private int maxConcurrentTurns = DEFAULT_MAX_CONCURRENT_TURNS;
    private int defaultMaxConcurrent = DEFAULT_MAX_CONCURRENT;
    private Duration shutdown = DEFAULT_SHUTDOWN;
    private int defaultMaxTurns = dev.toolnexus.client.ClientOptions.DEFAULT_MAX_TURNS;
    private Hooks hooks;
    private Consumer<MetricEvent> onMetric;
    private Function<BudgetInfo, BudgetDecision> onBudget;

    private Builder(LlmClient host) {
      this.host = host;
    }

    /** Registers a definition (a later one with the same name replaces it). */
    public Builder agent(AgentDef def) {
      registry.put(def.name(), def);
      return this;
    }

    /** Registers every definition. */
    public Builder agents(Collection<AgentDef> defs) {
      defs.forEach(this::agent);
      return this;
    }

    /** The one store for every handle's transcript; default in memory. */
    public Builder store(ConversationStore value) {
      this.store = value;
      return this;
    }

    /**
     * The clock and timers for wait timeouts, the close grace, wall-clock deadlines and heartbeats
     * (a {@link dev.toolnexus.time.VirtualScheduler} in tests); default the host client's.
     */
    public Builder scheduler(Scheduler value) {
      this.scheduler = value;
      return this;
    }

    /** How many items each inbox holds before posts are refused. */
    public Builder inboxCap(int value) {
      if (value <= 0) {
        throw new IllegalArgumentException("inboxCap must be positive, got " + value);
      }
      this.inboxCap = value;
      return this;
    }

    /** How many model calls may be in flight across the whole tree (see defaultMaxConcurrent). */
    public Builder maxConcurrentTurns(int value) {
      this.maxConcurrentTurns = value;
      return this;
    }

    /**
     * How many children of a parent whose budget sets no {@code maxConcurrent} (the root too) run
     * at once, further wakes queueing; raise it with {@code maxConcurrentTurns} to run more.
     */
    public Builder defaultMaxConcurrent(int value) {
      this.defaultMaxConcurrent = value;
      return this;
    }

    /** How long a running turn may finish on a graceful close before it is interrupted. */
    public Builder shutdown(Duration value) {
      this.shutdown = Objects.requireNonNull(value, "shutdown");
      return this;
    }

    /** The turn cap of handles whose budget sets none; default 10. */
    public Builder defaultMaxTurns(int value) {
      this.defaultMaxTurns = value;
      return this;
    }

    /** Hooks for every agent whose definition sets none (handed over as they are). */
    public Builder hooks(Hooks value) {
      this.hooks = value;
      return this;
    }

    /** The metric sink of every agent whose definition sets none (handed over as it is). */
    public Builder onMetric(Consumer<MetricEvent> value) {
      this.onMetric = value;
      return this;
    }

    /**
     * What happens when a handle runs out of one of its own limits, for every agent whose
     * definition sets none; default stop.
     */
    public Builder onBudget(Function<BudgetInfo, BudgetDecision> value) {
      this.onBudget = value;
      return this;
    }

    /**
     * The runtime.
     *
     * @throws IllegalArgumentException when a team names an agent that is not registered
     */
    public AgentRuntime build() {
      return new AgentRuntime(this);
    }
  }
}
