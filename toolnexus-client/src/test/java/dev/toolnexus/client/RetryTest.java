package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.retry.RetryDecision;
import dev.toolnexus.client.retry.RetryInfo;
import dev.toolnexus.client.retry.RetryPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SPEC §8 "Resilience" against a raw local server: statuses, Retry-After, resets, aborts. */
class RetryTest {
  private final RawHttpServer server = new RawHttpServer();
  private final List<Duration> waits = new CopyOnWriteArrayList<>();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  RetryTest() throws Exception {}

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private ClientOptions.Builder options() {
    return server.openAiOptions().sleeper((d, cancel) -> waits.add(d));
  }

  private LlmClient client() {
    return LlmClient.create(options().build());
  }

  private static final String OK = openaiText("fine", 3, 2);

  @Test
  void retryAfterDelaySecondsIsWaitedExactly() {
    server.respond(429, Map.of("Retry-After", "3"), "{}").respond(200, OK);

    RunResult r = client().run("hi", kit);

    assertThat(r.text()).isEqualTo("fine");
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(waits).containsExactly(Duration.ofSeconds(3));
  }

  @Test
  void retryAfterZeroMeansRetryNow() {
    server.respond(429, Map.of("Retry-After", "0"), "{}").respond(200, OK);

    client().run("hi", kit);

    assertThat(waits).containsExactly(Duration.ZERO);
    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void retryAfterHeaderIsFoundWhateverItsCase() {
    server.respond(429, Map.of("RETRY-after", "7"), "{}").respond(200, OK);

    client().run("hi", kit);

    assertThat(waits).containsExactly(Duration.ofSeconds(7));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1.5",
        "-1",
        "+2",
        "Wed, 21 Oct 2015 07:28:00 GMT",
        "2147483648",
        "",
        "soon",
        "1e3"
      })
  void anyOtherRetryAfterFallsBackToBackoff(String value) {
    server.respond(429, Map.of("Retry-After", value), "{}").respond(200, OK);

    client().run("hi", kit);

    assertThat(waits).hasSize(1);
    assertThat(waits.get(0)).isBetween(Duration.ofMillis(500), Duration.ofMillis(600));
  }

  @Test
  void largestDelaySecondsIsStillHonoured() {
    assertThat(RetryPolicy.retryAfter("2147483647")).isEqualTo(Duration.ofSeconds(2147483647L));
    assertThat(RetryPolicy.retryAfter(" 12 ")).isEqualTo(Duration.ofSeconds(12));
    assertThat(RetryPolicy.retryAfter("0012")).isEqualTo(Duration.ofSeconds(12));
    assertThat(RetryPolicy.retryAfter(null)).isNull();
  }

  @Test
  void serviceUnavailableThenOkSucceedsAfterOneBackoff() {
    server.respond(503, "{\"error\":{\"message\":\"overloaded\"}}").respond(200, OK);

    RunResult r = client().run("hi", kit);

    assertThat(r.text()).isEqualTo("fine");
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(server.body(1)).isEqualTo(server.body(0));
    assertThat(waits).hasSize(1);
    assertThat(waits.get(0)).isBetween(Duration.ofMillis(500), Duration.ofMillis(600));
  }

