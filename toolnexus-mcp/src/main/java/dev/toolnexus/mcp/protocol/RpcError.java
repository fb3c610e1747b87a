package dev.toolnexus.mcp.protocol;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A JSON-RPC error object: code, message and optional data, with the codes MCP defines. Internal.
 *
 * @param code the error code
 * @param message the error text
 * @param data extra data; null when there is none
 */
public record RpcError(int code, String message, Object data) {
  /** The method is not served. */
  public static final int METHOD_NOT_FOUND = -32601;

  /** The params are not valid. */
  public static final int INVALID_PARAMS = -32602;

  /** The request is not a valid JSON-RPC request. */
  public static final int INVALID_REQUEST = -32600;

  /** An error inside the server. */
  public static final int INTERNAL_ERROR = -32603;

  /** The HTTP headers do not match the body, or a required one is missing. */
  public static final int HEADER_MISMATCH = -32020;

  /** The request needs a client capability the client did not declare. */
  public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

  /** The server does not speak the requested protocol version. */
  public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

  private static final Set<Integer> STATELESS_ONLY =
      Set.of(HEADER_MISMATCH, MISSING_REQUIRED_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION);

  /** Reads an error object; a missing code reads as an internal error. */
  public static RpcError from(Map<?, ?> error) {
    int code = error.get("code") instanceof Number n ? n.intValue() : INTERNAL_ERROR;
    String message = error.get("message") instanceof String s ? s : "error " + code;
    return new RpcError(code, message, error.get("data"));
  }

  /** The error as JSON. */
  public Map<String, Object> toJson() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("code", code);
    out.put("message", message);
    if (data != null) {
      out.put("data", data);
    }
    return out;
  }

  /**
   * Whether only a server of the stateless revision sends this error (header mismatch, missing
   * client capability, unsupported protocol version): it marks the server as one of that era.
   */
  public boolean isStatelessEra() {
    return STATELESS_ONLY.contains(code);
  }

  @Override
  public String toString() {
    return message + " (" + code + ")";
  }
}
