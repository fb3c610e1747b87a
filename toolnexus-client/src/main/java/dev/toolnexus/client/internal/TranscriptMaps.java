package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stable plain-data form of the neutral transcript. Keys: {@code role}, {@code content}; an
 * assistant adds {@code toolCalls [{id,name,arguments}]} and {@code extras}; a tool result carries
 * {@code toolCallId, name, content, isError}, optional {@code parts} and {@code pendingId}.
 */
public final class TranscriptMaps {
  private TranscriptMaps() {}

  /** The plain-data form of one message. */
  public static Map<String, Object> toMap(Message message) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("role", message.role());
    if (message instanceof SystemMessage s) {
      m.put("content", s.content());
    } else if (message instanceof UserMessage u) {
      m.put("content", u.text() != null ? u.text() : Parts.toMaps(u.parts()));
    } else if (message instanceof AssistantMessage a) {
      m.put("content", a.text());
      if (!a.toolCalls().isEmpty()) {
        List<Map<String, Object>> calls = new ArrayList<>();
        for (ToolCall c : a.toolCalls()) {
          Map<String, Object> cm = new LinkedHashMap<>();
          cm.put("id", c.id());
          cm.put("name", c.name());
          cm.put("arguments", c.arguments());
          calls.add(cm);
        }
        m.put("toolCalls", calls);
      }
      if (!a.extras().isEmpty()) {
        m.put("extras", a.extras());
      }
    } else if (message instanceof ToolMessage t) {
      m.put("toolCallId", t.toolCallId());
      m.put("name", t.name());
      m.put("content", t.output());
      m.put("isError", t.isError());
      if (!t.parts().isEmpty()) {
        m.put("parts", Parts.toMaps(t.parts()));
      }
      if (t.pendingId() != null) {
        m.put("pendingId", t.pendingId());
      }
    }
    return m;
  }

  /** Reads a list of messages, naming the index of a bad entry. */
  public static List<Message> fromList(List<?> list) {
    List<Message> out = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      Object o = list.get(i);
      if (!(o instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException("transcript entry " + i + " is not an object");
      }
      try {
        out.add(fromMap(m));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("transcript entry " + i + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** Reads one message; accepts the OpenAI aliases {@code tool_call_id} and {@code tool_calls}. */
  @SuppressWarnings("unchecked")
  public static Message fromMap(Map<?, ?> m) {
    String role = m.get("role") == null ? null : String.valueOf(m.get("role"));
    if (role == null) {
      throw new IllegalArgumentException("message without a \"role\"");
    }
    Object content = m.get("content");
    switch (role) {
      case "system":
      case "developer":
        return new SystemMessage(content == null ? "" : String.valueOf(content));
      case "user":
        if (content instanceof List<?> list) {
          return UserMessage.of(Parts.fromList(list));
        }
        return UserMessage.of(content == null ? "" : String.valueOf(content));
      case "assistant":
        {
          List<ToolCall> calls = new ArrayList<>();
          Object raw = m.containsKey("toolCalls") ? m.get("toolCalls") : m.get("tool_calls");
          if (raw instanceof List<?> list) {
            for (Object o : list) {
              Map<?, ?> c = (Map<?, ?>) o;
              Object fn = c.get("function");
              Map<?, ?> f = fn instanceof Map<?, ?> fm ? fm : c;
              Object args = f.get("arguments");
              calls.add(
                  new ToolCall(
                      String.valueOf(c.get("id")),
                      String.valueOf(f.get("name")),
                      args == null || args instanceof String ? (String) args : Json.write(args)));
            }
          }
          Map<String, Object> extras =
              m.get("extras") instanceof Map<?, ?> e ? (Map<String, Object>) e : Map.of();
          return new AssistantMessage(
              content == null ? "" : String.valueOf(content), calls, extras);
        }
      case "tool":
        {
          Object id = m.containsKey("toolCallId") ? m.get("toolCallId") : m.get("tool_call_id");
          if (id == null) {
            throw new IllegalArgumentException("tool message without a \"toolCallId\"");
          }
          return new ToolMessage(
              String.valueOf(id),
              m.get("name") == null ? "" : String.valueOf(m.get("name")),
              content == null ? "" : String.valueOf(content),
              Boolean.TRUE.equals(m.get("isError")),
              Parts.fromList(m.get("parts")),
              m.get("pendingId") == null ? null : String.valueOf(m.get("pendingId")));
        }
      default:
        throw new IllegalArgumentException("unknown message role \"" + role + "\"");
    }
  }
}
