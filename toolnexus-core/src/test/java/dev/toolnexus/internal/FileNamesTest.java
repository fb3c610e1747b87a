package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FileNamesTest {

  @ParameterizedTest(name = "{2}: {0} -> {1}")
  @CsvSource({
    "thread-1.v2_x, thread-1.v2_x, a plain id is its own name",
    "../outside, ~Li4vb3V0c2lkZQ, an id with a path in it is base64 after a tilde",
    ".hidden, ~LmhpZGRlbg, an id starting with a dot is encoded",
    "tâche/1, ~dMOiY2hlLzE, a non-ASCII id is encoded from its UTF-8 bytes"
  })
  void eachIdMapsToOneName(String id, String name, String rule) {
    assertThat(FileNames.forId(id)).as(rule).isEqualTo(name);
  }

  @ParameterizedTest(name = "{0} characters")
  @CsvSource({"128, false", "129, true"})
  void aPlainIdIsEncodedOnlyPast128Characters(int length, boolean encoded) {
    String id = "a".repeat(length);
    assertThat(FileNames.forId(id).startsWith("~")).isEqualTo(encoded);
  }
}
