package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Request logging is off unless asked for; backoff and timeouts are given as durations. */
class WireOptionsTest {

  private static ClientOptions.Builder client() {
    return ClientOptions.builder()
        .baseUrl("http://127.0.0.1:1/v1")
        .style(Style.OPENAI)
        .model("m")
        .apiKey("k");
  }

  @Test
  void requestLoggingIsOffByDefaultAndReachesTheModelOptionsWhenOn() {
    assertThat(client().build().modelOptions().logRequests()).isFalse();
    assertThat(client().logRequests(true).build().modelOptions().logRequests()).isTrue();
    assertThat(
            ModelOptions.builder()
                .baseUrl("http://127.0.0.1:1/v1")
                .style(Style.OPENAI)
                .logRequests(true)
                .build()
                .toBuilder()
                .build()
                .logRequests())
        .isTrue();
  }

  @Test
  void theRetryBaseIsADuration() {
    assertThat(
            client().retryBase(Duration.ofMillis(250)).build().modelOptions().retryPolicy().base())
        .isEqualTo(Duration.ofMillis(250));
    assertThat(
            ModelOptions.builder()
                .baseUrl("http://127.0.0.1:1/v1")
                .style(Style.OPENAI)
                .retryBase(Duration.ofSeconds(2))
                .build()
                .retryPolicy()
                .base())
        .isEqualTo(Duration.ofSeconds(2));
  }
}
