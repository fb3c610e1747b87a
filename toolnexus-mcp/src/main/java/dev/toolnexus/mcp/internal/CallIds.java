package dev.toolnexus.mcp.internal;

/**
 * The JSON-RPC id of each {@code tools/call} in flight, keyed by the progress token in its {@code
 * _meta}, so a timed-out or cancelled call can be followed by MCP's {@code notifications/cancelled}
 * for exactly that request.
 */
interface CallIds {
  /** Remembers the request id of the call sent with this progress token. */
  void track(Object progressToken, Object requestId);

  /** Forgets a finished call. */
  void forget(Object progressToken);

  /**
   * Tells the server to stop the call sent with this progress token; does nothing when the request
   * was never sent.
   */
  void cancel(Object progressToken, String reason);
}
