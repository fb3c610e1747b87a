package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.a2a.internal.Wire;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON-RPC answers as the HTTP+JSON binding gives them: a result is the body as it is, an error is
 * a {@code google.rpc.Status} ({@code {error: {code, status, message, details}}}) under the HTTP
 * status the binding maps it to, with an {@code ErrorInfo} naming the A2A error.
 */
final class RestReplies {
  private static final String DOMAIN = "a2a-protocol.org";
  private static final String ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo";

  private RestReplies() {}

  /** The HTTP status for a JSON-RPC error {@code code}. */
  static int status(int code) {
    return switch (code) {
      case Wire.TASK_NOT_FOUND, -32601 -> 404;
      case -32700, -32600, -32602, -32002, -32003, -32004, -32005, -32007, -32008, -32009 -> 400;
      default -> 500;
    };
  }

  /** The error body for a JSON-RPC error {@code code} with {@code message}. */
  static Map<String, Object> error(int code, String message) {
    int http = status(code);
    return error(http, canonical(http, code), message, reason(code));
  }

  /**
   * An error body with this HTTP status, canonical status name, message and A2A reason (null for
   * none).
   */
  static Map<String, Object> error(int http, String status, String message, String reason) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", http);
    error.put("status", status);
    error.put("message", message);
    if (reason != null) {
      Map<String, Object> info = new LinkedHashMap<>();
      info.put("@type", ERROR_INFO);
      info.put("reason", reason);
      info.put("domain", DOMAIN);
      error.put("details", List.of(info));
    } else {
      error.put("details", List.of());
    }
    return Map.of("error", error);
  }

  private static String canonical(int http, int code) {
    if (http == 404) {
      return "NOT_FOUND";
    }
    if (http == 500) {
      return "INTERNAL";
    }
    return code <= -32600 || code == -32005 ? "INVALID_ARGUMENT" : "FAILED_PRECONDITION";
  }

  /** The A2A error type of {@code code}, in UPPER_SNAKE_CASE; null for a plain JSON-RPC error. */
  static String reason(int code) {
    return switch (code) {
      case Wire.TASK_NOT_FOUND -> "TASK_NOT_FOUND";
      case Wire.TASK_NOT_CANCELABLE -> "TASK_NOT_CANCELABLE";
      case Wire.PUSH_NOT_SUPPORTED -> "PUSH_NOTIFICATION_NOT_SUPPORTED";
      case Wire.UNSUPPORTED_OPERATION -> "UNSUPPORTED_OPERATION";
      case -32005 -> "CONTENT_TYPE_NOT_SUPPORTED";
      case -32006 -> "INVALID_AGENT_RESPONSE";
      case -32007 -> "EXTENDED_AGENT_CARD_NOT_CONFIGURED";
      case -32008 -> "EXTENSION_SUPPORT_REQUIRED";
      case -32009 -> "VERSION_NOT_SUPPORTED";
      default -> null;
    };
  }
}
