package dev.toolnexus.mcp.protocol;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON-RPC 2.0 codec: requests, responses and errors written and read as plain JSON maps, the
 * same for a client and a server. Internal.
 */
public final class JsonRpc {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private JsonRpc() {}

  /** A request as JSON text. */
  public static String request(Object id, String method, Map<String, Object> params) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jsonrpc", "2.0");
    out.put("id", id);
    out.put("method", method);
    out.put("params", params == null ? Map.of() : params);
    return write(out);
  }

  /** A result response as JSON text. */
  public static String result(Object id, Object result) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jsonrpc", "2.0");
    out.put("id", id);
    out.put("result", result == null ? Map.of() : result);
    return write(out);
  }

  /** An error response as JSON text; {@code id} may be null for an error without a request. */
  public static String error(Object id, RpcError error) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jsonrpc", "2.0");
    out.put("id", id);
    out.put("error", error.toJson());
    return write(out);
  }

  /** {@code value} as JSON text. */
  public static String write(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("cannot write JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * One JSON-RPC message read as a map.
   *
   * @throws IllegalArgumentException when the text is not a JSON object
   */
  public static Map<String, Object> parse(String text) {
    Object value;
    try {
      value = JSON.readValue(text, Object.class);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException("not a JSON object");
    }
    return stringKeys(map);
  }

  /** {@code map} with its keys as strings. */
  public static Map<String, Object> stringKeys(Map<?, ?> map) {
    Map<String, Object> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  /** Whether {@code message} is a response (it has a result or an error and no method). */
  public static boolean isResponse(Map<String, Object> message) {
    return !message.containsKey("method")
        && (message.containsKey("result") || message.containsKey("error"));
  }

  /**
   * The result of a response to {@code method}.
   *
   * @param httpStatus the HTTP status the response came with; 0 when not over HTTP
   * @throws RpcException when the response is an error or has no result
   */
  public static Map<String, Object> resultOf(
      Map<String, Object> response, String method, int httpStatus) {
    if (response.get("error") instanceof Map<?, ?> error) {
      RpcError e = RpcError.from(error);
      throw new RpcException(e.toString(), httpStatus, e);
    }
    if (response.get("result") instanceof Map<?, ?> result) {
      return stringKeys(result);
    }
    throw new RpcException(method + ": the response has no result object", httpStatus, null);
  }
}
