package dev.toolnexus.internal;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.Map;

/**
 * Another tool with its own {@link #sequential} flag and {@link #annotations}; everything else, the
 * call included, is the wrapped tool's.
 */
public final class WrappedTool implements Tool {
  private final Tool tool;
  private final boolean sequential;
  private final ToolAnnotations annotations;

  private WrappedTool(Tool tool, boolean sequential, ToolAnnotations annotations) {
    this.tool = tool;
    this.sequential = sequential;
    this.annotations = annotations;
  }

  /** {@code tool} marked sequential, its annotations kept. */
  public static Tool sequential(Tool tool) {
    return tool instanceof WrappedTool w
        ? new WrappedTool(w.tool, true, w.annotations)
        : new WrappedTool(tool, true, tool.annotations());
  }

  /** {@code tool} with {@code annotations} instead of its own. */
  public static Tool annotated(Tool tool, ToolAnnotations annotations) {
    return tool instanceof WrappedTool w
        ? new WrappedTool(w.tool, w.sequential, annotations)
        : new WrappedTool(tool, tool.sequential(), annotations);
  }

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
  public Map<String, Object> outputSchema() {
    return tool.outputSchema();
  }

  @Override
  public Source source() {
    return tool.source();
  }

  @Override
  public ToolAnnotations annotations() {
    return annotations;
  }

  @Override
  public boolean sequential() {
    return sequential;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    return tool.execute(args, ctx);
  }

  @Override
  public String toString() {
    return tool.toString();
  }
}
