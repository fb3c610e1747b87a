package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.annotations.ToolMethod;
import dev.toolnexus.builtins.Builtins;
import dev.toolnexus.builtins.BuiltinsOptions;
import dev.toolnexus.http.HttpTool;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Mistakes in a tool's definition are found when it is defined, naming the tool: an invalid name,
 * an unknown schema type, malformed schema JSON. A date in the wrong format says the format.
 */
class DefinitionChecksTest {
  private static final Map<String, Object> OBJECT = Map.of("type", "object");

  @Test
  void aNameWithASpaceOrPunctuationIsRefusedAtDefinition() {
    assertThatThrownBy(() -> Tools.define("get weather!", "d", OBJECT, a -> "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "tool name \"get weather!\" may only contain letters, digits, '_' and '-' (every"
                + " provider refuses anything else); for example \"get_weather_\"");
  }

  @Test
  void aNameOfLettersDigitsUnderscoreAndDashIsAccepted() {
    assertThat(Tools.define("get-Weather_2", "d", OBJECT, a -> "x").name())
        .isEqualTo("get-Weather_2");
  }

  @Test
  void everyBuiltinAndTheSkillLoaderHaveValidNames() {
    List<Tool> builtins = Builtins.create(BuiltinsOptions.defaults());

    assertThat(builtins).hasSize(10);
    builtins.forEach(t -> assertThat(Names.requireValid(t.name())).isEqualTo(t.name()));
    assertThat(Names.requireValid("skill")).isEqualTo("skill");
  }

  @Test
  void anUnknownSchemaTypeIsRefusedNamingTheToolAndTheProperty() {
    Map<String, Object> schema =
        Map.of("type", "object", "properties", Map.of("city", Map.of("type", "objekt")));

    assertThatThrownBy(() -> Tools.define("get_weather", "d", schema, a -> "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "tool get_weather: invalid input schema:\n"
                + "- properties.city.type: unknown type \"objekt\" (one of object, array, string,"
                + " number, integer, boolean, null)");
  }

  @Test
  void aRootTypeOtherThanObjectAndAMisshapenRequiredAreBothNamed() {
    Map<String, Object> schema = Map.of("type", "objekt", "required", "city");

    assertThatThrownBy(() -> Tools.define("get_weather", "d", schema, a -> "x"))
        .hasMessage(
            "tool get_weather: invalid input schema:\n"
                + "- (root): an input schema must have \"type\": \"object\", got \"objekt\"\n"
                + "- type: unknown type \"objekt\" (one of object, array, string, number, integer,"
                + " boolean, null)\n"
                + "- required: must be a list of property names, got \"city\"");
  }

  @Test
  void nestedItemsAndAnyOfAreChecked() {
    Map<String, Object> schema =
        Map.of(
            "type",
            "object",
            "properties",
            Map.of(
                "tags",
                Map.of(
                    "type",
                    "array",
                    "items",
                    Map.of("anyOf", List.of(Map.of("type", "string"), Map.of("type", "text"))))));

    assertThatThrownBy(() -> Tools.define("tag", "d", schema, a -> "x"))
        .hasMessageEndingWith(
            "- properties.tags.items.anyOf[1].type: unknown type \"text\" (one of object, array,"
                + " string, number, integer, boolean, null)");
  }

  @Test
  void malformedSchemaJsonNamesTheToolAndThePlaceNotJacksonsSource() {
    assertThatThrownBy(
            () ->
                Tools.define(
                    "get_weather",
                    "d",
                    "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}",
                    (a, c) -> "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "tool get_weather: input schema is not valid JSON: Unexpected end-of-input: expected"
                + " close marker for Object (line 1, column 56)");
  }

  @Test
  void anHttpToolsHandWrittenSchemaIsCheckedToo() {
    assertThatThrownBy(
            () ->
                HttpTool.builder()
                    .name("lookup")
                    .url("http://127.0.0.1:1/x")
                    .inputSchema(Map.of("type", "object", "properties", List.of()))
                    .build())
        .hasMessage(
            "tool lookup: invalid input schema:\n"
                + "- properties: must be an object of schemas, got []");
  }

  /** A tool whose parameter is a date. */
  public static class Trips {
    /** Books a trip. */
    @ToolMethod("Book a trip")
    public String book(LocalDate day) {
      return "booked " + day;
    }
  }

  @Test
  void aDateInTheWrongFormatSaysTheExpectedFormat() {
    try (Toolkit kit = Toolkit.of(Tools.fromObject(new Trips()))) {
      ToolResult wrong = kit.execute("book", Map.of("day", "14/03/2026"));
      ToolResult right = kit.execute("book", Map.of("day", "2026-03-14"));

      assertThat(wrong.isError()).isTrue();
      assertThat(wrong.output())
          .isEqualTo(
              "Invalid arguments for tool book: day: expected a date as YYYY-MM-DD (e.g."
                  + " 2026-03-14), got \"14/03/2026\"");
      assertThat(right.output()).isEqualTo("booked 2026-03-14");
    }
  }

  @Test
  void aToolkitTakesTheListFromObjectReturns() {
    List<Tool> tools = Tools.fromObject(new Trips());

    try (Toolkit kit = Toolkit.of(tools)) {
      assertThat(kit.names()).containsExactly("book");
    }
  }
}
