package dev.toolnexus.examples;

// The README "Java methods as tools" example, compiled and run by QuickstartTest. Edit the region
// between the markers and README.md together: the test fails when they differ.
// annotations:begin
import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.annotations.Param;
import dev.toolnexus.annotations.ToolMethod;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public class AnnotatedTools {
  public enum Unit {
    CELSIUS,
    FAHRENHEIT
  }

  public record Stop(String city, int nights) {}

  public static class TravelTools {
    @ToolMethod("Current weather for a city")
    public String weather(@Param("City name") String city, Optional<Unit> unit) {
      return "sunny in " + city + unit.map(u -> ", " + u).orElse("");
    }

    @ToolMethod("Total nights of a trip")
    public int nights(List<Stop> stops) {
      return stops.stream().mapToInt(Stop::nights).sum();
    }
  }

  public static void main(String[] args) {
    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).tools(Tools.fromObject(new TravelTools())).build()) {
      // Schema inferred from the parameters; tools sorted by name: nights, weather.
      System.out.println(Json.write(toolkit.toAnthropic().get(1)));

      System.out.println(toolkit.execute("weather", Map.of("city", "Pune")).output());
      System.out.println(
          toolkit
              .execute("nights", Map.of("stops", List.of(Map.of("city", "Goa", "nights", 2))))
              .output());
      // Arguments are checked against the schema before the method runs.
      System.out.println(toolkit.execute("weather", Map.of("unit", "KELVIN")).output());
    }
  }
}
// annotations:end
