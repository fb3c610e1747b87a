package dev.toolnexus.a2a.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a send or a poll answered, read the same way in every dialect: a task (id, context, state in
 * lowercase v0.3 spelling, status text, artifact text, the last agent message) or a plain message.
 *
 * @param message whether the agent answered with a message instead of a task
 * @param id the task id; empty for a message
 * @param contextId the conversation id; may be null
 * @param state the state, for example {@code working} or {@code input-required}
 * @param statusText the text of the status message; empty when there is none
 * @param output the text of every artifact joined by new lines, else the last agent message
 * @param url a link the status message carries (for an authorization); may be null
 * @param stamp the status timestamp, which tells a new status from one seen before; may be null
 */
record TaskView(
    boolean message,
    String id,
    String contextId,
    String state,
    String statusText,
    String output,
    String url,
    String stamp) {

  /** The states after which a task never changes. */
  boolean terminal() {
    return switch (state) {
      case "completed", "failed", "canceled", "rejected" -> true;
      default -> false;
    };
  }

  /**
   * Reads a send or get result: a task or a message, bare or wrapped in {@code {task}}/{@code
   * {message}}.
   */
  static TaskView of(Object result) {
    if (!(result instanceof Map<?, ?> m)) {
      throw new IllegalStateException("the agent answered with no task or message");
    }
    if (m.get("task") instanceof Map<?, ?> t) {
      return task(t);
    }
    if (m.get("message") instanceof Map<?, ?> msg && m.get("status") == null) {
      return message(msg);
    }
    if ("message".equals(m.get("kind")) || (m.get("status") == null && m.get("parts") != null)) {
      return message(m);
    }
    if (m.get("id") instanceof String && m.get("status") instanceof Map<?, ?>) {
      return task(m);
    }
    throw new IllegalStateException("the agent answered with no task or message");
  }

  private static TaskView message(Map<?, ?> msg) {
    String taskId = msg.get("taskId") instanceof String s ? s : "";
    String context = msg.get("contextId") instanceof String s ? s : null;
    return new TaskView(true, taskId, context, "completed", "", text(msg.get("parts")), null, null);
  }

  private static TaskView task(Map<?, ?> t) {
    Map<?, ?> status = t.get("status") instanceof Map<?, ?> s ? s : Map.of();
    String state = normalize(status.get("state"));
    String statusText = "";
    String url = null;
    if (status.get("message") instanceof Map<?, ?> msg) {
      statusText = text(msg.get("parts"));
      url = firstUrl(msg.get("parts"));
    }
    List<String> texts = new ArrayList<>();
    if (t.get("artifacts") instanceof List<?> artifacts) {
      for (Object a : artifacts) {
        if (a instanceof Map<?, ?> am) {
          String s = text(am.get("parts"));
          if (!s.isEmpty()) {
            texts.add(s);
          }
        }
      }
    }
    String output = texts.isEmpty() ? lastAgentText(t.get("history")) : String.join("\n", texts);
    return new TaskView(
        false,
        t.get("id") instanceof String s ? s : "",
        t.get("contextId") instanceof String s ? s : null,
        state,
        statusText,
        output,
        url,
        status.get("timestamp") instanceof String ts ? ts : null);
  }

  /**
   * {@code TASK_STATE_INPUT_REQUIRED} and {@code input-required} both read {@code input-required}.
   */
  static String normalize(Object state) {
    if (!(state instanceof String s) || s.isEmpty()) {
      return "submitted";
    }
    String bare = s.startsWith("TASK_STATE_") ? s.substring("TASK_STATE_".length()) : s;
    String out = bare.toLowerCase(Locale.ROOT).replace('_', '-');
    return out.equals("cancelled") ? "canceled" : out;
  }

  private static String lastAgentText(Object history) {
    if (!(history instanceof List<?> list)) {
      return "";
    }
    for (int i = list.size() - 1; i >= 0; i--) {
      if (list.get(i) instanceof Map<?, ?> msg
          && ("agent".equals(msg.get("role")) || "ROLE_AGENT".equals(msg.get("role")))) {
        String s = text(msg.get("parts"));
        if (!s.isEmpty()) {
          return s;
        }
      }
    }
    return "";
  }

  static String text(Object parts) {
    return Wire.text(parts);
  }

  private static String firstUrl(Object parts) {
    if (parts instanceof List<?> list) {
      for (Object p : list) {
        if (p instanceof Map<?, ?> part) {
          if (part.get("url") instanceof String s) {
            return s;
          }
          if (part.get("file") instanceof Map<?, ?> f && f.get("uri") instanceof String s) {
            return s;
          }
        }
      }
    }
    return null;
  }
}
