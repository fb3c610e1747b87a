package dev.toolnexus.internal;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolFunction;
import dev.toolnexus.ToolResult;
import java.util.Map;

/** A {@link Tool} backed by a {@link ToolFunction}; String returns become ok results. */
public final class FunctionTool implements Tool {
  private final String name;
  private final String description;
  private final Map<String, Object> schema;
  private final Source source;
  private final ToolFunction fn;
  private final boolean sequential;

  /** Creates the tool; arguments are expected to be validated by the caller. */
  public FunctionTool(
      String name,
      String description,
      Map<String, Object> schema,
      Source source,
      ToolFunction fn,
      boolean sequential) {
    this.name = name;
    this.description = description;
    this.schema = schema;
    this.source = source;
    this.fn = fn;
    this.sequential = sequential;
  }

  /** A copy whose calls never overlap. */
  public FunctionTool asSequential() {
    return new FunctionTool(name, description, schema, source, fn, true);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Map<String, Object> inputSchema() {
    return schema;
  }

  @Override
  public Source source() {
    return source;
  }

  @Override
  public boolean sequential() {
    return sequential;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    try {
      Object out = fn.apply(args, ctx == null ? ToolContext.empty() : ctx);
      if (out instanceof ToolResult r) {
        return r;
      }
      return ToolResult.ok(out == null ? "" : out.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ToolResult.error("tool " + name + " was interrupted");
    } catch (Exception e) {
      return ToolResult.error(Errors.message(e));
    }
  }

  @Override
  public String toString() {
    return "Tool[" + name + ", " + source + "]";
  }
}
