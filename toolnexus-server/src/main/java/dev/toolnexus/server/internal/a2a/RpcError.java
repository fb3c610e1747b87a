package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.a2a.internal.Wire;

/** A JSON-RPC error to answer with: its code and a message naming the problem. */
final class RpcError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int code;

  RpcError(int code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  int code() {
    return code;
  }

  static RpcError invalidParams(String message) {
    return new RpcError(-32602, message);
  }

  static RpcError taskNotFound(String id) {
    return new RpcError(Wire.TASK_NOT_FOUND, "Task not found: " + id);
  }
}
