package dev.toolnexus.agents;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.ForwardingTool;
import java.util.Map;

/** A tool of an agent whose every call is charged to the handle's tool-call pool first. */
final class ChargedTool extends ForwardingTool {
  private final TurnRunner runner;
  private final Handle handle;

  ChargedTool(Tool tool, TurnRunner runner, Handle handle) {
    super(tool);
    this.runner = runner;
    this.handle = handle;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    Limit limit = runner.budgets.chargeToolCall(handle);
    if (limit != null) {
      if (runner.budgets.exhausted(handle, limit)) {
        return ToolResult.error("budget exhausted (" + limit + "): " + name() + " was not called");
      }
      runner.budgets.chargeToolCall(handle);
    }
    return delegate.execute(args, ctx);
  }
}
