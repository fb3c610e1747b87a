package dev.toolnexus.annotations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Adapters;
import dev.toolnexus.Json;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.schema.SampleTypes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AnnotationToolsTest {

  /** Units the weather tool knows. */
  public enum Unit {
    CELSIUS,
    FAHRENHEIT
  }

  /** A host object with tool methods of every shape. */
  public static class WeatherTools {
    @ToolMethod("Current weather for a city")
    public String getWeather(@Param("City name") String city, Optional<Unit> unit) {
      return "sunny in " + city + unit.map(u -> " (" + u + ")").orElse("");
    }

    @ToolMethod(value = "Plan a trip", name = "plan_trip")
    public SampleTypes.Stop planTrip(SampleTypes.Trip trip) {
      return new SampleTypes.Stop(trip.stops().get(0).city(), trip.maxDays(), List.of());
    }

    @ToolMethod("Always fails")
    public String explode() {
      throw new IllegalStateException("out of fuel");
    }

    @ToolMethod("Echoes with the call context")
    public String whoami(ToolContext ctx, String who) {
      return who + " cancelled=" + ctx.isCancelled();
    }

    @ToolMethod("Adds two numbers")
    public static int add(int a, int b) {
      return a + b;
    }

    @ToolMethod("Returns a prepared result")
    public ToolResult raw() {
      return ToolResult.error("prepared");
    }

    @ToolMethod("Does nothing")
    public void noop() {}

    public String notATool() {
      return "";
    }
  }

  /** Tool methods are inherited. */
  public static class MoreWeatherTools extends WeatherTools {
    @ToolMethod("Tomorrow's weather")
    public String forecast(String city) {
      return "rain in " + city;
    }
  }

  /** Only static tool methods. */
  public static final class StaticTools {
    private StaticTools() {}

    @ToolMethod("Shouts")
    public static String shout(String text) {
      return text.toUpperCase(java.util.Locale.ROOT);
    }
  }

  private static Tool tool(String name) {
    return Tools.fromObject(new WeatherTools()).stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static ToolResult run(String name, String argsJson) {
    return tool(name).execute(Json.parseObject(argsJson), ToolContext.empty());
  }

  @Test
  void annotatedMethodsBecomeToolsSortedByName() {
    List<Tool> tools = Tools.fromObject(new WeatherTools());

    assertThat(tools)
        .extracting(Tool::name)
        .containsExactly("add", "explode", "getWeather", "noop", "plan_trip", "raw", "whoami");
    assertThat(tools).allMatch(t -> t.source() == Source.NATIVE);
    assertThat(tool("getWeather").description()).isEqualTo("Current weather for a city");
  }

  @Test
  void theSchemaIsInferredFromTheParameters() {
    assertThat(Json.write(tool("getWeather").inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\","
                + "\"description\":\"City name\"},\"unit\":{\"type\":\"string\","
                + "\"enum\":[\"CELSIUS\",\"FAHRENHEIT\"]}},\"required\":[\"city\"]}");
  }

  @Test
  void adapterOutputIsPinnedByAGoldenFileAndIdenticalOnEveryRun() throws IOException {
    String first = Json.writePretty(Adapters.toOpenAI(Tools.fromObject(new WeatherTools()))) + "\n";
    String second =
        Json.writePretty(Adapters.toOpenAI(Tools.fromObject(new WeatherTools()))) + "\n";

    assertThat(second).isEqualTo(first);
    assertThat(first).isEqualTo(golden("weather-tools.openai.json", first));
  }

  @Test
  void argumentsAreBoundByName() {
    assertThat(run("getWeather", "{\"city\":\"Chennai\",\"unit\":\"CELSIUS\"}").output())
        .isEqualTo("sunny in Chennai (CELSIUS)");
    assertThat(run("getWeather", "{\"city\":\"Chennai\"}").output()).isEqualTo("sunny in Chennai");
  }

  @Test
  void aRecordArgumentIsBoundAndARecordResultIsWrittenAsJson() {
    ToolResult r =
        run(
            "plan_trip",
            "{\"trip\":{\"traveller\":{\"name\":\"Ann\",\"home\":{\"city\":\"Pune\"}},"
                + "\"stops\":[{\"city\":\"Goa\",\"nights\":2,\"sights\":[]}],\"mode\":\"plane\","
                + "\"budget\":{\"food\":10},\"max_days\":5}}");

    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("{\"city\":\"Goa\",\"nights\":5,\"sights\":[]}");
  }

  @Test
  void aTypeMismatchNamesTheToolTheFieldAndWhatWasExpected() {
    ToolResult r = run("add", "{\"a\":\"seven\",\"b\":1}");

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo("Invalid arguments for tool add: a: expected an integer, got \"seven\"");
  }

  @Test
  void aNestedMismatchNamesTheFullPath() {
    ToolResult r =
        run(
            "plan_trip",
            "{\"trip\":{\"stops\":[{\"city\":\"Goa\",\"nights\":\"many\"}],\"max_days\":1}}");

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "Invalid arguments for tool plan_trip: trip.stops[0].nights: expected an integer, got"
                + " \"many\"");
  }

  @Test
  void aBadEnumValueListsTheAllowedValues() {
    ToolResult r = run("getWeather", "{\"city\":\"x\",\"unit\":\"KELVIN\"}");

    assertThat(r.output())
        .isEqualTo(
            "Invalid arguments for tool getWeather: unit: expected one of"
                + " [\"CELSIUS\",\"FAHRENHEIT\"], got \"KELVIN\"");
  }

  @Test
  void aThrownExceptionIsAnErrorResultWithItsMessage() {
    ToolResult r = run("explode", "{}");

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("out of fuel");
  }

  @Test
  void aToolContextParameterGetsTheCallContextAndIsNotInTheSchema() {
    dev.toolnexus.CancelToken token = new dev.toolnexus.CancelToken();
    token.cancel();

    ToolResult r = tool("whoami").execute(Map.of("who", "me"), ToolContext.of(token));

    assertThat(r.output()).isEqualTo("me cancelled=true");
    assertThat(Json.write(tool("whoami").inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"who\":{\"type\":\"string\"}},"
                + "\"required\":[\"who\"]}");
  }

  @Test
  void returnValuesBecomeOutput() {
    assertThat(run("add", "{\"a\":2,\"b\":3}").output()).isEqualTo("5");
    assertThat(run("noop", "{}")).isEqualTo(ToolResult.ok(""));
    assertThat(run("raw", "{}")).isEqualTo(ToolResult.error("prepared"));
  }

  @Test
  void inheritedToolMethodsAreIncluded() {
    assertThat(Tools.fromObject(new MoreWeatherTools()))
        .extracting(Tool::name)
        .containsExactly(
            "add", "explode", "forecast", "getWeather", "noop", "plan_trip", "raw", "whoami");
  }

  @Test
  void aClassGivesItsStaticToolMethods() {
    List<Tool> tools = Tools.fromObject(StaticTools.class);

    assertThat(tools).extracting(Tool::name).containsExactly("shout");
    assertThat(tools.get(0).execute(Map.of("text", "hi"), ToolContext.empty()).output())
        .isEqualTo("HI");
  }

  @Test
  void anObjectWithoutToolMethodsIsRejected() {
    assertThatThrownBy(() -> Tools.fromObject("plain string"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("java.lang.String has no public @ToolMethod methods");
  }

  /** Two methods claiming one name. */
  public static class Clash {
    @ToolMethod(value = "one", name = "same")
    public String a() {
      return "";
    }

    @ToolMethod(value = "two", name = "same")
    public String b() {
      return "";
    }
  }

  @Test
  void twoMethodsWithOneNameAreRejected() {
    assertThatThrownBy(() -> Tools.fromObject(new Clash()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("are named same");
  }

  /** A tool whose name breaks the length rule. */
  public static class TooLong {
    @ToolMethod(
        value = "x",
        name = "a_name_that_is_far_too_long_for_any_provider_to_accept_as_a_tool_name_ok")
    public String a() {
      return "";
    }
  }

  @Test
  void anInvalidNameIsRejectedAtDefinition() {
    assertThatThrownBy(() -> Tools.fromObject(new TooLong()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the limit is 64");
  }

  @Test
  void throughAToolkitTheSchemaIsCheckedBeforeBinding() {
    try (Toolkit tk =
        Toolkit.builder().builtins(false).tools(Tools.fromObject(new WeatherTools())).build()) {
      ToolResult r = tk.execute("add", Map.of("a", "seven"));

      assertThat(r.output())
          .isEqualTo(
              "Invalid arguments for tool add:\n- a: expected integer, got string\n"
                  + "- b: is required but missing");
      assertThat(tk.execute("add", Map.of("a", 4, "b", 5)).output()).isEqualTo("9");
    }
  }

  static String golden(String name, String actual) throws IOException {
    if (Boolean.getBoolean("toolnexus.updateGolden")) {
      Files.writeString(
          Path.of(
              System.getProperty("toolnexus.root"),
              "toolnexus-core/src/test/resources/schemas",
              name),
          actual);
    }
    try (InputStream in = AnnotationToolsTest.class.getResourceAsStream("/schemas/" + name)) {
      assertThat(in).as("golden file schemas/%s", name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Renamed inputs. */
  public static class Renamed {
    /** A record whose component carries @Param(name), which only parameters honour. */
    public record Box(@Param(value = "Width", name = "ignored") int width) {}

    @ToolMethod("Area")
    public int area(@Param(name = "the_box") Box box) {
      return box.width() * box.width();
    }
  }

  @Test
  void paramNameRenamesAParameterButNotARecordComponent() {
    Tool area = Tools.fromObject(new Renamed()).get(0);

    assertThat(Json.write(area.inputSchema()))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"the_box\":{\"type\":\"object\","
                + "\"properties\":{\"width\":{\"type\":\"integer\",\"description\":\"Width\"}},"
                + "\"required\":[\"width\"]}},\"required\":[\"the_box\"]}");
    assertThat(area.execute(Map.of("the_box", Map.of("width", 3)), ToolContext.empty()).output())
        .isEqualTo("9");
  }
}
