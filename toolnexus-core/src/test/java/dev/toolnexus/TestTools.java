package dev.toolnexus;

import java.util.List;
import java.util.Map;

/** Small tools for tests. */
final class TestTools {
  private TestTools() {}

  static final Map<String, Object> CITY_SCHEMA =
      Json.parseObject(
          "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
              + "\"required\":[\"city\"]}");

  static Tool echo(String name) {
    return Tools.define(name, "echoes " + name, Map.of("type", "object"), a -> name);
  }

  /** A tool of any source whose output is {@code label}. */
  static Tool labelled(String name, Source source, String label) {
    return new Tool() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return label;
      }

      @Override
      public Map<String, Object> inputSchema() {
        return Map.of("type", "object");
      }

      @Override
      public Source source() {
        return source;
      }

      @Override
      public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        return ToolResult.ok(label);
      }
    };
  }

  static Tool weather() {
    return Tools.define(
        "get_weather", "Current weather for a city", CITY_SCHEMA, a -> "sunny in " + a.get("city"));
  }

  static List<String> names(List<? extends Tool> tools) {
    return tools.stream().map(Tool::name).toList();
  }
}
