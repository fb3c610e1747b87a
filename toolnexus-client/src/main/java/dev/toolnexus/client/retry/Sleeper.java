package dev.toolnexus.client.retry;

import dev.toolnexus.CancelToken;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How the client waits between retry attempts. The default blocks the calling thread and wakes
 * early when the run is cancelled; tests inject one that records the waits instead of spending wall
 * time.
 */
@FunctionalInterface
public interface Sleeper {

  /**
   * Waits {@code delay} (possibly zero).
   *
   * @throws CancellationException when {@code cancel} fires first
   * @throws InterruptedException when the thread is interrupted
   */
  void sleep(Duration delay, CancelToken cancel) throws InterruptedException;

  /** The default: a real wait that ends early on cancel. */
  static Sleeper system() {
    return (delay, cancel) -> {
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
    };
  }
}
