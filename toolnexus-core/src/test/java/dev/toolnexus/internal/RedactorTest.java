package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RedactorTest {
  @Test
  void aOneCharacterSecretIsHiddenWhereItStandsAlone() {
    Redactor r = Redactor.of(List.of("a"));

    assertThat(r.apply("Incorrect API key provided: a. Check it."))
        .isEqualTo("Incorrect API key provided: ***. Check it.");
  }

  @Test
  void aOneCharacterSecretInsideAWordIsLeftAlone() {
    Redactor r = Redactor.of(List.of("a"));

    assertThat(r.apply("bad api key")).isEqualTo("bad api key");
  }

  @Test
  void aShortSecretIsHiddenAtTheStartAndEndOfTheTextAndBetweenPunctuation() {
    Redactor r = Redactor.of(List.of("k9"));

    assertThat(r.apply("k9 sent as \"k9\", not k99 or xk9, then k9"))
        .isEqualTo("*** sent as \"***\", not k99 or xk9, then ***");
  }

  @Test
  void aShortBearerTokenIsHiddenBareAndWithItsScheme() {
    Redactor r = Redactor.of(List.of("Bearer xy"));

    assertThat(r.apply("got Bearer xy, token xy; xyz kept"))
        .isEqualTo("got ***, token ***; xyz kept");
  }

  @Test
  void aLongSecretIsHiddenEvenInsideAWord() {
    Redactor r = Redactor.of(List.of("sk-0123"));

    assertThat(r.apply("keysk-0123tail")).isEqualTo("key***tail");
  }

  @Test
  void blankValuesRedactNothing() {
    assertThat(Redactor.of(List.of("", "  ")).isEmpty()).isTrue();
  }
}
