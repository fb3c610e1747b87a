package dev.toolnexus.examples;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.Map;

/**
 * The runnable example behind README's "run the main job" command: builds a toolkit (the default
 * built-in tools plus two native tools) and prints its tool schema in the OpenAI, Anthropic and
 * Gemini shapes.
 */
public final class PrintSchemas {
  private PrintSchemas() {}

  /** Prints the three schemas to standard output; takes no arguments. */
  public static void main(String[] args) {
    Tool weather =
        Tools.define(
            "get_weather",
            "Current weather for a city",
            Map.of(
                "type", "object",
                "properties", Map.of("city", Map.of("type", "string")),
                "required", java.util.List.of("city")),
            a -> "sunny in " + a.get("city"));
    Tool ping =
        Tools.define(
            "ping", "Health check", Map.of("type", "object", "properties", Map.of()), a -> "pong");
    try (Toolkit toolkit = Toolkit.builder().tools(weather, ping).build()) {
      System.out.println("== OpenAI ==");
      System.out.println(Json.writePretty(toolkit.toOpenAI()));
      System.out.println("== Anthropic ==");
      System.out.println(Json.writePretty(toolkit.toAnthropic()));
      System.out.println("== Gemini ==");
      System.out.println(Json.writePretty(toolkit.toGemini()));
      System.out.println("== get_weather {city: Chennai} ==");
      System.out.println(toolkit.execute("get_weather", Map.of("city", "Chennai")).output());
    }
  }
}
