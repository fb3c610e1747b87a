package dev.toolnexus.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class AllocationTest {
  private static final int FOUR_MB = 4 << 20;
  static volatile Object sink;

  @Test
  void anArrayAllocatedOnAnotherLiveThreadIsCounted() throws Exception {
    long before = Allocation.totalBytes();
    CountDownLatch allocated = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread t =
        new Thread(
            () -> {
              sink = new byte[FOUR_MB];
              allocated.countDown();
              awaitQuietly(release);
            });
    t.start();
    allocated.await();
    long after = Allocation.totalBytes();
    release.countDown();
    t.join();
    assertThat(before).isNotNegative();
    assertThat(after - before).isGreaterThanOrEqualTo(FOUR_MB);
  }

  @Test
  void aThreadThatHasEndedStaysCounted() throws Exception {
    long before = Allocation.totalBytes();
    Thread t = new Thread(() -> sink = new byte[FOUR_MB]);
    t.start();
    t.join();
    // join() returns as the thread is marked terminated, a moment before the JVM folds its bytes
    // into the total of ended threads; in that gap the reading may not show them yet.
    long after = Allocation.totalBytes();
    for (int i = 0; i < 500 && after - before < FOUR_MB; i++) {
      Thread.sleep(10);
      after = Allocation.totalBytes();
    }
    assertThat(after - before).isGreaterThanOrEqualTo(FOUR_MB);
  }

  @Test
  void perScenarioDividesTheDifferenceByTheRuns() {
    assertThat(Allocation.perScenario(1000, 5000, 4)).isEqualTo(1000);
  }

  @Test
  void anUnknownReadingOrNoRunsGiveMinusOne() {
    assertThat(Allocation.perScenario(-1, 5000, 4)).isEqualTo(-1);
    assertThat(Allocation.perScenario(1000, 5000, 0)).isEqualTo(-1);
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
