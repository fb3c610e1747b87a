package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The JSON-RPC id of each {@code tools/call} in flight, keyed by the progress token in its {@code
 * _meta}, so a timed-out or cancelled call can be followed by MCP's {@code notifications/cancelled}
 * for exactly that request.
 */
final class CallIds {
  private final Map<Object, Object> requestIdByToken = new ConcurrentHashMap<>();
  private final Consumer<McpSchema.JSONRPCNotification> send;

  /**
   * @param send sends a notification to the server; it reports its own failures, never throws
   */
  CallIds(Consumer<McpSchema.JSONRPCNotification> send) {
    this.send = send;
  }

  /** Remembers the request id of the call sent with this progress token. */
  void track(Object progressToken, Object requestId) {
    requestIdByToken.put(progressToken, requestId);
  }

  /** Forgets a finished call. */
  void forget(Object progressToken) {
    requestIdByToken.remove(progressToken);
  }

  /**
   * Tells the server to stop the call sent with this progress token; does nothing when the request
   * was never sent.
   */
  void cancel(Object progressToken, String reason) {
    Object id = requestIdByToken.remove(progressToken);
    if (id == null) {
      return;
    }
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("requestId", id);
    params.put("reason", reason);
    send.accept(
        new McpSchema.JSONRPCNotification(
            McpSchema.JSONRPC_VERSION, "notifications/cancelled", params));
  }
}
