package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class OptionsTest {

  @Test
  void defaultsAreTheHostedBackends() {
    ClassifierOptions o = ClassifierOptions.defaults();

    assertThat(o.style()).isEqualTo(ClassifierStyle.SYSTEMONE);
    assertThat(o.baseUrl()).isEqualTo("https://api.typesafe.ai/v1");
    assertThat(o.model()).isEqualTo("jev-latest");
    assertThat(o.apiKeyEnv()).isEqualTo("TYPESAFE_API_KEY");
    assertThat(o.timeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(o.retries()).isEqualTo(2);
    assertThat(o.retryBase()).isEqualTo(Duration.ofMillis(500));
    assertThat(o.retryableStatuses()).isEmpty();
    assertThat(o.headers()).isEmpty();
    assertThat(o.requestParams()).isEmpty();
  }

  @Test
  void printedOptionsNameHeadersButNeverTheirValues() {
    String printed =
        ClassifierOptions.builder().header("X-Api-Key", "raw-secret-value").build().toString();

    assertThat(printed).contains("headers=[X-Api-Key]").doesNotContain("raw-secret-value");
  }

  @Test
  void aZeroOrNegativeRetryBaseMeansFiveHundredMillis() {
    assertThat(ClassifierOptions.builder().retryBase(Duration.ZERO).build().retryBase())
        .isEqualTo(Duration.ofMillis(500));
    assertThat(ClassifierOptions.builder().retryBase(Duration.ofMillis(-5)).build().retryBase())
        .isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void aStyleWithoutItsRequiredOptionFailsAtConstruction() {
    assertThatThrownBy(
            () -> Classifier.create(ClassifierOptions.builder().style(ClassifierStyle.LLM).build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("classifier: style llm requires a chat model");
    assertThatThrownBy(
            () ->
                Classifier.create(
                    ClassifierOptions.builder().style(ClassifierStyle.CUSTOM).build()))
        .hasMessage("classifier: style custom requires an evaluator");
  }

  @Test
  void aChatModelWithoutTheModelIdToAskIsRefused() {
    assertThatThrownBy(() -> ClassifierOptions.builder().chatModel(r -> null).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("classifier: style llm needs the id of the chat model to ask: set model(...)");
  }

  @Test
  void settingABackendPicksItsStyle() {
    assertThat(ClassifierOptions.builder().evaluator((s, q, c) -> null).build().style())
        .isEqualTo(ClassifierStyle.CUSTOM);
    assertThat(
            ClassifierOptions.builder().chatModel(r -> null).model("gpt-4o-mini").build().style())
        .isEqualTo(ClassifierStyle.LLM);
  }
}
