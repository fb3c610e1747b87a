package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.retry.RetryDecision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Retries, secrets, request shaping and calibration on the hosted backend. */
class HostedBackendTest {
  private static final String OK = "{\"answers\":{\"p\":{\"type\":\"noul\",\"noul\":0.5}}}";
  private static final Map<String, Question> QS = Map.of("p", Question.noul("Holds?"));
  private static final Map<String, String> ENV =
      Map.of("TYPESAFE_API_KEY", "sk-live-secret", "TENANT", "tenant-secret-42");

  private LocalServer server;
  private final List<Duration> waits = new ArrayList<>();
  private final List<ClassifierEvent> events = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = new LocalServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Classifier classifier(Consumer<ClassifierOptions.Builder> tweak) {
    ClassifierOptions.Builder b =
        ClassifierOptions.builder()
            .baseUrl(server.baseUrl() + "/v1/")
            .model("jev-1.13")
            .env(ENV::get)
            .header("X-Tenant", "${TENANT}")
            .sleeper((d, c) -> waits.add(d))
            .onMetric(events::add);
    tweak.accept(b);
    return Classifier.create(b.build());
  }

  @Test
  void theCredentialAndExpandedHeadersAreSentAtCallTime() {
    server.json(OK);
    classifier(b -> {}).evaluate("s", QS);

    assertThat(server.request(0).header("authorization")).isEqualTo("Bearer sk-live-secret");
    assertThat(server.request(0).header("x-tenant")).isEqualTo("tenant-secret-42");
    assertThat(server.request(0).path()).isEqualTo("/v1/systemone");
  }

  @Test
  void anAuthFailureNamesOnlyTheStatusAndEndpointAndIsNotRetried() {
    server.error(401, "{\"error\":\"bad key sk-live-secret for tenant tenant-secret-42\"}");

    assertThatThrownBy(() -> classifier(b -> {}).evaluate("s", QS))
        .isInstanceOf(LlmException.class)
        .hasMessage("classifier: POST " + server.baseUrl() + "/v1/systemone: HTTP 401")
        .satisfies(e -> assertThat(((LlmException) e).status()).isEqualTo(401));
    assertThat(server.requests()).hasSize(1);
    assertThat(events.toString()).doesNotContain("sk-live-secret").doesNotContain("tenant-secret");
  }

  @Test
  void aBackendErrorKeepsItsCauseWithSecretsRedacted() {
    server.error(400, "limit exceeded: too many options (key sk-live-secret)");

    assertThatThrownBy(() -> classifier(b -> {}).evaluate("s", QS))
        .hasMessage(
            "classifier: POST "
                + server.baseUrl()
                + "/v1/systemone: HTTP 400: limit exceeded: too many options (key [redacted])");
  }

  @Test
  void transientStatusesRetryWithDoublingBackoffAndNoJitter() {
    server.error(503, "busy").error(408, "slow").json(OK);

    Decision d = classifier(b -> {}).evaluate("s", QS);

    assertThat(d.noul("p").noul()).isEqualTo(0.5);
    assertThat(server.requests()).hasSize(3);
    assertThat(waits).containsExactly(Duration.ofMillis(500), Duration.ofMillis(1000));
  }

  @Test
  void retryAfterDelaySecondsWinsOverBackoff() {
    server.error(429, "slow down", Map.of("Retry-After", "3")).json(OK);

    classifier(b -> {}).evaluate("s", QS);

    assertThat(waits).containsExactly(Duration.ofSeconds(3));
  }

  @Test
  void theRetryBudgetEndsWithTheLastFailure() {
    server.error(500, "a").error(502, "b").error(504, "c");

    assertThatThrownBy(() -> classifier(b -> {}).evaluate("s", QS))
        .isInstanceOf(LlmException.class)
        .hasMessageEndingWith("HTTP 504: c");
    assertThat(server.requests()).hasSize(3);
  }

  @Test
  void retryableStatusesOnlyAddToTheSet() {
    server.error(520, "origin").json(OK);
    classifier(b -> b.retryableStatuses(Set.of(520))).evaluate("s", QS);
    assertThat(server.requests()).hasSize(2);

    server.error(429, "rate").json(OK);
    classifier(b -> b.retryableStatuses(Set.of(520))).evaluate("s", QS);
    assertThat(server.requests()).hasSize(4);
  }

