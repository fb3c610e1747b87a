package dev.toolnexus.mcp.internal;

import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.mcp.client.McpServerConfig;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The tool calls in flight on one {@link ServerConnection}, each sent over the session it speaks.
 */
final class ToolCalls {
  private final ServerConnection connection;
  private final Map<Object, CallWatch> calls = new ConcurrentHashMap<>();
  private final AtomicLong callCounter = new AtomicLong();

  ToolCalls(ServerConnection connection) {
    this.connection = connection;
  }

  /**
   * Sends a {@code tools/call} over the connection's stdio, stateless or SDK session; the supplier
   * waits for the reply and gives the result. Neither half throws. A successful result that fails
   * {@code output} is an error result.
   */
  Supplier<ToolResult> send(
      String toolName, Map<String, Object> args, ToolContext ctx, OutputCheck output) {
    ServerConnection c = connection;
    ToolResult refused = CallRouting.refused(c, toolName);
    if (refused != null) {
      ToolResult r = c.redact(refused);
      return () -> r;
    }
    StdioSession direct = c.session();
    StatelessSession st = c.stateless();
    if (st != null) {
      return CallRouting.stateless(
          c,
          st,
          toolName,
          ctx,
          output,
          c.waitFor(),
          retry ->
              newCall(toolName, ctx, output)
                  .send(args, retry, null, st.callIds(), st::call, c.dead()));
    }
    if (direct != null && direct.isStateless()) {
      return CallRouting.stateless(
          c,
          direct,
          toolName,
          ctx,
          output,
          c.waitFor(),
          retry ->
              newCall(toolName, ctx, output)
                  .send(args, retry, direct, direct.callIds(), null, c.dead()));
    }
    McpAsyncClient client = c.client();
    return CallRouting.session(
        c,
        newCall(toolName, ctx, output)
            .send(
                args,
                Map.of(),
                direct,
                direct != null ? direct.callIds() : c.transport().callIds(),
                (r, retry) -> client.callTool(r).toFuture(),
                c.dead()));
  }

  private McpCall newCall(String toolName, ToolContext ctx, OutputCheck output) {
    McpServerConfig config = connection.config();
    return new McpCall(
        CallRouting.who(connection),
        config.name(),
        toolName,
        ctx,
        config.timeout(),
        config.maxTotalTimeout(),
        config.maxResultBytes(),
        calls,
        "toolnexus-" + callCounter.incrementAndGet(),
        output);
  }

  /** Hands a progress notification to the call whose progress token it carries, if in flight. */
  void progress(McpSchema.ProgressNotification n) {
    CallWatch w = n.progressToken() == null ? null : calls.get(n.progressToken());
    if (w != null) {
      w.progress(n);
    }
  }

  /** Fails every call in flight with {@code f}. */
  void failAll(McpFailure f) {
    calls.values().forEach(w -> w.result.completeExceptionally(f));
  }
}
