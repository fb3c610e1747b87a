package dev.toolnexus.agents;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The one source of time for an agent runtime: wait timeouts, the close grace window and wall-clock
 * deadlines all go through it, so tests drive them on a virtual clock.
 */
public interface RuntimeClock {

  /** The current time in milliseconds (epoch or virtual). */
  long millis();

  /**
   * Runs {@code task} once after {@code delayMs}; the returned handle cancels it. The task must be
   * short: it runs on the clock's thread.
   */
  Cancellable schedule(long delayMs, Runnable task);

  /** Cancels a scheduled task; cancelling after it ran does nothing. */
  @FunctionalInterface
  interface Cancellable {
    /** Cancels the task if it has not run. */
    void cancel();
  }

  /** The system clock with one shared daemon timer thread. */
  static RuntimeClock system() {
    return SystemClock.INSTANCE;
  }

  /** The system clock's implementation. */
  final class SystemClock implements RuntimeClock {
    static final SystemClock INSTANCE = new SystemClock();

    private final ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "toolnexus-agents-timer");
              t.setDaemon(true);
              return t;
            });

    private SystemClock() {}

    @Override
    public long millis() {
      return System.currentTimeMillis();
    }

    @Override
    public Cancellable schedule(long delayMs, Runnable task) {
      var f = timer.schedule(task, Math.max(0, delayMs), TimeUnit.MILLISECONDS);
      return () -> f.cancel(false);
    }
  }
}
