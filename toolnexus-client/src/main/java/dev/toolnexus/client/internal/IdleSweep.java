package dev.toolnexus.client.internal;

import dev.toolnexus.internal.Threads;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One timer task per check period that looks at every response body read in flight, instead of a
 * periodic timer task per request. Scheduling and cancelling a task per request took the shared
 * timer's queue lock twice per model call and woke the timer thread; with many concurrent runs
 * every run contended for that one lock. Here a read is watched by adding it to a concurrent set
 * and unwatched by removing it; the sweep runs only while something is watched, every {@code
 * period} milliseconds, so a silence is noticed between the idle timeout and the idle timeout plus
 * one period after the last byte, as with a task per request.
 */
final class IdleSweep {
  /** A body read the sweep looks at. */
  interface Watched {
    /** Fails the read if it has been silent for longer than its idle timeout. */
    void checkIdle(long nowNanos);
  }

  private static final ConcurrentHashMap<Long, IdleSweep> BY_PERIOD = new ConcurrentHashMap<>();

  private final long periodMillis;
  private final Set<Watched> watched = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean scheduled = new AtomicBoolean();

  private IdleSweep(long periodMillis) {
    this.periodMillis = periodMillis;
  }

  /** The sweep that runs every {@code periodMillis} (one per distinct period in the process). */
  static IdleSweep every(long periodMillis) {
    IdleSweep s = BY_PERIOD.get(periodMillis);
    return s != null ? s : BY_PERIOD.computeIfAbsent(periodMillis, IdleSweep::new);
  }

  /** Checks {@code w} on every sweep until it is {@linkplain #remove removed}. */
  void add(Watched w) {
    watched.add(w);
    // added before the flag is read, and the sweep clears the flag before it looks for more: one of
    // the two always schedules the next sweep
    if (!scheduled.get() && scheduled.compareAndSet(false, true)) {
      schedule();
    }
  }

  /** Stops checking {@code w} (its read is over). */
  void remove(Watched w) {
    watched.remove(w);
  }

  /** How many reads are watched now (for tests). */
  int size() {
    return watched.size();
  }

  private void schedule() {
    Threads.timer().schedule(this::sweep, periodMillis, TimeUnit.MILLISECONDS);
  }

  private void sweep() {
    long now = System.nanoTime();
    for (Watched w : watched) {
      try {
        w.checkIdle(now);
      } catch (RuntimeException e) {
        watched.remove(w); // a broken watch must not stop the others' checks
      }
    }
    scheduled.set(false);
    if (!watched.isEmpty() && scheduled.compareAndSet(false, true)) {
      schedule();
    }
  }
}
