package dev.toolnexus.time;

import dev.toolnexus.CancelToken;
import java.time.Clock;
import java.time.Duration;

/**
 * The library's one notion of time: a {@link Clock} to read and timers that fire on it, for run
 * deadlines, retry backoff and heartbeats. The default runs on the system clock with a shared
 * daemon timer; a test passes a {@link VirtualScheduler} so waits cost no wall time.
 */
public interface Scheduler {

  /** The clock every duration and deadline is measured with. */
  Clock clock();

  /**
   * Runs {@code task} once after {@code delay} (on the timer's thread, or on the thread that moves
   * a virtual clock past it); the task must be short.
   */
  Timer schedule(Duration delay, Runnable task);

  /**
   * Waits {@code delay}, ending early when {@code cancel} fires.
   *
   * @throws java.util.concurrent.CancellationException when {@code cancel} fired before or during
   *     the wait
   * @throws InterruptedException when the thread is interrupted
   */
  void sleep(Duration delay, CancelToken cancel) throws InterruptedException;

  /** A pending {@link #schedule} task. */
  @FunctionalInterface
  interface Timer {
    /** Stops the task from running if it has not run yet; idempotent. */
    void cancel();
  }

  /** The system clock (UTC) with real timers. */
  static Scheduler system() {
    return SystemScheduler.UTC;
  }

  /** Real timers, with durations and deadlines read from {@code clock}. */
  static Scheduler system(Clock clock) {
    return new SystemScheduler(clock);
  }
}
