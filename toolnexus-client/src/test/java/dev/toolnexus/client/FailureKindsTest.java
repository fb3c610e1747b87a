package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Toolkit;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A failed call names its cause and carries a {@link LlmException.Kind}, so a caller can tell auth,
 * a missing model, rate limits, overload, a bad request, a timeout and an unreachable endpoint
 * apart without parsing text.
 */
class FailureKindsTest {
  private final RawHttpServer server = new RawHttpServer();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  FailureKindsTest() throws Exception {}

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private ClientOptions.Builder options(String baseUrl) {
    return ClientOptions.builder()
        .baseUrl(baseUrl)
        .style(Style.OPENAI)
        .model("gpt-4o-mini")
        .apiKey("sk-test")
        .sleeper((d, cancel) -> {});
  }

  @ParameterizedTest
  @CsvSource({
    "401, AUTH",
    "403, AUTH",
    "404, MODEL_NOT_FOUND",
    "429, RATE_LIMIT",
    "503, OVERLOADED",
    "529, OVERLOADED",
    "400, BAD_REQUEST",
    "422, BAD_REQUEST",
    "500, SERVER_ERROR",
    "504, TIMEOUT",
    "418, OTHER"
  })
  void anHttpStatusHasItsKind(int status, LlmException.Kind kind) {
    server.respond(status, "{\"error\":{\"message\":\"no\"}}");
    LlmClient client = LlmClient.create(options(server.baseUrl() + "/v1").retries(0).build());

    assertThatThrownBy(() -> client.run("hi", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(kind);
              assertThat(e.status()).isEqualTo(status);
            });
  }

  @Test
  void aBaseUrlWithoutSchemeIsNamedNotReportedAsAMissingKey() {
    assertThatThrownBy(
            () ->
                LlmClient.create(
                    ClientOptions.builder()
                        .baseUrl("api.openai.com/v1")
                        .style(Style.OPENAI)
                        .model("gpt-4o-mini")
                        .env(name -> null)
                        .build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "baseUrl \"api.openai.com/v1\" has no http:// or https:// scheme"
                + " (did you mean https://api.openai.com/v1 ?)");
  }

  @Test
  void aHostAndPortWithoutSchemeIsNamedNotReportedAsAnInvalidUrl() {
    assertThatThrownBy(() -> LlmClient.create(options("127.0.0.1:1").build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "baseUrl \"127.0.0.1:1\" has no http:// or https:// scheme"
                + " (did you mean http://127.0.0.1:1 ?)");
  }

  @Test
  void aBaseUrlWithAnotherSchemeIsNamed() {
    assertThatThrownBy(() -> LlmClient.create(options("ftp://127.0.0.1/v1").build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseUrl \"ftp://127.0.0.1/v1\" has no http:// or https:// scheme and host");
  }

  @Test
  void aRefusedConnectionNamesHostAndPortAndHowOftenItWasRetried() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    LlmClient client = LlmClient.create(options("http://127.0.0.1:" + port + "/v1").build());

    assertThatThrownBy(() -> client.run("hi", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(LlmException.Kind.CONNECTION);
              assertThat(e.status()).isZero();
              assertThat(e.getMessage())
                  .isEqualTo(
                      "LLM request to http://127.0.0.1:"
                          + port
                          + "/v1/chat/completions failed: connection refused to 127.0.0.1:"
                          + port
                          + " (retried 2 times)");
            });
  }

  @Test
  void aResponseThatNeverComesIsATimeout() {
    server.hang();
    LlmClient client =
        LlmClient.create(
            options(server.baseUrl() + "/v1")
                .retries(0)
                .requestTimeout(Duration.ofMillis(300))
                .build());

    assertThatThrownBy(() -> client.run("hi", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(LlmException.Kind.TIMEOUT);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "LLM request to "
                          + server.baseUrl()
                          + "/v1/chat/completions failed: no response within the request timeout");
            });
  }

  @Test
  void aRetriedStatusSaysHowOftenItWasRetried() {
    server
        .respond(429, Map.of("Retry-After", "0"), "{\"error\":{\"message\":\"slow down\"}}")
        .respond(429, Map.of("Retry-After", "0"), "{\"error\":{\"message\":\"slow down\"}}");
    LlmClient client = LlmClient.create(options(server.baseUrl() + "/v1").retries(1).build());

    assertThatThrownBy(() -> client.run("hi", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(LlmException.Kind.RATE_LIMIT);
              assertThat(e.retryAfter()).isEqualTo("0");
              assertThat(e.getMessage())
                  .isEqualTo(
                      "LLM request failed: HTTP 429 from "
                          + server.baseUrl()
                          + "/v1/chat/completions: slow down (retried 1 time)");
            });
  }

  @Test
  void aSuccessAfterAFailureThrowsNothing() {
    server.respond(503, "{}").respond(200, openaiText("fine", 1, 1));

    assertThat(LlmClient.create(options(server.baseUrl() + "/v1").build()).run("hi", kit).text())
        .isEqualTo("fine");
  }
}
