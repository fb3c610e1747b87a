package dev.toolnexus.time;

import dev.toolnexus.CancelToken;
import dev.toolnexus.internal.Threads;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** Real timers on the shared daemon timer thread, durations read from a clock. */
final class SystemScheduler implements Scheduler {
  static final SystemScheduler UTC = new SystemScheduler(Clock.systemUTC());

  private final Clock clock;

  SystemScheduler(Clock clock) {
    this.clock = clock;
  }

  @Override
  public Clock clock() {
    return clock;
  }

  @Override
  public Timer schedule(Duration delay, Runnable task) {
    ScheduledFuture<?> f =
        Threads.timer().schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
    return () -> f.cancel(false);
  }

  @Override
  public void sleep(Duration delay, CancelToken cancel) throws InterruptedException {
    CountDownLatch woken = new CountDownLatch(1);
    CancelToken.Registration wake = cancel.onCancel(woken::countDown);
    try {
      if (!delay.isZero() && !delay.isNegative()) {
        woken.await(delay.toNanos(), TimeUnit.NANOSECONDS);
      }
    } finally {
      wake.close();
    }
    if (cancel.isCancelled()) {
      throw new CancellationException("run " + cancel.reason());
    }
  }

  @Override
  public String toString() {
    return "Scheduler.system(" + clock + ")";
  }
}