  @Test
  void aNonRetryableStatusFailsAtOnce() {
    server.error(400, "bad");

    assertThatThrownBy(() -> classifier(b -> {}).evaluate("s", QS))
        .isInstanceOf(LlmException.class);
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void onErrorDecidesEachAttempt() {
    server.error(503, "busy").json(OK);
    List<Integer> seen = new ArrayList<>();

    assertThatThrownBy(
            () ->
                classifier(
                        b ->
                            b.onError(
                                info -> {
                                  seen.add(info.status());
                                  return RetryDecision.FAIL;
                                }))
                    .evaluate("s", QS))
        .hasMessageContaining("HTTP 503");
    assertThat(seen).containsExactly(503);
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void aNetworkErrorIsRetriedAndThenSurfacesAsAConnectionFailure() throws Exception {
    java.net.ServerSocket closed = new java.net.ServerSocket(0);
    int port = closed.getLocalPort();
    closed.close();
    Classifier c = classifier(b -> b.baseUrl("http://127.0.0.1:" + port));

    assertThatThrownBy(() -> c.evaluate("s", QS))
        .isInstanceOf(LlmException.class)
        .hasMessageStartingWith("classifier: POST http://127.0.0.1:" + port + "/systemone: ")
        .satisfies(
            e -> assertThat(((LlmException) e).kind()).isEqualTo(LlmException.Kind.CONNECTION));
    assertThat(waits).containsExactly(Duration.ofMillis(500), Duration.ofMillis(1000));
  }

  @Test
  void aRequestOverTheTimeoutFailsNamingIt() {
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    server.stall(release);
    try {
      assertThatThrownBy(
              () -> classifier(b -> b.timeout(Duration.ofMillis(300)).retries(0)).evaluate("s", QS))
          .isInstanceOf(LlmException.class)
          .hasMessageEndingWith("/v1/systemone: request timeout after 300ms")
          .satisfies(
              e -> assertThat(((LlmException) e).kind()).isEqualTo(LlmException.Kind.TIMEOUT));
    } finally {
      release.countDown();
    }
  }

  @Test
  void aCancelledCallSendsNothing() {
    dev.toolnexus.CancelToken cancel = new dev.toolnexus.CancelToken();
    cancel.cancel("caller gave up");

    assertThatThrownBy(() -> classifier(b -> {}).evaluate("s", QS, cancel))
        .isInstanceOf(java.util.concurrent.CancellationException.class);
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void requestParamsWinOnCollisionAndBodyTransformSeesTheMergedBody() {
    server.json(OK);
    List<Object> seen = new ArrayList<>();

    classifier(
            b ->
                b.requestParams(Map.of("model", "override", "trace", true))
                    .bodyTransform(
                        body -> {
                          seen.add(body.get("model"));
                          body.put("extra", 1);
                          return body;
                        }))
        .evaluate("s", QS);

    assertThat(seen).containsExactly("override");
    assertThat(server.request(0).body())
        .isEqualTo(
            "{\"extra\":1,\"model\":\"override\",\"questions\":{\"p\":{\"instructions\":"
                + "\"Holds?\",\"type\":\"noul\"}},\"state\":\"s\",\"trace\":true}");
  }

  @Test
  void calibratedIsTrueUnlessTheWireSaysLiterallyFalse() {
    server
        .json(OK)
        .json("{\"answers\":{},\"calibrated\":null}")
        .json("{\"answers\":{},\"calibrated\":false}");
    Classifier c = classifier(b -> {});

    assertThat(c.evaluate("s", QS).calibrated()).isTrue();
    assertThat(c.evaluate("s", QS).calibrated()).isTrue();
    assertThat(c.evaluate("s", QS).calibrated()).isFalse();
  }

  @Test
  void aFailedEvaluationEmitsAnErrorEventWithTheConfiguredModel() {
    server.error(400, "nope");

    assertThatThrownBy(() -> classifier(b -> {}).evaluate("s", QS));

    ClassifierEvent.Evaluate ev = (ClassifierEvent.Evaluate) events.get(0);
    assertThat(ev.status()).isEqualTo("error");
    assertThat(ev.model()).isEqualTo("jev-1.13");
    assertThat(ev.error()).endsWith("HTTP 400: nope");
  }
}
