package dev.toolnexus.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatsTest {

  @Test
  void percentilesUseTheNearestRank() {
    Stats s = new Stats("x", 1.5, Stats.samples(5, 1, 4, 2, 3, 10, 9, 8, 7, 6), true);
    assertThat(s.percentile(0.50)).isEqualTo(5.0);
    assertThat(s.percentile(0.95)).isEqualTo(10.0);
    assertThat(s.percentile(0.99)).isEqualTo(10.0);
    assertThat(s.mean()).isEqualTo(5.5);
  }

  @Test
  void theJsonLineHasTheFixedKeysInOrder() {
    Stats s = new Stats("floor", 12.3456, Stats.samples(2, 4), true);
    assertThat(s.toJsonLine())
        .isEqualTo(
            "{\"framework\":\"floor\",\"init_ms\":12.346,\"p50_ms\":2.0,\"p95_ms\":4.0,"
                + "\"p99_ms\":4.0,\"mean_ms\":3.0,\"n\":2,\"final_ok\":true}");
  }

  @Test
  void aKnownPeakRssEndsTheJsonLine() {
    Stats s = new Stats("floor", 1, Stats.samples(2), true, 81.25);
    assertThat(s.toJsonLine())
        .isEqualTo(
            "{\"framework\":\"floor\",\"init_ms\":1.0,\"p50_ms\":2.0,\"p95_ms\":2.0,"
                + "\"p99_ms\":2.0,\"mean_ms\":2.0,\"n\":1,\"final_ok\":true,"
                + "\"peak_rss_mb\":81.25}");
  }

  @Test
  void aKnownAllocationFigureFollowsThePeakRss() {
    Stats s = new Stats("floor", 1, Stats.samples(2), true, 81.25, 123456);
    assertThat(s.toJsonLine())
        .isEqualTo(
            "{\"framework\":\"floor\",\"init_ms\":1.0,\"p50_ms\":2.0,\"p95_ms\":2.0,"
                + "\"p99_ms\":2.0,\"mean_ms\":2.0,\"n\":1,\"final_ok\":true,"
                + "\"peak_rss_mb\":81.25,\"alloc_bytes\":123456}");
  }

  @Test
  void thePeakRssOfThisProcessIsReadFromTheKernelOnLinux() {
    double mb = Stats.processPeakRssMb();
    if (java.nio.file.Files.exists(java.nio.file.Path.of("/proc/self/status"))) {
      assertThat(mb).isGreaterThan(1.0);
    } else {
      assertThat(mb).isEqualTo(-1.0);
    }
  }

  @Test
  void noSamplesGiveZeros() {
    Stats s = new Stats("x", 0, Stats.samples(), false);
    assertThat(s.percentile(0.5)).isZero();
    assertThat(s.mean()).isZero();
  }
}
