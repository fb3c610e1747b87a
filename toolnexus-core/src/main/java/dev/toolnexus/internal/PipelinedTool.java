package dev.toolnexus.internal;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A tool whose call can be sent now and its result collected later (a stdio MCP tool writes its
 * request on the calling thread and the server's reader thread completes the reply), so one thread
 * can have every call of a turn in flight at once instead of handing each call to a worker thread
 * and joining them.
 */
public interface PipelinedTool extends Tool {
  /**
   * Sends the call before returning; the supplier waits for and gives its result. Like {@link
   * #execute}, which is the same call run back to back: neither half throws for a failed call, it
   * comes back as an error result.
   */
  Supplier<ToolResult> send(Map<String, Object> args, ToolContext ctx);
}
