package dev.toolnexus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.annotations.Param;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecordToolsTest {

  record Weather(@Param("City name") String city, Optional<Integer> days) {}

  @Test
  void theSchemaComesFromTheRecord() {
    Tool t = Tools.fromRecord("get_weather", "Weather for a city", Weather.class, w -> "x");

    assertThat(Json.write(t.inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\","
                + "\"description\":\"City name\"},\"days\":{\"type\":\"integer\"}},"
                + "\"required\":[\"city\"]}");
    assertThat(t.source()).isEqualTo(Source.NATIVE);
    assertThat(t.description()).isEqualTo("Weather for a city");
  }

  @Test
  void argumentsAreBoundToTheRecord() {
    Tool t =
        Tools.fromRecord(
            "get_weather",
            "w",
            Weather.class,
            w -> "sunny in " + w.city() + " for " + w.days().orElse(1) + " days");

    assertThat(t.execute(Map.of("city", "Chennai"), ToolContext.empty()).output())
        .isEqualTo("sunny in Chennai for 1 days");
    assertThat(t.execute(Map.of("city", "Chennai", "days", 3), ToolContext.empty()).output())
        .isEqualTo("sunny in Chennai for 3 days");
  }

  @Test
  void aMismatchNamesTheToolTheFieldAndWhatWasExpected() {
    Tool t = Tools.fromRecord("get_weather", "w", Weather.class, w -> "x");

    ToolResult r = t.execute(Map.of("city", "x", "days", "soon"), ToolContext.empty());

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "Invalid arguments for tool get_weather: days: expected an integer, got \"soon\"");
  }

  @Test
  void theBodyMayUseTheContextAndReturnAToolResult() {
    Tool t =
        Tools.fromRecord(
            "get_weather",
            "w",
            Weather.class,
            (w, ctx) ->
                ToolResult.ok(w.city() + " " + ctx.answerOpt().map(Answer::id).orElse("-")));

    assertThat(
            t.execute(Map.of("city", "Pune"), ToolContext.empty().withAnswer(Answer.ok("a1")))
                .output())
        .isEqualTo("Pune a1");
  }

  @Test
  void anExceptionInTheBodyIsAnErrorResult() {
    Tool t =
        Tools.fromRecord(
            "get_weather",
            "w",
            Weather.class,
            w -> {
              throw new IllegalArgumentException("unknown city " + w.city());
            });

    assertThat(t.execute(Map.of("city", "Atlantis"), ToolContext.empty()))
        .isEqualTo(ToolResult.error("unknown city Atlantis"));
  }

  @Test
  void aTypeWithoutPropertiesIsRejected() {
    assertThatThrownBy(() -> Tools.fromRecord("t", "d", String.class, s -> s))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool t: java.lang.String is not a record or bean, so it has no properties");
  }

  @Test
  void theNameIsValidated() {
    assertThatThrownBy(() -> Tools.fromRecord("", "d", Weather.class, w -> ""))
        .hasMessage("tool name must not be empty");
  }
}
