package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GeminiNamesTest {

  @Test
  void validNamesStayAsTheyAre() {
    GeminiNames names = GeminiNames.ofNames(List.of("read_file", "get-sum", "_x", "a.b"));
    assertThat(names.aliases()).isEmpty();
    assertThat(names.wireName("get-sum")).isEqualTo("get-sum");
    assertThat(names.toolName("get-sum")).isEqualTo("get-sum");
  }

  @Test
  void nameStartingWithADigitGetsAnUnderscorePrefix() {
    GeminiNames names = GeminiNames.ofNames(List.of("1password_lookup"));
    assertThat(names.wireName("1password_lookup")).isEqualTo("_1password_lookup");
    assertThat(names.toolName("_1password_lookup")).isEqualTo("1password_lookup");
  }

  @Test
  void nameStartingWithADashGetsAnUnderscorePrefix() {
    assertThat(GeminiNames.ofNames(List.of("-x")).wireName("-x")).isEqualTo("_-x");
  }

  @Test
  void charactersOutsideTheAlphabetBecomeUnderscores() {
    GeminiNames names = GeminiNames.ofNames(List.of("my tool:v2"));
    assertThat(names.aliases()).isEqualTo(Map.of("my tool:v2", "my_tool_v2"));
  }

  @Test
  void aliasCollidingWithAnExistingToolGetsAHashSuffix() {
    GeminiNames names = GeminiNames.ofNames(List.of("_9lives", "9lives"));
    String alias = names.wireName("9lives");
    assertThat(alias).matches("_9lives_[0-9a-f]{8}");
    assertThat(names.toolName(alias)).isEqualTo("9lives");
    assertThat(names.wireName("_9lives")).isEqualTo("_9lives");
  }

  @Test
  void sixtyFourCharacterNameIsShortenedToSixtyThreeWithAHash() {
    String longName = "a".repeat(64);
    GeminiNames names = GeminiNames.ofNames(List.of(longName));
    String alias = names.wireName(longName);
    assertThat(alias).hasSize(GeminiNames.MAX_LENGTH).startsWith("a".repeat(54) + "_");
    assertThat(GeminiNames.isValid(alias)).isTrue();
    assertThat(names.toolName(alias)).isEqualTo(longName);
  }

  @Test
  void aliasesAreDeterministic() {
    List<String> tools = List.of("1a", "2b", "_1a", "x y");
    assertThat(GeminiNames.ofNames(tools).aliases())
        .isEqualTo(GeminiNames.ofNames(tools).aliases());
  }

  @Test
  void unknownWireNamePassesThrough() {
    assertThat(GeminiNames.ofNames(List.of("1a")).toolName("nope")).isEqualTo("nope");
  }
}
