package dev.toolnexus.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.CancelToken;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class VirtualSchedulerTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private final VirtualScheduler scheduler = new VirtualScheduler(T0);
  private final List<String> fired = new CopyOnWriteArrayList<>();

  @Test
  void timeStandsStillUntilAdvanced() {
    scheduler.schedule(Duration.ofSeconds(5), () -> fired.add("5s"));

    assertThat(scheduler.clock().instant()).isEqualTo(T0);
    assertThat(fired).isEmpty();
    assertThat(scheduler.pending()).isEqualTo(1);
  }

  @Test
  void advancingRunsDueTimersInTimeOrderWithTheClockAtEachOnesInstant() {
    scheduler.schedule(
        Duration.ofSeconds(7), () -> fired.add("7s@" + scheduler.now().getEpochSecond()));
    scheduler.schedule(
        Duration.ofSeconds(3), () -> fired.add("3s@" + scheduler.now().getEpochSecond()));
    scheduler.schedule(Duration.ofSeconds(20), () -> fired.add("20s"));

    scheduler.advance(Duration.ofSeconds(10));

    long t0 = T0.getEpochSecond();
    assertThat(fired).containsExactly("3s@" + (t0 + 3), "7s@" + (t0 + 7));
    assertThat(scheduler.now()).isEqualTo(T0.plusSeconds(10));
    assertThat(scheduler.pending()).isEqualTo(1);
  }

  @Test
  void aCancelledTimerNeverRuns() {
    Scheduler.Timer t = scheduler.schedule(Duration.ofSeconds(1), () -> fired.add("x"));

    t.cancel();
    scheduler.advance(Duration.ofSeconds(2));

    assertThat(fired).isEmpty();
    assertThat(scheduler.pending()).isZero();
  }

  @Test
  void sleepMovesTheClockByItsDelayAtOnce() throws Exception {
    scheduler.sleep(Duration.ofMinutes(3), new CancelToken());

    assertThat(scheduler.now()).isEqualTo(T0.plus(Duration.ofMinutes(3)));
  }

  @Test
  void aTimerThatCancelsTheSleepEndsItAtTheTimersInstant() {
    CancelToken token = new CancelToken();
    scheduler.schedule(Duration.ofSeconds(4), () -> token.cancel("timeout"));

    assertThatThrownBy(() -> scheduler.sleep(Duration.ofSeconds(10), token))
        .isInstanceOf(CancellationException.class)
        .hasMessage("run timeout");
    assertThat(scheduler.now()).isEqualTo(T0.plusSeconds(4));
  }

  @Test
  void theSystemSchedulerReadsTheClockItWasGiven() {
    java.time.Clock fixed = java.time.Clock.fixed(T0, java.time.ZoneOffset.UTC);

    assertThat(Scheduler.system(fixed).clock().instant()).isEqualTo(T0);
  }
}
