package dev.toolnexus.server.a2a;

import dev.toolnexus.Json;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.a2a.internal.Wire;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** JSON-RPC request bodies in each dialect, and readers for the answers. */
final class Rpc {
  private Rpc() {}

  static String send(Dialect d, String text, String taskId, String contextId, boolean blocking) {
    return body(Wire.sendMethod(d), sendParams(d, text, taskId, contextId, blocking));
  }

  static String stream(Dialect d, String text) {
    return body(Wire.streamMethod(d), sendParams(d, text, null, null, true));
  }

  static Map<String, Object> sendParams(
      Dialect d, String text, String taskId, String contextId, boolean blocking) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put(
        "message", Wire.message(d, false, UUID.randomUUID().toString(), text, taskId, contextId));
    params.put(
        "configuration",
        d == Dialect.V1_0 ? Map.of("returnImmediately", !blocking) : Map.of("blocking", blocking));
    return params;
  }

  static String get(Dialect d, String taskId) {
    return body(Wire.getMethod(d), Map.of("id", taskId));
  }

  static String cancel(Dialect d, String taskId) {
    return body(Wire.cancelMethod(d), Map.of("id", taskId));
  }

  static String body(String method, Object params) {
    return Json.write(Map.of("jsonrpc", "2.0", "id", 7, "method", method, "params", params));
  }

  static Map<String, String> headers(Dialect d) {
    return Wire.headers(d);
  }

  /** The task of a send or get result: unwraps v1.0's {@code {task}}. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> task(Map<String, Object> response) {
    Map<String, Object> result = (Map<String, Object>) response.get("result");
    if (result == null) {
      throw new AssertionError("no result in " + response);
    }
    return result.containsKey("task") ? (Map<String, Object>) result.get("task") : result;
  }

  @SuppressWarnings("unchecked")
  static String state(Map<String, Object> task) {
    return (String) ((Map<String, Object>) task.get("status")).get("state");
  }

  @SuppressWarnings("unchecked")
  static String statusText(Map<String, Object> task) {
    Map<String, Object> status = (Map<String, Object>) task.get("status");
    Map<String, Object> message = (Map<String, Object>) status.get("message");
    return message == null ? null : Wire.text(message.get("parts"));
  }

  @SuppressWarnings("unchecked")
  static String artifactText(Map<String, Object> task) {
    List<Map<String, Object>> artifacts = (List<Map<String, Object>>) task.get("artifacts");
    return artifacts == null ? null : Wire.text(artifacts.get(0).get("parts"));
  }

  @SuppressWarnings("unchecked")
  static int errorCode(Map<String, Object> response) {
    Map<String, Object> error = (Map<String, Object>) response.get("error");
    if (error == null) {
      throw new AssertionError("no error in " + response);
    }
    return ((Number) error.get("code")).intValue();
  }
}
