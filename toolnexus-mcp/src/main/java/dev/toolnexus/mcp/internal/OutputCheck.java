package dev.toolnexus.mcp.internal;

import dev.toolnexus.schema.SchemaValidator;
import dev.toolnexus.spi.ConfigValues;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether a successful {@code tools/call} result keeps the promise of the tool's {@code
 * outputSchema}: a tool that declares one must return {@code structuredContent} that conforms to
 * it. The schema is compiled on the first result it checks, so listing many tools costs nothing.
 */
final class OutputCheck {
  /** The check of a tool without an output schema: every result passes. */
  static final OutputCheck NONE = new OutputCheck(Map.of());

  private final Map<String, Object> schema;
  private volatile SchemaValidator validator;

  private OutputCheck(Map<String, Object> schema) {
    this.schema = schema;
  }

  /** The check against {@code schema}; {@link #NONE} when it is empty. */
  static OutputCheck of(Map<String, Object> schema) {
    return schema.isEmpty() ? NONE : new OutputCheck(schema);
  }

  /**
   * What {@code result} returned that breaks the schema, naming each failing field ({@code
   * (structuredContent)} for the whole object), to follow "returned"; null when it conforms, when
   * there is no schema, or when it is an error result (an error need not be structured).
   */
  String problem(McpSchema.CallToolResult result) {
    if (schema.isEmpty() || Boolean.TRUE.equals(result.isError())) {
      return null;
    }
    Object structured = result.structuredContent();
    if (structured == null) {
      return "no structuredContent, although it declares an outputSchema";
    }
    if (!(structured instanceof Map<?, ?> object)) {
      return "structuredContent that is " + ConfigValues.typeOf(structured) + ", not an object";
    }
    List<String> problems = validator().check(keyed(object));
    if (problems.isEmpty()) {
      return null;
    }
    List<String> lines = new ArrayList<>(problems.size());
    for (String p : problems) {
      // the validator names the whole object as it would an argument object
      lines.add(p.startsWith("(arguments)") ? "(structuredContent)" + p.substring(11) : p);
    }
    return "structuredContent that does not match its outputSchema: " + String.join("; ", lines);
  }

  private SchemaValidator validator() {
    SchemaValidator v = validator;
    if (v == null) {
      v = SchemaValidator.of(schema);
      validator = v;
    }
    return v;
  }

  // a JSON object's keys are always strings
  @SuppressWarnings("unchecked")
  private static Map<String, ?> keyed(Map<?, ?> object) {
    return (Map<String, ?>) object;
  }
}
