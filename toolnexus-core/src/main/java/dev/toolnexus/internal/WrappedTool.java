package dev.toolnexus.internal;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import java.util.Map;

/**
 * Another tool with its own {@link #sequential} flag, {@link #annotations} and {@link
 * #outputSchema}; everything else, the call included, is the wrapped tool's.
 */
public final class WrappedTool extends ForwardingTool {
  private final boolean sequential;
  private final ToolAnnotations annotations;
  private final Map<String, Object> outputSchema;

  private WrappedTool(
      Tool tool,
      boolean sequential,
      ToolAnnotations annotations,
      Map<String, Object> outputSchema) {
    super(tool);
    this.sequential = sequential;
    this.annotations = annotations;
    this.outputSchema = outputSchema;
  }

  /** {@code tool} marked sequential, its annotations and output schema kept. */
  public static Tool sequential(Tool tool) {
    return tool instanceof WrappedTool w
        ? new WrappedTool(w.delegate, true, w.annotations, w.outputSchema)
        : new WrappedTool(tool, true, tool.annotations(), tool.outputSchema());
  }

  /** {@code tool} with {@code annotations} instead of its own. */
  public static Tool annotated(Tool tool, ToolAnnotations annotations) {
    return tool instanceof WrappedTool w
        ? new WrappedTool(w.delegate, w.sequential, annotations, w.outputSchema)
        : new WrappedTool(tool, tool.sequential(), annotations, tool.outputSchema());
  }

  /** {@code tool} declaring {@code outputSchema} (an already frozen map) instead of its own. */
  public static Tool withOutputSchema(Tool tool, Map<String, Object> outputSchema) {
    return tool instanceof WrappedTool w
        ? new WrappedTool(w.delegate, w.sequential, w.annotations, outputSchema)
        : new WrappedTool(tool, tool.sequential(), tool.annotations(), outputSchema);
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
  public Map<String, Object> outputSchema() {
    return outputSchema;
  }
}
