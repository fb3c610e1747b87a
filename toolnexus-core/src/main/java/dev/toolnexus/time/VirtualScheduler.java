package dev.toolnexus.time;

import dev.toolnexus.CancelToken;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A scheduler on a virtual clock, for tests: time moves only when {@link #advance} is called or
 * when code sleeps on it, and every timer that falls due on the way runs then, in time order, on
 * the thread that moved the clock. A {@link #sleep} moves the clock by its delay at once, so a
 * retry backoff or a deadline is reached without waiting.
 */
public final class VirtualScheduler implements Scheduler {
  private final ReentrantLock lock = new ReentrantLock();
  private final PriorityQueue<Entry> queue = new PriorityQueue<>();
  private final AtomicLong seq = new AtomicLong();
  private final VirtualClock clock;

  private static final class Entry implements Comparable<Entry>, Timer {
    final Instant due;
    final long order;
    final Runnable task;
    volatile boolean cancelled;

    Entry(Instant due, long order, Runnable task) {
      this.due = due;
      this.order = order;
      this.task = task;
    }

    @Override
    public void cancel() {
      cancelled = true;
    }

    @Override
    public int compareTo(Entry o) {
      int c = due.compareTo(o.due);
      return c != 0 ? c : Long.compare(order, o.order);
    }
  }

  /** A virtual clock starting at {@code start}. */
  public VirtualScheduler(Instant start) {
    this.clock = new VirtualClock(start, ZoneOffset.UTC);
  }

  /** A virtual clock starting at 2026-01-01T00:00:00Z. */
  public VirtualScheduler() {
    this(Instant.parse("2026-01-01T00:00:00Z"));
  }

  @Override
  public Clock clock() {
    return clock;
  }

  /** The current virtual instant. */
  public Instant now() {
    return clock.instant();
  }

  @Override
  public Timer schedule(Duration delay, Runnable task) {
    Entry e =
        new Entry(
            clock.instant().plus(delay.isNegative() ? Duration.ZERO : delay),
            seq.incrementAndGet(),
            task);
    lock.lock();
    try {
      queue.add(e);
    } finally {
      lock.unlock();
    }
    return e;
  }

  /** Moves the clock forward by {@code delta}, running every timer that falls due, in order. */
  public void advance(Duration delta) {
    advanceTo(clock.instant().plus(delta), null);
  }

  /** The number of timers not yet run or cancelled. */
  public int pending() {
    lock.lock();
    try {
      return (int) queue.stream().filter(e -> !e.cancelled).count();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Moves the clock forward by {@code delay} at once (running due timers on the way), stopping
   * where a timer cancelled {@code cancel}.
   */
  @Override
  public void sleep(Duration delay, CancelToken cancel) {
    if (cancel.isCancelled()) {
      throw new CancellationException("run " + cancel.reason());
    }
    advanceTo(clock.instant().plus(delay.isNegative() ? Duration.ZERO : delay), cancel);
    if (cancel.isCancelled()) {
      throw new CancellationException("run " + cancel.reason());
    }
  }

  private void advanceTo(Instant target, CancelToken stopOn) {
    while (true) {
      List<Entry> due = new ArrayList<>();
      lock.lock();
      try {
        Entry head = queue.peek();
        if (head == null || head.due.isAfter(target)) {
          if (clock.instant().isBefore(target)) {
            clock.set(target);
          }
          return;
        }
        queue.poll();
        if (!head.cancelled) {
          if (clock.instant().isBefore(head.due)) {
            clock.set(head.due);
          }
          due.add(head);
        }
      } finally {
        lock.unlock();
      }
      for (Entry e : due) {
        e.task.run();
      }
      if (stopOn != null && stopOn.isCancelled()) {
        return;
      }
    }
  }

  @Override
  public String toString() {
    return "VirtualScheduler[" + clock.instant() + "]";
  }

  /** A clock whose instant only this scheduler moves. */
  private static final class VirtualClock extends Clock {
    private final AtomicLong nanos;
    private final ZoneId zone;

    VirtualClock(Instant start, ZoneId zone) {
      this(new AtomicLong(start.getEpochSecond() * 1_000_000_000L + start.getNano()), zone);
    }

    private VirtualClock(AtomicLong nanos, ZoneId zone) {
      this.nanos = nanos;
      this.zone = zone;
    }

    void set(Instant instant) {
      nanos.set(instant.getEpochSecond() * 1_000_000_000L + instant.getNano());
    }

    @Override
    public ZoneId getZone() {
      return zone;
    }

    @Override
    public Clock withZone(ZoneId z) {
      return new VirtualClock(nanos, z);
    }

    @Override
    public Instant instant() {
      long n = nanos.get();
      return Instant.ofEpochSecond(
          Math.floorDiv(n, 1_000_000_000L), Math.floorMod(n, 1_000_000_000L));
    }

    @Override
    public long millis() {
      return Math.floorDiv(nanos.get(), 1_000_000L);
    }
  }
}
