package dev.toolnexus.agents.internal;

import dev.toolnexus.CancelToken;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The runtime-wide cap on model calls in flight. It wraps only the model call itself, never a whole
 * run (a parent waiting on its child would otherwise hold a slot the child needs), and a slot is
 * given back in a {@code finally}, so a call that dies or is cancelled never keeps it.
 */
public final class TurnGate {
  private final Semaphore slots;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger highWater = new AtomicInteger();

  /** A gate admitting {@code max} calls at once, first come first served. */
  public TurnGate(int max) {
    if (max <= 0) {
      throw new IllegalArgumentException("maxConcurrentTurns must be positive, got " + max);
    }
    this.slots = new Semaphore(max, true);
  }

  /** A model call made inside the gate. */
  @FunctionalInterface
  public interface Call<T> {
    /** Makes the call. */
    T run();
  }

  /**
   * Runs {@code call} holding a slot; waiting for the slot ends when {@code cancel} fires.
   *
   * @throws CancellationException when cancelled while waiting
   */
  public <T> T through(CancelToken cancel, Call<T> call) {
    cancel.throwIfCancelled();
    Thread waiting = Thread.currentThread();
    CancelToken.Registration reg = cancel.onCancel(waiting::interrupt);
    try {
      slots.acquire();
    } catch (InterruptedException e) {
      throw new CancellationException(cancel.isCancelled() ? cancel.reason() : "interrupted");
    } finally {
      reg.close();
      if (cancel.isCancelled()) {
        Thread.interrupted(); // the wake-up was for the wait above, not for whatever runs next
      }
    }
    try {
      int now = inFlight.incrementAndGet();
      highWater.accumulateAndGet(now, Math::max);
      cancel.throwIfCancelled();
      return call.run();
    } finally {
      inFlight.decrementAndGet();
      slots.release();
    }
  }

  /** The most model calls that were ever in flight at once. */
  public int highWater() {
    return highWater.get();
  }
}
