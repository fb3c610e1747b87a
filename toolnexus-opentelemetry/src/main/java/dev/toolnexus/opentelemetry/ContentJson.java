package dev.toolnexus.opentelemetry;

import dev.toolnexus.Json;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Messages as the GenAI conventions' {@code gen_ai.input.messages} / {@code gen_ai.output.messages}
 * JSON: a list of {@code {role, parts:[...]}} with {@code text}, {@code tool_call} and {@code
 * tool_call_response} parts. Written only when the user opts in to content capture.
 */
final class ContentJson {
  private ContentJson() {}

  static String messages(List<Message> messages) {
    List<Object> out = new ArrayList<>(messages.size());
    for (Message m : messages) {
      out.add(message(m));
    }
    return Json.write(out);
  }

  static Map<String, Object> message(Message m) {
    List<Object> parts = new ArrayList<>();
    String role;
    if (m instanceof Message.SystemMessage s) {
      role = "system";
      parts.add(text(s.content()));
    } else if (m instanceof Message.UserMessage u) {
      role = "user";
      parts.add(text(u.text()));
    } else if (m instanceof Message.AssistantMessage a) {
      role = "assistant";
      if (a.text() != null && !a.text().isEmpty()) {
        parts.add(text(a.text()));
      }
      for (ToolCall c : a.toolCalls()) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("type", "tool_call");
        p.put("id", c.id());
        p.put("name", c.name());
        p.put("arguments", c.arguments());
        parts.add(p);
      }
    } else {
      Message.ToolMessage t = (Message.ToolMessage) m;
      role = "tool";
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("type", "tool_call_response");
      p.put("id", t.toolCallId());
      p.put("response", t.output());
      parts.add(p);
    }
    Map<String, Object> msg = new LinkedHashMap<>();
    msg.put("role", role);
    msg.put("parts", parts);
    return msg;
  }

  private static Map<String, Object> text(String content) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", "text");
    p.put("content", content == null ? "" : content);
    return p;
  }
}
