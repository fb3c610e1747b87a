package dev.toolnexus.mcp.protocol;

/**
 * A request that did not give a result: the server answered a JSON-RPC error, an HTTP error status,
 * or a body that is not a JSON-RPC response. Internal.
 */
public final class RpcException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The HTTP status, or 0 when the failure was not an HTTP one. */
  private final int httpStatus;

  /** The JSON-RPC error, or null when the server sent none. */
  private final transient RpcError error;

  /**
   * A failed request.
   *
   * @param message what went wrong, naming the method
   * @param httpStatus the HTTP status; 0 when not known
   * @param error the JSON-RPC error; null when there was none
   */
  public RpcException(String message, int httpStatus, RpcError error) {
    super(message);
    this.httpStatus = httpStatus;
    this.error = error;
  }

  /** The HTTP status of the answer; 0 when there was no HTTP answer. */
  public int httpStatus() {
    return httpStatus;
  }

  /** The JSON-RPC error the server sent; null when it sent none. */
  public RpcError error() {
    return error;
  }

  /**
   * Whether this answer to a first request of the stateless revision says "a server of the session
   * era": an HTTP 4xx (400, 404, 405 and the like) or a JSON-RPC error, unless the error is one
   * only a stateless-era server sends or the server refused our credentials (401, 403).
   */
  public boolean meansSessionEra() {
    if (error != null && error.isStatelessEra()) {
      return false;
    }
    if (httpStatus == 401 || httpStatus == 403) {
      return false;
    }
    return error != null || (httpStatus >= 400 && httpStatus < 500);
  }
}
