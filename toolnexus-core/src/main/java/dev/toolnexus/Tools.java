package dev.toolnexus;

import dev.toolnexus.internal.FunctionTool;
import dev.toolnexus.internal.MethodTool;
import dev.toolnexus.internal.PlainValues;
import dev.toolnexus.internal.RecordTool;
import dev.toolnexus.internal.SchemaLint;
import dev.toolnexus.internal.WrappedTool;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** Static factories for native tools: a plain Java function becomes a {@link Tool}. */
public final class Tools {
  private Tools() {}

  /**
   * A native tool from a function of the arguments and the context.
   *
   * @param name validated at once: 1 to 64 characters from {@code [a-zA-Z0-9_-]}
   * @param inputSchema a JSON-Schema object as plain values, checked at once (an unknown {@code
   *     type}, or {@code properties}, {@code required}, {@code items} of the wrong shape, is
   *     refused naming the tool and the place)
   * @param fn returns a String or a {@link ToolResult}; an exception becomes an error result
   */
  public static Tool define(
      String name, String description, Map<String, ?> inputSchema, ToolFunction fn) {
    Names.requireValid(name);
    Map<String, Object> schema =
        PlainValues.freezeObject(Objects.requireNonNull(inputSchema, "inputSchema"));
    SchemaLint.requireValid(name, schema);
    return new FunctionTool(
        name,
        Objects.requireNonNullElse(description, ""),
        schema,
        Source.NATIVE,
        Objects.requireNonNull(fn, "fn"),
        false);
  }

  /** A native tool whose body needs only the arguments. */
  public static Tool define(
      String name,
      String description,
      Map<String, ?> inputSchema,
      Function<Map<String, Object>, ?> fn) {
    Objects.requireNonNull(fn, "fn");
    return define(name, description, inputSchema, (args, ctx) -> fn.apply(args));
  }

  /**
   * A native tool whose schema is given as JSON text.
   *
   * @throws IllegalArgumentException naming the tool when the text is not a JSON object
   */
  public static Tool define(
      String name, String description, String inputSchemaJson, ToolFunction fn) {
    Map<String, Object> schema;
    try {
      schema = Json.parseObject(Objects.requireNonNull(inputSchemaJson, "inputSchemaJson"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "tool " + name + ": input schema is not valid JSON: " + e.getMessage(), e);
    }
    return define(name, description, schema, fn);
  }

  /**
   * Every {@link dev.toolnexus.annotations.ToolMethod} method of an object as a tool, sorted by
   * name; the schema of each is inferred from its parameters (see {@link
   * dev.toolnexus.schema.TypeSchemas}). Pass a {@code Class} to take its static methods.
   *
   * @throws IllegalArgumentException when the object has no such method, two share a name, a name
   *     is invalid, or parameter names were not compiled in ({@code -parameters})
   */
  public static List<Tool> fromObject(Object target) {
    return MethodTool.of(Objects.requireNonNull(target, "target"));
  }

  /**
   * A native tool whose arguments are one record (or bean): the input schema is inferred from
   * {@code type}, each call binds the arguments to it with Jackson, and a mismatch is an error
   * result naming the tool, the field and what was expected.
   *
   * @param fn returns a String, a {@link ToolResult}, or any value (written as JSON)
   */
  public static <T> Tool fromRecord(
      String name, String description, Class<T> type, Function<? super T, ?> fn) {
    Objects.requireNonNull(fn, "fn");
    return new RecordTool<>(
        name, description, Objects.requireNonNull(type, "type"), (v, ctx) -> fn.apply(v));
  }

  /**
   * {@link #fromRecord(String, String, Class, Function)} with a body that also gets the context.
   */
  public static <T> Tool fromRecord(
      String name, String description, Class<T> type, RecordFunction<? super T> fn) {
    return new RecordTool<>(
        name, description, Objects.requireNonNull(type, "type"), Objects.requireNonNull(fn, "fn"));
  }

  /** The same tool, marked so that two calls to it never run at the same time. */
  public static Tool sequential(Tool tool) {
    Objects.requireNonNull(tool, "tool");
    if (tool instanceof FunctionTool f) {
      return f.asSequential();
    }
    return WrappedTool.sequential(tool);
  }

  /**
   * The same tool with these {@link ToolAnnotations} (title, icons, behaviour hints) in place of
   * its own, so a host policy can tell, for example, a read-only tool from a destructive one.
   */
  public static Tool annotated(Tool tool, ToolAnnotations annotations) {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(annotations, "annotations");
    if (tool instanceof FunctionTool f) {
      return f.withAnnotations(annotations);
    }
    return WrappedTool.annotated(tool, annotations);
  }

  /**
   * The same tool declaring {@code outputSchema}, the JSON-Schema object its output conforms to. A
   * served tool then lists the schema and sends its output as {@code structuredContent}, checked
   * against the schema, so an MCP client can rely on the shape.
   *
   * @param outputSchema a JSON-Schema object with {@code "type": "object"} (MCP requires an object
   *     result), or an empty map to declare none
   * @throws IllegalArgumentException naming the tool when the schema is not an object schema or has
   *     a mistake
   */
  public static Tool withOutputSchema(Tool tool, Map<String, ?> outputSchema) {
    Objects.requireNonNull(tool, "tool");
    Map<String, Object> schema =
        PlainValues.freezeObject(Objects.requireNonNull(outputSchema, "outputSchema"));
    if (!schema.isEmpty()) {
      if (!"object".equals(schema.get("type"))) {
        throw new IllegalArgumentException(
            "tool "
                + tool.name()
                + ": an output schema must have \"type\": \"object\", got "
                + (schema.containsKey("type") ? Json.write(schema.get("type")) : "no type"));
      }
      SchemaLint.requireValid(tool.name(), "output", schema);
    }
    return WrappedTool.withOutputSchema(tool, schema);
  }
}
