package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolOutputSchemaTest {

  private static final Map<String, Object> WEATHER =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of("city", Map.of("type", "string")),
          "required",
          List.of("city"));

  private static Tool plain() {
    return Tools.define("weather", "d", Map.of("type", "object"), args -> "{\"city\":\"Oslo\"}");
  }

  @Test
  void aToolDeclaresNoOutputSchemaByDefault() {
    assertThat(plain().outputSchema()).isEmpty();
  }

  @Test
  void withOutputSchemaDeclaresTheSchemaAndKeepsTheCall() {
    Tool t = Tools.withOutputSchema(plain(), WEATHER);
    assertThat(t.outputSchema()).isEqualTo(WEATHER);
    assertThat(t.name()).isEqualTo("weather");
    assertThat(t.execute(Map.of(), ToolContext.empty()).output()).isEqualTo("{\"city\":\"Oslo\"}");
  }

  @Test
  void theSchemaSurvivesMarkingTheToolSequentialAndAnnotated() {
    ToolAnnotations readOnly = new ToolAnnotations("Weather", true, null, null, null, null);
    Tool t = Tools.annotated(Tools.sequential(Tools.withOutputSchema(plain(), WEATHER)), readOnly);
    assertThat(t.outputSchema()).isEqualTo(WEATHER);
    assertThat(t.sequential()).isTrue();
    assertThat(t.annotations()).isEqualTo(readOnly);
  }

  @Test
  void aSchemaThatIsNotAnObjectSchemaIsRefusedNamingTheTool() {
    assertThatThrownBy(() -> Tools.withOutputSchema(plain(), Map.of("type", "string")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "tool weather: an output schema must have \"type\": \"object\", got \"string\"");
  }

  @Test
  void aSchemaWithAMistakeIsRefusedAsAnOutputSchema() {
    assertThatThrownBy(
            () ->
                Tools.withOutputSchema(
                    plain(),
                    Map.of("type", "object", "properties", Map.of("n", Map.of("type", "int")))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("tool weather: invalid output schema:\n- ");
  }
}
