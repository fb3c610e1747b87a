package dev.toolnexus.server.internal.a2a;

import dev.toolnexus.a2a.internal.Wire;
import java.util.Map;
import java.util.UUID;

/**
 * A caller's message, read the same way in every dialect.
 *
 * @param messageId the caller's message id (generated when it sent none)
 * @param text the text parts joined by new lines
 * @param data the data parts' objects merged; empty for none
 * @param taskId the task the message continues; null for a new task
 * @param contextId the conversation the caller named; null for none
 * @param skill the skill named in the message metadata; null for none
 * @param blocking whether the caller waits for the task to finish or need input
 * @param webhook the push notification config the caller sent with the message ({@code
 *     configuration.taskPushNotificationConfig} in v1.0, {@code pushNotificationConfig} in v0.3);
 *     null for none
 */
record Incoming(
    String messageId,
    String text,
    Map<String, Object> data,
    String taskId,
    String contextId,
    String skill,
    boolean blocking,
    Map<String, Object> webhook) {

  /**
   * Reads {@code params} of a send: {@code message} with its parts, ids and metadata, and {@code
   * configuration.blocking} (v0.3) or {@code configuration.returnImmediately} (v1.0); with neither
   * flag the caller waits, as both revisions and their SDKs default.
   *
   * @throws RpcError naming what is missing
   */
  static Incoming of(Map<String, Object> params) {
    if (!(params.get("message") instanceof Map<?, ?> m)) {
      throw RpcError.invalidParams("params.message is required");
    }
    String text = Wire.text(m.get("parts"));
    Map<String, Object> data = Wire.data(m.get("parts"));
    if (text.isEmpty() && data.isEmpty()) {
      throw RpcError.invalidParams("params.message has no text or data part");
    }
    boolean blocking = true;
    Map<String, Object> webhook = null;
    if (params.get("configuration") instanceof Map<?, ?> c) {
      if (Boolean.FALSE.equals(c.get("blocking"))
          || Boolean.TRUE.equals(c.get("returnImmediately"))) {
        blocking = false;
      }
      Object w = c.get("taskPushNotificationConfig");
      if (w == null) {
        w = c.get("pushNotificationConfig");
      }
      if (w != null && !(w instanceof Map<?, ?>)) {
        throw RpcError.invalidParams(
            "params.configuration's push notification config must be an object");
      }
      webhook = w == null ? null : map(w);
    }
    String skill =
        m.get("metadata") instanceof Map<?, ?> meta && meta.get("skill") instanceof String s
            ? s
            : null;
    return new Incoming(
        string(m.get("messageId"), UUID.randomUUID().toString()),
        text,
        data,
        string(m.get("taskId"), null),
        string(m.get("contextId"), null),
        skill,
        blocking,
        webhook);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  private static String string(Object o, String fallback) {
    return o instanceof String s && !s.isBlank() ? s : fallback;
  }
}
