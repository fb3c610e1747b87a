package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class NamesTest {

  @Test
  void sanitizeReplacesEveryCharacterOutsideTheSafeSet() {
    assertThat(Names.sanitize("my server.v2/read file")).isEqualTo("my_server_v2_read_file");
    assertThat(Names.sanitize("keep-this_OK9")).isEqualTo("keep-this_OK9");
    assertThat(Names.sanitize("héllo")).isEqualTo("h_llo");
  }

  @Test
  void sanitizeReplacesEachCodeUnitOfASurrogatePair() {
    // One underscore per UTF-16 unit the regex sees; pinned so the rule cannot drift silently.
    assertThat(Names.sanitize("a😀b")).isEqualTo("a_b");
  }

  @Test
  void nullNameIsRejected() {
    assertThatThrownBy(() -> Names.requireValid(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool name must not be null");
  }

  @Test
  void emptyNameIsRejected() {
    assertThatThrownBy(() -> Names.requireValid(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool name must not be empty");
  }

  @Test
  void a64CharacterNameIsAccepted() {
    String name = "a".repeat(64);

    assertThat(Names.requireValid(name)).isEqualTo(name);
  }

  @Test
  void a65CharacterNameIsRejectedNamingTheToolAndTheRule() {
    String name = "b".repeat(65);

    assertThatThrownBy(() -> Names.requireValid(name))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool name \"" + name + "\" is 65 characters; the limit is 64");
  }

  @Test
  void definingAToolValidatesItsName() {
    Map<String, Object> schema = Map.of("type", "object");

    assertThatThrownBy(() -> Tools.define("", "d", schema, a -> "x"))
        .hasMessage("tool name must not be empty");
    assertThatThrownBy(() -> Tools.define("x".repeat(70), "d", schema, a -> "x"))
        .hasMessageContaining("is 70 characters; the limit is 64");
  }
}
