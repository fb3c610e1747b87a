package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.time.VirtualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The reopening of a dropped listen stream, on a virtual clock: the opener here stands for the HTTP
 * request and records when each stream was opened.
 */
class ChangeStreamTest {
  private final VirtualScheduler clock = new VirtualScheduler(Instant.EPOCH);
  private final List<Long> openedAt = new ArrayList<>();
  private final List<CompletableFuture<Map<String, Object>>> streams = new ArrayList<>();
  private final List<Consumer<Map<String, Object>>> notes = new ArrayList<>();

  private ChangeStream stream() {
    return new ChangeStream(
        "s",
        clock,
        () -> Map.of("toolsListChanged", true),
        n -> {},
        (filter, onNote) -> {
          openedAt.add(clock.now().toEpochMilli());
          CompletableFuture<Map<String, Object>> f = new CompletableFuture<>();
          streams.add(f);
          notes.add(onNote);
          return f;
        });
  }

  private void dropLast() {
    streams.get(streams.size() - 1).completeExceptionally(new IOException("connection reset"));
  }

  private void advanceUntilOpened(int count) {
    while (openedAt.size() < count) {
      clock.advance(Duration.ofMillis(500));
    }
  }

  @Test
  void eachDropWaitsTwiceAsLongUpToThirtySeconds() {
    ChangeStream s = stream();
    s.open();
    for (int i = 2; i <= 8; i++) {
      dropLast();
      advanceUntilOpened(i);
    }
    assertThat(openedAt).containsExactly(0L, 1000L, 3000L, 7000L, 15000L, 31000L, 61000L, 91000L);
  }

  @Test
  void anAcknowledgedStreamStartsTheBackoffAgainAtOneSecond() {
    ChangeStream s = stream();
    s.open();
    dropLast();
    advanceUntilOpened(2);
    dropLast();
    advanceUntilOpened(3);
    notes.get(2).accept(Map.of("method", "notifications/subscriptions/acknowledged"));
    dropLast();
    advanceUntilOpened(4);
    assertThat(openedAt).containsExactly(0L, 1000L, 3000L, 4000L);
  }

  @Test
  void aStreamTheServerClosedWithItsAnswerIsNotOpenedAgain() {
    ChangeStream s = stream();
    s.open();
    streams.get(0).complete(Map.of());
    clock.advance(Duration.ofMinutes(5));
    assertThat(openedAt).containsExactly(0L);
    assertThat(clock.pending()).isZero();
  }

  @Test
  void aClosedStreamIsNotOpenedAgain() {
    ChangeStream s = stream();
    s.open();
    s.close();
    clock.advance(Duration.ofMinutes(5));
    assertThat(openedAt).containsExactly(0L);
    assertThat(streams.get(0)).isCancelled();
  }
}
