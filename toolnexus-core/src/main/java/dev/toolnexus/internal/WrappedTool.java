package dev.toolnexus.internal;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;

/**
 * Another tool with its own {@link #sequential} flag and {@link #annotations}; everything else, the
 * call included, is the wrapped tool's.
 */
public final class WrappedTool extends ForwardingTool {
  private final boolean sequential;
  private final ToolAnnotations annotations;

  private WrappedTool(Tool tool, boolean sequential, ToolAnnotations annotations) {
    super(tool);
    this.sequential = sequential;
    this.annotations = annotations;
  }

  /** {@code tool} marked sequential, its annotations kept. */
  public static Tool sequential(Tool tool) {
    return tool instanceof WrappedTool w
        ? new WrappedTool(w.delegate, true, w.annotations)
        : new WrappedTool(tool, true, tool.annotations());
  }

  /** {@code tool} with {@code annotations} instead of its own. */
  public static Tool annotated(Tool tool, ToolAnnotations annotations) {
    return tool instanceof WrappedTool w
        ? new WrappedTool(w.delegate, w.sequential, annotations)
        : new WrappedTool(tool, tool.sequential(), annotations);
  }

  @Override
  public ToolAnnotations annotations() {
    return annotations;
  }

  @Override
  public boolean sequential() {
    return sequential;
  }
}
