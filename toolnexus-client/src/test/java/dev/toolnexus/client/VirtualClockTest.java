package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.time.VirtualScheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The run deadline and retry backoff run on the injected scheduler: no wall time is spent. */
class VirtualClockTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private final RawHttpServer server = new RawHttpServer();
  private final VirtualScheduler clock = new VirtualScheduler(T0);

  VirtualClockTest() throws Exception {}

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private ClientOptions.Builder options() {
    return server.openAiOptions().scheduler(clock);
  }

  @Test
  void retryBackoffWaitsOnTheVirtualClock() {
    server
        .respond(503, Map.of("Retry-After", "30"), "{}")
        .respond(503, Map.of("Retry-After", "45"), "{}")
        .respond(200, openaiText("fine", 3, 2));

    RunResult r = LlmClient.create(options().build()).run("hi", Toolkit.of());

    assertThat(r.text()).isEqualTo("fine");
    assertThat(clock.now()).isEqualTo(T0.plusSeconds(75));
  }

  @Test
  void theRunDeadlineFiresOnTheVirtualClockDuringABackoff() {
    server
        .respond(503, Map.of("Retry-After", "60"), "{}")
        .respond(503, Map.of("Retry-After", "60"), "{}")
        .respond(200, openaiText("too late", 3, 2));

    RunResult r =
        LlmClient.create(options().timeout(Duration.ofSeconds(90)).build()).run("hi", Toolkit.of());

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.TIMEOUT);
    assertThat(clock.now()).isEqualTo(T0.plusSeconds(90));
    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void aFinishedRunLeavesNoTimerBehind() {
    server.respond(200, openaiText("fine", 3, 2));

    LlmClient.create(options().timeout(Duration.ofMinutes(5)).build()).run("hi", Toolkit.of());

    assertThat(clock.pending()).isZero();
    assertThat(clock.now()).isEqualTo(T0);
  }
}
