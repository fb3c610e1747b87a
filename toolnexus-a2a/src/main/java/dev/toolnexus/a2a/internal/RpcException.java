package dev.toolnexus.a2a.internal;

/** A JSON-RPC error the agent answered, with its code. */
final class RpcException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The JSON-RPC "method not found" code. */
  static final int METHOD_NOT_FOUND = -32601;

  private final int code;

  RpcException(int code, String message) {
    super(message);
    this.code = code;
  }

  int code() {
    return code;
  }
}
