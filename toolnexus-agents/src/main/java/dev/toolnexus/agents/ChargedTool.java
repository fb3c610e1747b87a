package dev.toolnexus.agents;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.Map;

/** A tool of an agent whose every call is charged to the handle's tool-call pool first. */
final class ChargedTool implements Tool {
  private final Tool tool;
  private final TurnRunner runner;
  private final Handle handle;

  ChargedTool(Tool tool, TurnRunner runner, Handle handle) {
    this.tool = tool;
    this.runner = runner;
    this.handle = handle;
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
    return tool.annotations();
  }

  @Override
  public boolean sequential() {
    return tool.sequential();
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
    return tool.execute(args, ctx);
  }
}
