package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FileNamesTest {

  @Test
  void aPlainIdIsItsOwnName() {
    assertThat(FileNames.forId("thread-1.v2_x")).isEqualTo("thread-1.v2_x");
  }

  @Test
  void anIdWithAPathInItIsBase64AfterATilde() {
    assertThat(FileNames.forId("../outside")).isEqualTo("~Li4vb3V0c2lkZQ");
  }

  @Test
  void anIdStartingWithADotIsEncoded() {
    assertThat(FileNames.forId(".hidden")).isEqualTo("~LmhpZGRlbg");
  }

  @Test
  void aNonAsciiIdIsEncodedFromItsUtf8Bytes() {
    assertThat(FileNames.forId("tâche/1")).isEqualTo("~dMOiY2hlLzE");
  }

  @Test
  void aPlainIdLongerThan128CharactersIsEncoded() {
    assertThat(FileNames.forId("a".repeat(128))).isEqualTo("a".repeat(128));
    assertThat(FileNames.forId("a".repeat(129))).startsWith("~YWFh");
  }
}
