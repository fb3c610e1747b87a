package dev.toolnexus.agents;

import dev.toolnexus.client.LlmClient;
import dev.toolnexus.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Gives an agent its own pulse: every interval, on the runtime's scheduler, a timer tick goes into
 * the handle's inbox and, when the handle is idle, it is woken with {@link #PROMPT}. Ticks that
 * arrive while a turn runs wait in the inbox and enter the next turn together, so a slow beat never
 * piles up turns. A reply containing {@link #OK} is silent; any other finished reply is a beat,
 * handed to {@code onBeat}. Channels (chat, mail, webhooks) stay the host's: it delivers their
 * events with {@link AgentRuntime#post} and {@link AgentRuntime#wake} on {@link #handle()}.
 */
public final class Heartbeat implements AutoCloseable {
  /** The reply that means nothing needs attention; a beat that contains it stays silent. */
  public static final String OK = "HEARTBEAT_OK";

  /** What a beat wakes the agent with. */
  public static final String PROMPT =
      "Heartbeat. Read the HEARTBEAT.md section of your instructions and do what it says is due"
          + " now. If nothing needs attention, reply with exactly "
          + OK
          + ".";

  private final AgentRuntime runtime;
  private final Handle handle;
  private final Duration every;
  private final Consumer<String> onBeat;
  private final boolean ownsRuntime;
  private final ReentrantLock lock = new ReentrantLock();
  private final List<String> beats = new ArrayList<>();
  private final AtomicInteger turns = new AtomicInteger();
  private Scheduler.Timer timer;
  private boolean stopped;

  private Heartbeat(
      AgentRuntime runtime,
      Handle handle,
      Duration every,
      Consumer<String> onBeat,
      boolean ownsRuntime) {
    if (every.isZero() || every.isNegative()) {
      throw new IllegalArgumentException("a heartbeat interval must be positive, got " + every);
    }
    this.runtime = runtime;
    this.handle = handle;
    this.every = every;
    this.onBeat = onBeat == null ? text -> {} : onBeat;
    this.ownsRuntime = ownsRuntime;
  }

  /**
   * Starts {@code agent} on a runtime of its own over {@code host} (whose scheduler it runs on) and
   * beats it every {@code every}; {@link #close()} stops the beat and closes that runtime.
   */
  public static Heartbeat startAgent(
      Agent agent, LlmClient host, Duration every, Consumer<String> onBeat) {
    Objects.requireNonNull(every, "every");
    AgentRuntime rt = agent.runtime(host);
    Handle h;
    try {
      h = rt.spawn(rt.root(), agent.name());
    } catch (RuntimeException e) {
      rt.close();
      throw e;
    }
    return begin(new Heartbeat(rt, h, every, onBeat, true));
  }

  /**
   * Beats an existing handle every {@code every}, on its runtime's scheduler; {@link #close()}
   * stops the beat and leaves the runtime and the handle to their owner.
   */
  public static Heartbeat start(
      AgentRuntime runtime, Handle handle, Duration every, Consumer<String> onBeat) {
    return begin(
        new Heartbeat(
            Objects.requireNonNull(runtime, "runtime"),
            Objects.requireNonNull(handle, "handle"),
            Objects.requireNonNull(every, "every"),
            onBeat,
            false));
  }

  private static Heartbeat begin(Heartbeat hb) {
    hb.schedule();
    return hb;
  }

  private void schedule() {
    lock.lock();
    try {
      if (!stopped) {
        timer = runtime.scheduler.schedule(every, this::beat);
      }
    } finally {
      lock.unlock();
    }
  }

  /** One beat: a tick into the inbox, a wake when idle, then the next beat. */
  private void beat() {
    lock.lock();
    try {
      if (stopped) {
        return;
      }
    } finally {
      lock.unlock();
    }
    boolean alive;
    try {
      alive = tick();
    } catch (AgentException e) {
      alive = true; // the inbox refused this tick: the ticks already waiting stand for it
    }
    if (alive) {
      schedule();
    }
  }

  /** Posts the tick and wakes an idle handle; false once the handle is closed (the beat ends). */
  private boolean tick() {
    boolean idle;
    runtime.lock.lock();
    try {
      if (handle.state == HandleState.CLOSED || handle.closing) {
        return false;
      }
      // ticks coalesce into one entry: keep at least half the inbox free for real events
      if (handle.inbox.size() < Math.max(1, runtime.inboxCap / 2)) {
        runtime.post(handle, InboxItem.tick());
      }
      idle = handle.state == HandleState.IDLE && !handle.queued;
    } finally {
      runtime.lock.unlock();
    }
    if (idle) {
      runtime.wake(handle, PROMPT);
      runtime.waitAsync(handle, null).thenAccept(this::settled);
    }
    return true;
  }

  private void settled(TaskResult r) {
    if (r.status() == TaskStatus.DONE && !r.text().contains(OK)) {
      lock.lock();
      try {
        beats.add(r.text());
      } finally {
        lock.unlock();
      }
      onBeat.accept(r.text());
    }
    turns.incrementAndGet();
  }

  /** The runtime the agent runs on. */
  public AgentRuntime runtime() {
    return runtime;
  }

  /** The beating handle: post to it and wake it to deliver a channel's events. */
  public Handle handle() {
    return handle;
  }

  /** The beats so far (silent ones left out), oldest first. */
  public List<String> beats() {
    lock.lock();
    try {
      return List.copyOf(beats);
    } finally {
      lock.unlock();
    }
  }

  /** How many heartbeat turns have finished, silent ones included. */
  public int turns() {
    return turns.get();
  }

  /** Stops the beat; a runtime this heartbeat started is closed too. */
  @Override
  public void close() {
    lock.lock();
    try {
      stopped = true;
      if (timer != null) {
        timer.cancel();
      }
    } finally {
      lock.unlock();
    }
    if (ownsRuntime) {
      runtime.close();
    }
  }
}
