package dev.toolnexus.mcp.internal;

import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.WaitFor;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The way one {@code tools/call} goes once its server's session is chosen. A server gone or closed
 * refuses it at once. In the stateless revision (over HTTP or stdio alike) the retry of a call
 * suspended on its task re-attaches to the task instead of calling again; any other call runs as
 * input rounds ({@link InputRound}), and a task the server answers any round with is followed
 * ({@link TaskPoller}). In the session revision the call is one plain round trip.
 */
final class CallRouting {
  private CallRouting() {}

  /** Why the server cannot take a call now, as an error result; null when it can. */
  static ToolResult refused(ServerConnection server, String toolName) {
    String who = who(server);
    if (server.isClosed()) {
      return ToolResult.error(who + " is closed; tool \"" + toolName + "\" cannot run");
    }
    if (server.dead().isDone()) {
      return ToolResult.error(
          who
              + " is not running ("
              + server.dead().getNow("")
              + "); tool \""
              + toolName
              + "\" cannot run");
    }
    return null;
  }

  /**
   * A call in the stateless revision: a re-attach when {@code ctx} resumes a task of this tool,
   * else the first round sent now.
   *
   * @param requester what asks the server about the call's task
   * @param round sends one round with the given extra params (responses and request state)
   */
  static Supplier<ToolResult> stateless(
      ServerConnection server,
      Requester requester,
      String toolName,
      ToolContext ctx,
      OutputCheck output,
      WaitFor waitFor,
      Function<Map<String, Object>, McpCall> round) {
    if (TaskPoller.resumes(ctx, server.name(), toolName)) {
      // the retry of a call suspended on its task: re-attach to the task, do not call again
      TaskPoller resumed = new TaskPoller(requester, server, toolName, ctx, output);
      return () -> server.redact(resumed.resume());
    }
    return InputRound.start(
        who(server),
        server.name(),
        toolName,
        ctx,
        waitFor,
        retry ->
            round
                .apply(retry)
                .onTask(
                    task -> new TaskPoller(requester, server, toolName, ctx, output).follow(task)),
        server::redact);
  }

  /** A call in the session revision, already sent: its result when it ends. */
  static Supplier<ToolResult> session(ServerConnection server, McpCall call) {
    return () -> server.redact(call.finish());
  }

  static String who(ServerConnection server) {
    return "MCP server \"" + server.name() + "\"";
  }
}
