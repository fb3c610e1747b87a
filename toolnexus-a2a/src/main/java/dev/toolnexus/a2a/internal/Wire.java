package dev.toolnexus.a2a.internal;

import dev.toolnexus.a2a.Dialect;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The method names, headers, error codes and message shapes of each {@link Dialect}, shared by the
 * client (remote agents as tools) and the server (a toolkit served as an agent).
 */
public final class Wire {
  /** The header a v1.0 peer names its protocol version in. */
  public static final String VERSION_HEADER = "A2A-Version";

  /** The version a v1.0 peer sends in {@link #VERSION_HEADER}. */
  public static final String V1_VERSION = "1.0";

  /** The JSON-RPC code for an unknown task. */
  public static final int TASK_NOT_FOUND = -32001;

  /** The JSON-RPC code for a cancel of a task that cannot be canceled (it ended). */
  public static final int TASK_NOT_CANCELABLE = -32002;

  /** The JSON-RPC code for a push-notification method of an agent without push notifications. */
  public static final int PUSH_NOT_SUPPORTED = -32003;

  /** The JSON-RPC code for an operation the agent does not support. */
  public static final int UNSUPPORTED_OPERATION = -32004;

  private Wire() {}

  /** The send method: {@code message/send} in v0.3, else {@code SendMessage}. */
  public static String sendMethod(Dialect d) {
    return d == Dialect.V0_3 ? "message/send" : "SendMessage";
  }

  /**
   * The streaming send method: {@code message/stream} in v0.3, else {@code SendStreamingMessage}.
   */
  public static String streamMethod(Dialect d) {
    return d == Dialect.V0_3 ? "message/stream" : "SendStreamingMessage";
  }

  /**
   * The method that streams an existing task's updates: {@code tasks/resubscribe} in v0.3, else
   * {@code SubscribeToTask}.
   */
  public static String subscribeMethod(Dialect d) {
    return d == Dialect.V0_3 ? "tasks/resubscribe" : "SubscribeToTask";
  }

  /** The get method: {@code tasks/get} in v0.3, else {@code GetTask}. */
  public static String getMethod(Dialect d) {
    return d == Dialect.V0_3 ? "tasks/get" : "GetTask";
  }

  /** The cancel method: {@code tasks/cancel} in v0.3, else {@code CancelTask}. */
  public static String cancelMethod(Dialect d) {
    return d == Dialect.V0_3 ? "tasks/cancel" : "CancelTask";
  }

  /** Headers the dialect itself needs: v1.0 names its version. */
  public static Map<String, String> headers(Dialect d) {
    return d == Dialect.V1_0 ? Map.of(VERSION_HEADER, V1_VERSION) : Map.of();
  }

  /** A text part: {@code {text}} in v1.0, {@code {kind:"text", text}} otherwise. */
  public static Map<String, Object> textPart(Dialect d, String text) {
    return d == Dialect.V1_0 ? Map.of("text", text) : Map.of("kind", "text", "text", text);
  }

  /** A message role: {@code ROLE_USER}/{@code ROLE_AGENT} in v1.0, {@code user}/{@code agent}. */
  public static String role(Dialect d, boolean agent) {
    if (d == Dialect.V1_0) {
      return agent ? "ROLE_AGENT" : "ROLE_USER";
    }
    return agent ? "agent" : "user";
  }

  /**
   * A task state in the dialect's spelling, from the v0.3 spelling: {@code input-required} becomes
   * {@code TASK_STATE_INPUT_REQUIRED} in v1.0.
   */
  public static String state(Dialect d, String v03) {
    return d == Dialect.V1_0 ? "TASK_STATE_" + v03.toUpperCase(Locale.ROOT).replace('-', '_') : v03;
  }

  /**
   * A message of {@code text} in the dialect's shape; {@code taskId} and {@code contextId} (both
   * may be null) say which task and conversation it belongs to.
   */
  public static Map<String, Object> message(
      Dialect d, boolean agent, String messageId, String text, String taskId, String contextId) {
    Map<String, Object> message = new LinkedHashMap<>();
    if (d != Dialect.V1_0) {
      message.put("kind", "message");
    }
    message.put("messageId", messageId);
    message.put("role", role(d, agent));
    message.put("parts", List.of(textPart(d, text)));
    if (taskId != null && !taskId.isEmpty()) {
      message.put("taskId", taskId);
    }
    if (contextId != null) {
      message.put("contextId", contextId);
    }
    return message;
  }

  /**
   * The params of a non-blocking send of {@code text} as a user message; {@code taskId} and {@code
   * contextId} (both may be null) continue an existing task.
   */
  static Map<String, Object> send(Dialect d, String text, String taskId, String contextId) {
    Map<String, Object> configuration =
        d == Dialect.V1_0 ? Map.of("returnImmediately", true) : Map.of("blocking", false);
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("message", message(d, false, UUID.randomUUID().toString(), text, taskId, contextId));
    params.put("configuration", configuration);
    return params;
  }

  /** The params of a get or a cancel of one task. */
  static Map<String, Object> task(String taskId) {
    return Map.of("id", taskId);
  }

  /**
   * The text parts joined by new lines: v0.3 {@code {kind:"text", text}} or v1.0 {@code {text}}.
   */
  public static String text(Object parts) {
    if (!(parts instanceof List<?> list)) {
      return "";
    }
    List<String> out = new ArrayList<>();
    for (Object p : list) {
      if (p instanceof Map<?, ?> part
          && part.get("text") instanceof String s
          && (part.get("kind") == null || "text".equals(part.get("kind")))) {
        out.add(s);
      }
    }
    return String.join("\n", out);
  }

  /**
   * The objects of the data parts merged in order: v0.3 {@code {kind:"data", data}} or v1.0 {@code
   * {data}}; empty when there are none.
   */
  public static Map<String, Object> data(Object parts) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (parts instanceof List<?> list) {
      for (Object p : list) {
        if (p instanceof Map<?, ?> part
            && part.get("data") instanceof Map<?, ?> data
            && (part.get("kind") == null || "data".equals(part.get("kind")))) {
          data.forEach((k, v) -> out.put(String.valueOf(k), v));
        }
      }
    }
    return out;
  }
}
