package dev.toolnexus.bench;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Tools;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Realistic tools for micro-benchmarks: MCP-sized descriptions and nested input schemas. */
final class SampleTools {
  private SampleTools() {}

  static List<Tool> of(int count) {
    List<Tool> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(
          Tools.define(
              "server_tool_" + i,
              "Tool number " + i + ". Looks things up in a remote system and returns a summary.",
              schema(i),
              args -> ToolResult.ok("ok")));
    }
    return out;
  }

  private static Map<String, Object> schema(int i) {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("query", Map.of("type", "string", "description", "What to look for"));
    props.put("limit", Map.of("type", "integer", "minimum", 1, "maximum", 100));
    props.put(
        "filters",
        Map.of(
            "type",
            "array",
            "items",
            Map.of(
                "type", "object",
                "properties",
                    Map.of("field", Map.of("type", "string"), "value", Map.of("type", "string")),
                "required", List.of("field", "value"))));
    props.put("mode", Map.of("type", "string", "enum", List.of("fast", "full", "v" + i)));
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", props);
    schema.put("required", List.of("query"));
    return schema;
  }
}