  @Test
  void backoffDoublesPerAttemptAndTheLastErrorSurfacesWhenRetriesRunOut() {
    for (int i = 0; i < 3; i++) {
      server.respond(529, "{\"error\":{\"message\":\"overloaded " + i + "\"}}");
    }

    assertThatThrownBy(() -> client().run("hi", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.status()).isEqualTo(529);
              assertThat(e.providerMessage()).isEqualTo("overloaded 2");
            });
    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(waits).hasSize(2);
    assertThat(waits.get(0)).isBetween(Duration.ofMillis(500), Duration.ofMillis(600));
    assertThat(waits.get(1)).isBetween(Duration.ofMillis(1000), Duration.ofMillis(1200));
  }

  @Test
  void theRetryBaseScalesTheBackoff() {
    server.respond(500, "{}").respond(200, OK);

    LlmClient.create(options().retryBase(java.time.Duration.ofMillis(40)).build()).run("hi", kit);

    assertThat(waits.get(0)).isBetween(Duration.ofMillis(40), Duration.ofMillis(48));
  }

  @Test
  void zeroRetriesMeansExactlyOneAttempt() {
    server.respond(503, "{}").respond(200, OK);

    assertThatThrownBy(() -> LlmClient.create(options().retries(0).build()).run("hi", kit))
        .isInstanceOf(LlmException.class);
    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void statusesOutsideTheSetFailAtOnce() {
    server.respond(501, "{\"error\":{\"message\":\"nope\"}}");

    assertThatThrownBy(() -> client().run("hi", kit))
        .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.status()).isEqualTo(501));
    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void retryableStatusesAddToTheSetAndNeverRemoveFromIt() {
    server.respond(501, "{}").respond(429, Map.of("Retry-After", "1"), "{}").respond(200, OK);

    LlmClient.create(options().retryableStatuses(Set.of(501)).build()).run("hi", kit);

    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(RetryPolicy.of(2, Duration.ofMillis(500), Set.of(418)).statuses())
        .containsExactlyInAnyOrder(418, 429, 500, 502, 503, 504, 529);
  }

  @Test
  void onErrorFailStopsAtTheFirstFailure() {
    List<RetryInfo> seen = new CopyOnWriteArrayList<>();
    server.respond(503, "{}").respond(200, OK);

    assertThatThrownBy(
            () ->
                LlmClient.create(
                        options()
                            .onError(
                                i -> {
                                  seen.add(i);
                                  return RetryDecision.FAIL;
                                })
                            .build())
                    .run("hi", kit))
        .isInstanceOf(LlmException.class);
    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(seen)
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.status()).isEqualTo(503);
              assertThat(i.attempt()).isZero();
              assertThat(i.retryable()).isTrue();
            });
  }

  @Test
  void onErrorRetryIsBoundedByRetries() {
    List<RetryInfo> seen = new CopyOnWriteArrayList<>();
    for (int i = 0; i < 5; i++) {
      server.respond(400, "{\"error\":{\"message\":\"bad\"}}");
    }

    assertThatThrownBy(
            () ->
                LlmClient.create(
                        options()
                            .onError(
                                i -> {
                                  seen.add(i);
                                  return RetryDecision.RETRY;
                                })
                            .build())
                    .run("hi", kit))
        .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.status()).isEqualTo(400));
    assertThat(server.requestCount()).isEqualTo(3);
    assertThat(seen).extracting(RetryInfo::attempt).containsExactly(0, 1, 2);
    assertThat(seen).extracting(RetryInfo::retryable).containsOnly(false);
  }

  @Test
  void aConnectionResetIsANetworkErrorAndIsRetried() {
    List<RetryInfo> seen = new CopyOnWriteArrayList<>();
    server.reset().respond(200, OK);

    RunResult r =
        LlmClient.create(
                options()
                    .onError(
                        i -> {
                          seen.add(i);
                          return i.retryable() ? RetryDecision.RETRY : RetryDecision.FAIL;
                        })
                    .build())
            .run("hi", kit);

    assertThat(r.text()).isEqualTo("fine");
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(seen)
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.status()).isZero();
              assertThat(i.isNetworkError()).isTrue();
              assertThat(i.retryable()).isTrue();
              assertThat(i.error().status()).isZero();
            });
    assertThat(waits).hasSize(1);
  }

  @Test
  void providerErrorsAreTypedWithRequestIdAndRedactedAccountIds() {
    server.respond(
        400,
        Map.of("x-request-id", "req_123"),
        "{\"error\":{\"message\":\"bad model\",\"org_id\":\"org-9\"},\"user_id\":\"u-1\"}");

    assertThatThrownBy(() -> client().run("hi", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.providerMessage()).isEqualTo("bad model");
              assertThat(e.requestId()).isEqualTo("req_123");
              assertThat(e.body())
                  .isEqualTo(
                      "{\"error\":{\"message\":\"bad model\",\"org_id\":\"«redacted»\"},"
                          + "\"user_id\":\"«redacted»\"}");
              assertThat(e.getMessage()).doesNotContain("org-9").doesNotContain("u-1");
            });
  }

  @Test
  void anthropicRequestIdComesFromTheBodyWhenNoHeaderHasIt() {
    server.respond(
        529,
        "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"},"
            + "\"request_id\":\"req_011\"}");
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(server.baseUrl())
                .style(Style.ANTHROPIC)
                .model("claude-sonnet-4-5")
                .apiKey("sk-ant")
                .retries(0)
                .build());

    assertThatThrownBy(() -> client.run("hi", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.requestId()).isEqualTo("req_011");
              assertThat(e.providerMessage()).isEqualTo("Overloaded");
            });
  }

  @Test
  void theRunDeadlineAbortsAHangingResponseAndKeepsTheTurnsSoFar() throws Exception {
    server
        .respond(
            200, openaiCalls(10, 5, new String[] {"c1", "get_weather", "{\"location\":\"X\"}"}))
        .hang();
    List<RetryInfo> seen = new CopyOnWriteArrayList<>();

    RunResult r =
        LlmClient.create(
                options()
                    .timeout(java.time.Duration.ofMillis(2500))
                    .onError(
                        i -> {
                          seen.add(i);
                          return RetryDecision.RETRY;
                        })
                    .build())
            .run("hi", kit);

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.TIMEOUT);
    assertThat(r.turns()).isEqualTo(2);
    assertThat(r.usage()).isEqualTo(new Usage(10, 5, 15));
    assertThat(r.toolCallCount()).isEqualTo(1);
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(server.aborted.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(seen).isEmpty();
    assertThat(waits).isEmpty();
  }

  @Test
  void cancellingARunAbortsItsInFlightRequestAndIsNotRetried() throws Exception {
    server.hang();
    CancelToken cancel = new CancelToken();
    LlmClient client = client();

    CompletableFuture<RunResult> run = client.runAsync("hi", RunOptions.of(kit).withCancel(cancel));
    assertThat(server.hanging.await(10, TimeUnit.SECONDS)).isTrue();
    cancel.cancel("user");

    assertThatThrownBy(() -> run.get(10, TimeUnit.SECONDS))
        .isInstanceOf(CancellationException.class);
    assertThat(server.aborted.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void closingAStreamAbortsItsInFlightRequest() throws Exception {
    server.hang();

    RunStream stream = client().stream("hi", RunOptions.of(kit));
    assertThat(server.hanging.await(10, TimeUnit.SECONDS)).isTrue();
    stream.close();

    assertThat(server.aborted.await(10, TimeUnit.SECONDS)).isTrue();
    assertThatThrownBy(() -> stream.forEach(e -> {})).isInstanceOf(CancellationException.class);
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void aPerAttemptTimeoutIsANetworkErrorAndIsRetried() {
    server.hang().respond(200, OK);

    RunResult r =
        LlmClient.create(options().requestTimeout(Duration.ofMillis(300)).build()).run("hi", kit);

    assertThat(r.text()).isEqualTo("fine");
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(waits).hasSize(1);
  }

  @Test
  void aStreamRetriesBeforeItsFirstByte() {
    server
        .respond(429, Map.of("Retry-After", "0"), "{}")
        .respond(
            200,
            Map.of("Content-Type", "text/event-stream"),
            String.join("", Wire.stream(Style.OPENAI, "streamed")));
    List<StreamEvent> events = new CopyOnWriteArrayList<>();

    RunResult r = client().stream("hi", RunOptions.of(kit), events::add);

    assertThat(r.text()).isEqualTo("streamed");
    assertThat(events).contains(new StreamEvent.Text("streamed"));
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(waits).containsExactly(Duration.ZERO);
  }

  @Test
  void theDefaultSleeperWakesWhenTheRunIsCancelled() throws Exception {
    CancelToken cancel = new CancelToken();
    var pool = java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      CompletableFuture<Void> sleeping =
          CompletableFuture.runAsync(
              () -> {
                try {
                  dev.toolnexus.client.retry.Sleeper.system().sleep(Duration.ofHours(1), cancel);
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              },
              pool);
      cancel.cancel("user");

      assertThatThrownBy(() -> sleeping.get(10, TimeUnit.SECONDS))
          .hasCauseInstanceOf(CancellationException.class);
    } finally {
      pool.shutdownNow();
    }
  }
}
