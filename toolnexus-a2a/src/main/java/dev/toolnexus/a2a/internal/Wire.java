package dev.toolnexus.a2a.internal;

import dev.toolnexus.a2a.Dialect;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The method names, headers and message shapes of each {@link Dialect}. */
final class Wire {
  private Wire() {}

  static String sendMethod(Dialect d) {
    return d == Dialect.V0_3 ? "message/send" : "SendMessage";
  }

  static String getMethod(Dialect d) {
    return d == Dialect.V0_3 ? "tasks/get" : "GetTask";
  }

  static String cancelMethod(Dialect d) {
    return d == Dialect.V0_3 ? "tasks/cancel" : "CancelTask";
  }

  /** Headers the dialect itself needs: v1.0 names its version. */
  static Map<String, String> headers(Dialect d) {
    return d == Dialect.V1_0 ? Map.of("A2A-Version", "1.0") : Map.of();
  }

  /**
   * The params of a non-blocking send of {@code text} as a user message; {@code taskId} and {@code
   * contextId} (both may be null) continue an existing task.
   */
  static Map<String, Object> send(Dialect d, String text, String taskId, String contextId) {
    Map<String, Object> message = new LinkedHashMap<>();
    if (d != Dialect.V1_0) {
      message.put("kind", "message");
    }
    message.put("messageId", UUID.randomUUID().toString());
    message.put("role", d == Dialect.V1_0 ? "ROLE_USER" : "user");
    message.put(
        "parts",
        List.of(d == Dialect.V1_0 ? Map.of("text", text) : Map.of("kind", "text", "text", text)));
    if (taskId != null && !taskId.isEmpty()) {
      message.put("taskId", taskId);
    }
    if (contextId != null) {
      message.put("contextId", contextId);
    }
    Map<String, Object> configuration =
        d == Dialect.V1_0 ? Map.of("returnImmediately", true) : Map.of("blocking", false);
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("message", message);
    params.put("configuration", configuration);
    return params;
  }

  /** The params of a get or a cancel of one task. */
  static Map<String, Object> task(String taskId) {
    return Map.of("id", taskId);
  }
}
