package dev.toolnexus.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AllocationTest {
  static volatile Object sink;

  @Test
  void anArrayAllocatedOnAnotherThreadIsCounted() throws Exception {
    long before = Allocation.totalBytes();
    Thread t = new Thread(() -> sink = new byte[4 << 20]);
    t.start();
    t.join();
    long after = Allocation.totalBytes();
    assertThat(before).isNotNegative();
    assertThat(after - before).isGreaterThanOrEqualTo(4 << 20);
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
}
