package dev.toolnexus.examples;

// The README quickstart, compiled and run by QuickstartTest. Edit the region between the markers
// and README.md together: the test fails when they differ.
// quickstart:begin
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.List;
import java.util.Map;

public class Quickstart {
  public static void main(String[] args) {
    Tool weather =
        Tools.define(
            "get_weather",
            "Current weather for a city",
            Map.of(
                "type", "object",
                "properties", Map.of("city", Map.of("type", "string")),
                "required", List.of("city")),
            a -> "sunny in " + a.get("city"));

    try (Toolkit toolkit = Toolkit.builder().builtins(false).tools(weather).build()) {
      // Hand this to your model: toOpenAI(), toAnthropic() or toGemini().
      System.out.println(Json.write(toolkit.toOpenAI()));

      // When the model calls a tool, route the call by name.
      ToolResult result = toolkit.execute("get_weather", Map.of("city", "Chennai"));
      System.out.println(result.output()); // sunny in Chennai
    }
  }
}
// quickstart:end
