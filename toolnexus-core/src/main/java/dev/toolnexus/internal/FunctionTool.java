package dev.toolnexus.internal;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolFunction;
import dev.toolnexus.ToolResult;
import java.util.Map;

/** A {@link Tool} backed by a {@link ToolFunction}; String returns become ok results. */
public final class FunctionTool extends AbstractTool {
  private final ToolFunction fn;
  private final boolean sequential;
  private final ToolAnnotations annotations;

  /** Creates the tool; arguments are expected to be validated by the caller. */
  public FunctionTool(
      String name,
      String description,
      Map<String, Object> schema,
      Source source,
      ToolFunction fn,
      boolean sequential) {
    this(name, description, schema, source, fn, sequential, ToolAnnotations.NONE);
  }

  private FunctionTool(
      String name,
      String description,
      Map<String, Object> schema,
      Source source,
      ToolFunction fn,
      boolean sequential,
      ToolAnnotations annotations) {
    super(name, description, schema, source);
    this.fn = fn;
    this.sequential = sequential;
    this.annotations = annotations;
  }

  /** A copy whose calls never overlap. */
  public FunctionTool asSequential() {
    return new FunctionTool(name(), description(), inputSchema(), source(), fn, true, annotations);
  }

  /** A copy with these annotations instead of its own. */
  public FunctionTool withAnnotations(ToolAnnotations annotations) {
    return new FunctionTool(
        name(), description(), inputSchema(), source(), fn, sequential, annotations);
  }

  @Override
  public boolean sequential() {
    return sequential;
  }

  @Override
  public ToolAnnotations annotations() {
    return annotations;
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
      return ToolResult.error("tool " + name() + " was interrupted");
    } catch (Exception e) {
      return ToolResult.error(Errors.message(e));
    }
  }
}
