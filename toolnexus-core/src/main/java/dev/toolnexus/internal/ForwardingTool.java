package dev.toolnexus.internal;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.Map;

/**
 * A tool that answers every {@link Tool} method from another one, so a wrapper overrides only what
 * it changes and picks up each method {@code Tool} gains without being edited.
 */
public abstract class ForwardingTool implements Tool {
  /** The tool every method is answered from. */
  protected final Tool delegate;

  /** Forwards to {@code delegate}. */
  protected ForwardingTool(Tool delegate) {
    this.delegate = delegate;
  }

  @Override
  public String name() {
    return delegate.name();
  }

  @Override
  public String description() {
    return delegate.description();
  }

  @Override
  public Map<String, Object> inputSchema() {
    return delegate.inputSchema();
  }

  @Override
  public Map<String, Object> outputSchema() {
    return delegate.outputSchema();
  }

  @Override
  public Source source() {
    return delegate.source();
  }

  @Override
  public ToolAnnotations annotations() {
    return delegate.annotations();
  }

  @Override
  public boolean sequential() {
    return delegate.sequential();
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    return delegate.execute(args, ctx);
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
