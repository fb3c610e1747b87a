package dev.toolnexus.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TypedAnswersNamesTest {
  @Test
  void gemini3AndLaterModelNamesTakeTheSchemaBesideTools() {
    assertThat(TypedAnswers.isGemini3OrLater("gemini-3-flash")).isTrue();
    assertThat(TypedAnswers.isGemini3OrLater("models/gemini-3.1-pro-preview")).isTrue();
    assertThat(TypedAnswers.isGemini3OrLater("gemini-10-ultra")).isTrue();
  }

  @Test
  void olderOrUnversionedGeminiModelNamesDoNot() {
    assertThat(TypedAnswers.isGemini3OrLater("gemini-2.5-flash")).isFalse();
    assertThat(TypedAnswers.isGemini3OrLater("gemini-flash-latest")).isFalse();
    assertThat(TypedAnswers.isGemini3OrLater("gemini-30b")).isFalse();
    assertThat(TypedAnswers.isGemini3OrLater(null)).isFalse();
  }
}
