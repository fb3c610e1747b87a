package dev.toolnexus.server.internal;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.schema.SchemaValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code structuredContent} of a served tool that declares an output schema: its output parsed
 * as a JSON object and checked against the schema. A tool that breaks its promise gets an error
 * result naming the failing fields instead, so a client never receives structured content that does
 * not match what was listed. Each schema is compiled once, on the first result it checks.
 */
final class StructuredResults {
  private record Compiled(Map<String, Object> schema, SchemaValidator validator) {}

  private final Map<String, Compiled> validators = new ConcurrentHashMap<>();

  /**
   * The {@code CallToolResult} of {@code result} from {@code tool}: with {@code structuredContent}
   * when the tool declares an output schema and succeeded, as an error when its output does not
   * keep the schema, else as {@link ResultMapping#toMcp} makes it.
   */
  ObjectNode toMcp(Tool tool, ToolResult result) {
    Map<String, Object> schema = tool.outputSchema();
    if (schema.isEmpty() || result.isError()) {
      return ResultMapping.toMcp(result);
    }
    JsonNode parsed = parse(result.output());
    if (parsed == null || !parsed.isObject()) {
      return ResultMapping.toMcp(
          ToolResult.error(
              "tool "
                  + tool.name()
                  + " declares an outputSchema, but its output is not a JSON object"));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> object = Json.mapper().convertValue(parsed, Map.class);
    List<String> problems = validator(tool.name(), schema).check(object);
    if (!problems.isEmpty()) {
      List<String> lines = new ArrayList<>(problems.size());
      for (String p : problems) {
        // the validator names the whole object as it would an argument object
        lines.add(p.startsWith("(arguments)") ? "(output)" + p.substring(11) : p);
      }
      return ResultMapping.toMcp(
          ToolResult.error(
              "tool "
                  + tool.name()
                  + " returned output that does not match its outputSchema: "
                  + String.join("; ", lines)));
    }
    ObjectNode out = ResultMapping.toMcp(result);
    out.set("structuredContent", parsed);
    return out;
  }

  /** The compiled schema of {@code tool}, compiled again when a re-listed tool changed it. */
  private SchemaValidator validator(String tool, Map<String, Object> schema) {
    Compiled c = validators.get(tool);
    if (c == null || c.schema() != schema) {
      c = new Compiled(schema, SchemaValidator.of(schema));
      validators.put(tool, c);
    }
    return c.validator();
  }

  private static JsonNode parse(String text) {
    try {
      return Json.mapper().readTree(text);
    } catch (RuntimeException e) {
      return null;
    }
  }
}
