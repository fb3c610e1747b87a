package dev.toolnexus.internal;

import dev.toolnexus.Names;
import dev.toolnexus.RecordFunction;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.schema.TypeSchemas;
import java.util.Map;

/**
 * A {@link Tool} whose arguments are one record (or bean): the schema is the type's, and each call
 * binds the whole argument object to it before running the body.
 *
 * @param <T> the argument type
 */
public final class RecordTool<T> extends AbstractTool {
  private final Class<T> type;
  private final RecordFunction<? super T> body;

  /** Creates the tool and infers its schema from {@code type}. */
  public RecordTool(
      String name, String description, Class<T> type, RecordFunction<? super T> body) {
    super(
        Names.requireValid(name),
        description == null ? "" : description,
        schemaOf(name, type),
        Source.NATIVE);
    this.type = type;
    this.body = body;
  }

  private static Map<String, Object> schemaOf(String name, Class<?> type) {
    Map<String, Object> s = TypeSchemas.of(type);
    if (!"object".equals(s.get("type")) || !s.containsKey("properties")) {
      throw new IllegalArgumentException(
          "tool "
              + name
              + ": "
              + type.getName()
              + " is not a record or bean, so it has no properties");
    }
    return s;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    T value;
    try {
      value = type.cast(ArgumentBinder.bind(name(), "", args == null ? Map.of() : args, type));
    } catch (ArgumentBinder.BindException e) {
      return ToolResult.error(e.getMessage());
    }
    try {
      return MethodTool.Results.from(body.apply(value, ctx == null ? ToolContext.empty() : ctx));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ToolResult.error("tool " + name() + " was interrupted");
    } catch (Exception e) {
      return ToolResult.error(Errors.message(e));
    }
  }

  @Override
  public String toString() {
    return "Tool[" + name() + ", native, " + type.getSimpleName() + "]";
  }
}
