package dev.toolnexus.server.internal;

import dev.toolnexus.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Builds JSON-RPC 2.0 messages and names the standard error codes. */
public final class JsonRpc {
  /** The body is not JSON. */
  public static final int PARSE_ERROR = -32700;

  /** The JSON is not a JSON-RPC message. */
  public static final int INVALID_REQUEST = -32600;

  /** No such method. */
  public static final int METHOD_NOT_FOUND = -32601;

  /** The params are wrong (an unknown tool, arguments that are not an object). */
  public static final int INVALID_PARAMS = -32602;

  /** The server failed. */
  public static final int INTERNAL_ERROR = -32603;

  private JsonRpc() {}

  /** A new empty object node. */
  public static ObjectNode object() {
    return Json.mapper().createObjectNode();
  }

  /** A success response to {@code id}. */
  public static ObjectNode result(JsonNode id, JsonNode result) {
    ObjectNode r = object();
    r.put("jsonrpc", "2.0");
    r.set("id", id);
    r.set("result", result);
    return r;
  }

  /** An error response to {@code id} (null id when the request could not be read). */
  public static ObjectNode error(JsonNode id, int code, String message) {
    ObjectNode r = object();
    r.put("jsonrpc", "2.0");
    if (id == null) {
      r.putNull("id");
    } else {
      r.set("id", id);
    }
    ObjectNode e = r.putObject("error");
    e.put("code", code);
    e.put("message", message);
    return r;
  }

  /** A notification with these params. */
  public static ObjectNode notification(String method, ObjectNode params) {
    ObjectNode n = object();
    n.put("jsonrpc", "2.0");
    n.put("method", method);
    if (params != null) {
      n.set("params", params);
    }
    return n;
  }

  /** Whether {@code message} is a response (it has an id and a result or an error). */
  public static boolean isResponse(JsonNode message) {
    return message.has("id") && (message.has("result") || message.has("error"));
  }
}
