package dev.toolnexus;

import dev.toolnexus.internal.FunctionTool;
import dev.toolnexus.internal.PlainValues;
import java.util.Map;
import java.util.Objects;

/** Static factories for native tools (SPEC §6): a plain Java function becomes a {@link Tool}. */
public final class Tools {
  private Tools() {}

  /**
   * A native tool from a function of the arguments and the context.
   *
   * @param name validated at once: 1 to 64 characters
   * @param inputSchema a JSON-Schema object as plain values
   * @param fn returns a String or a {@link ToolResult}; an exception becomes an error result
   */
  public static Tool define(
      String name, String description, Map<String, ?> inputSchema, ToolFunction fn) {
    return new FunctionTool(
        Names.requireValid(name),
        Objects.requireNonNullElse(description, ""),
        PlainValues.freezeObject(Objects.requireNonNull(inputSchema, "inputSchema")),
        Source.NATIVE,
        Objects.requireNonNull(fn, "fn"),
        false);
  }

  /** A native tool whose body needs only the arguments. */
  public static Tool define(
      String name,
      String description,
      Map<String, ?> inputSchema,
      java.util.function.Function<Map<String, Object>, ?> fn) {
    Objects.requireNonNull(fn, "fn");
    return define(name, description, inputSchema, (args, ctx) -> fn.apply(args));
  }

  /** A native tool whose schema is given as JSON text. */
  public static Tool define(
      String name, String description, String inputSchemaJson, ToolFunction fn) {
    return define(name, description, Json.parseObject(inputSchemaJson), fn);
  }

  /** The same tool, marked so that two calls to it never run at the same time. */
  public static Tool sequential(Tool tool) {
    if (tool instanceof FunctionTool f) {
      return f.asSequential();
    }
    return new Tool() {
      @Override
      public String name() {
        return tool.name();
      }

      @Override
      public String description() {
        return tool.description();
      }

      @Override
      public Map<String, Object> inputSchema() {
        return tool.inputSchema();
      }

      @Override
      public Source source() {
        return tool.source();
      }

      @Override
      public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        return tool.execute(args, ctx);
      }

      @Override
      public boolean sequential() {
        return true;
      }
    };
  }
}
