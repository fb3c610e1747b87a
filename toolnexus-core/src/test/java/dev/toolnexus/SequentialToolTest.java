package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SequentialToolTest {

  /**
   * A not-thread-safe tool: the first call stays inside until the other caller is seen parked on
   * the toolkit's lock (or, if the lock is missing, until the other call has come in beside it).
   */
  static final class Guarded {
    final AtomicInteger inside = new AtomicInteger();
    final AtomicInteger maxInside = new AtomicInteger();
    final CountDownLatch secondEntered = new CountDownLatch(1);
    volatile Thread other;
    final Tool tool =
        Tools.sequential(
            Tools.define(
                "ledger",
                "appends to a ledger that is not thread-safe",
                Map.of("type", "object"),
                (args, ctx) -> enter()));

    private String enter() {
      int now = inside.incrementAndGet();
      maxInside.accumulateAndGet(now, Math::max);
      try {
        if (now == 1 && maxInside.get() == 1 && secondEntered.getCount() == 1) {
          waitForOther();
        } else {
          secondEntered.countDown();
        }
        return "ok";
      } finally {
        inside.decrementAndGet();
      }
    }

    private void waitForOther() {
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      try {
        while (System.nanoTime() < until) {
          if (secondEntered.await(10, TimeUnit.MILLISECONDS) || parkedOnTheLock(other)) {
            secondEntered.countDown();
            return;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  static boolean parkedOnTheLock(Thread t) {
    if (t == null || t.getState() != Thread.State.WAITING) {
      return false;
    }
    return Arrays.stream(t.getStackTrace())
        .anyMatch(f -> f.getClassName().startsWith("java.util.concurrent.locks.ReentrantLock"));
  }

  @Test
  void twoThreadsCallingExecuteNeverRunASequentialToolAtOnce() throws Exception {
    Guarded g = new Guarded();
    try (Toolkit tk = Toolkit.of(g.tool)) {
      assertThat(bothCall(g, tk, tk)).containsExactly("ok", "ok");
      assertThat(g.maxInside.get()).isEqualTo(1);
    }
  }

  @Test
  void aViewSharesTheToolkitsSequentialLock() throws Exception {
    Guarded g = new Guarded();
    try (Toolkit tk = Toolkit.of(g.tool)) {
      assertThat(bothCall(g, tk, tk.view(t -> true))).containsExactly("ok", "ok");
      assertThat(g.maxInside.get()).isEqualTo(1);
    }
  }

  /** The first caller goes in; the second starts once the first is inside. */
  static String[] bothCall(Guarded g, Toolkit first, Toolkit second) throws Exception {
    CompletableFuture<String> a = new CompletableFuture<>();
    CompletableFuture<String> b = new CompletableFuture<>();
    Thread ta = new Thread(() -> call(first, a));
    Thread tb = new Thread(() -> call(second, b));
    g.other = tb;
    ta.start();
    while (g.inside.get() == 0 && !a.isDone()) {
      Thread.onSpinWait();
    }
    tb.start();
    return new String[] {a.get(30, TimeUnit.SECONDS), b.get(30, TimeUnit.SECONDS)};
  }

  private static void call(Toolkit tk, CompletableFuture<String> out) {
    try {
      out.complete(tk.execute("ledger", Map.of()).output());
    } catch (Throwable e) {
      out.completeExceptionally(e);
    }
  }
}
