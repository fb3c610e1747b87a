package dev.toolnexus.annotations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.Tools;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A {@link ToolMethod} returning a record declares the record's schema as its output schema and
 * writes the record without null properties; its behaviour hints are stated where they differ from
 * MCP's defaults.
 */
class ToolMethodShapesTest {

  /** A forecast a tool returns. */
  public record Forecast(String city, double celsius, Optional<String> note) {}

  /** Tools of every return shape and hint. */
  public static class Weather {
    @ToolMethod(value = "Forecast for a city", readOnly = true, openWorld = false)
    public Forecast forecast(String city) {
      return new Forecast(city, -3.5, Optional.empty());
    }

    @ToolMethod(value = "Forecast with a note", title = "Noted forecast")
    public Forecast noted(String city) {
      return new Forecast(city, 20, Optional.of("warm"));
    }

    @ToolMethod(value = "Plain text", destructive = false, idempotent = true)
    public String text() {
      return "plain";
    }

    @ToolMethod("A map is not structured output")
    public Map<String, Integer> counts() {
      return Map.of("a", 1);
    }
  }

  private static Tool tool(String name) {
    return Tools.fromObject(new Weather()).stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aRecordReturnTypeIsTheOutputSchema() {
    assertThat(tool("forecast").outputSchema())
        .isEqualTo(
            Map.of(
                "type",
                "object",
                "properties",
                Map.of(
                    "city",
                    Map.of("type", "string"),
                    "celsius",
                    Map.of("type", "number"),
                    "note",
                    Map.of("type", "string")),
                "required",
                List.of("city", "celsius")));
  }

  @Test
  void anAbsentOptionalComponentIsLeftOutOfTheOutput() {
    assertThat(tool("forecast").execute(Map.of("city", "Oslo"), ToolContext.empty()).output())
        .isEqualTo("{\"city\":\"Oslo\",\"celsius\":-3.5}");
  }

  @Test
  void aPresentOptionalComponentIsWrittenAsItsValue() {
    assertThat(tool("noted").execute(Map.of("city", "Rome"), ToolContext.empty()).output())
        .isEqualTo("{\"city\":\"Rome\",\"celsius\":20.0,\"note\":\"warm\"}");
  }

  @Test
  void otherReturnTypesDeclareNoOutputSchema() {
    assertThat(tool("text").outputSchema()).isEmpty();
    assertThat(tool("counts").outputSchema()).isEmpty();
  }

  @Test
  void hintsThatDifferFromTheDefaultsAreStated() {
    assertThat(tool("forecast").annotations())
        .isEqualTo(new ToolAnnotations(null, true, null, null, false, List.of()));
    assertThat(tool("text").annotations())
        .isEqualTo(new ToolAnnotations(null, null, false, true, null, List.of()));
  }

  @Test
  void aTitleIsStatedAndAMethodWithoutHintsStatesNone() {
    assertThat(tool("noted").annotations())
        .isEqualTo(ToolAnnotations.NONE.withTitle("Noted forecast"));
    assertThat(tool("counts").annotations()).isEqualTo(ToolAnnotations.NONE);
  }
}
