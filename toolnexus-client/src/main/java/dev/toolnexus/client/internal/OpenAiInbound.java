package dev.toolnexus.client.internal;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.Tools;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an OpenAI chat request into the neutral transcript and declaration-only tools (the inbound
 * half of translate): every codec then renders it natively, so tool calls become tool-use blocks
 * with their arguments parsed back to objects, consecutive tool results become one result-bearing
 * turn, and system/developer messages are hoisted where the style has a separate system field.
 */
public final class OpenAiInbound {
  private OpenAiInbound() {}

  /**
   * The neutral transcript of OpenAI {@code messages}; {@code system} (when not null) replaces the
   * system and developer messages.
   *
   * @throws IllegalArgumentException naming the index of a message it cannot read
   */
  public static List<Message> messages(List<Map<String, Object>> messages, String system) {
    List<String> systems = new ArrayList<>();
    List<Message> rest = new ArrayList<>();
    Map<String, String> callNames = new HashMap<>();
    for (int i = 0; i < messages.size(); i++) {
      Map<String, Object> m = messages.get(i);
      try {
        read(m, systems, rest, callNames);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("messages[" + i + "]: " + e.getMessage(), e);
      }
    }
    List<Message> out = new ArrayList<>(rest.size() + 1);
    String sys = system != null ? system : String.join("\n\n", systems);
    if (!sys.isEmpty()) {
      out.add(new SystemMessage(sys));
    }
    out.addAll(rest);
    return out;
  }

  private static void read(
      Map<String, Object> m,
      List<String> systems,
      List<Message> out,
      Map<String, String> callNames) {
    String role = m.get("role") == null ? null : String.valueOf(m.get("role"));
    if (role == null) {
      throw new IllegalArgumentException("message without a \"role\"");
    }
    Object content = m.get("content");
    switch (role) {
      case "system", "developer" -> {
        String s = text(content);
        if (!s.isEmpty()) {
          systems.add(s);
        }
      }
      case "user" -> {
        List<ContentPart> media = media(content);
        String s = text(content);
        if (media.isEmpty()) {
          out.add(UserMessage.of(s));
        } else {
          List<ContentPart> parts = new ArrayList<>();
          if (!s.isEmpty()) {
            parts.add(new ContentPart.Text(s));
          }
          parts.addAll(media);
          out.add(UserMessage.of(parts));
        }
      }
      case "assistant" -> {
        List<ToolCall> calls = new ArrayList<>();
        Map<String, Object> signatures = new java.util.LinkedHashMap<>();
        if (m.get("tool_calls") instanceof List<?> list) {
          for (Object o : list) {
            if (!(o instanceof Map<?, ?> c) || !(c.get("function") instanceof Map<?, ?> fn)) {
              throw new IllegalArgumentException("a tool call needs a \"function\" object");
            }
            String id = c.get("id") == null ? "" : String.valueOf(c.get("id"));
            String name = String.valueOf(fn.get("name"));
            Object args = fn.get("arguments");
            calls.add(
                new ToolCall(
                    id,
                    name,
                    args == null ? "{}" : args instanceof String s ? s : Json.write(args)));
            callNames.put(id, name);
            String signature = ThoughtSignatures.fromToolCall(c);
            if (signature != null) {
              signatures.put(id, signature);
            }
          }
        }
        String s = text(content);
        if (!s.isEmpty() || !calls.isEmpty()) {
          out.add(new AssistantMessage(s, calls, ThoughtSignatures.extras(signatures)));
        }
      }
      case "tool", "function" -> {
        Object id = m.containsKey("tool_call_id") ? m.get("tool_call_id") : m.get("name");
        if (id == null) {
          throw new IllegalArgumentException("a tool result needs a \"tool_call_id\"");
        }
        String callId = String.valueOf(id);
        String name =
            m.get("name") != null
                ? String.valueOf(m.get("name"))
                : callNames.getOrDefault(callId, "");
        out.add(new ToolMessage(callId, name, text(content), false, List.of(), null));
      }
      default -> throw new IllegalArgumentException("unknown message role \"" + role + "\"");
    }
  }

  /** A content value's text: the string itself, or its text parts concatenated. */
  static String text(Object content) {
    if (content == null) {
      return "";
    }
    if (content instanceof String s) {
      return s;
    }
    if (content instanceof List<?> parts) {
      StringBuilder b = new StringBuilder();
      for (Object p : parts) {
        if (p instanceof Map<?, ?> pm && "text".equals(pm.get("type")) && pm.get("text") != null) {
          b.append(pm.get("text"));
        }
      }
      return b.toString();
    }
    return Json.write(content);
  }

  /** A content array's non-text parts, in order (OpenAI shapes, or the neutral plain-data ones). */
  private static List<ContentPart> media(Object content) {
    if (!(content instanceof List<?> parts)) {
      return List.of();
    }
    List<ContentPart> out = new ArrayList<>();
    for (Object p : parts) {
      if (!(p instanceof Map<?, ?> pm) || "text".equals(pm.get("type"))) {
        continue;
      }
      out.add(part(pm));
    }
    return out;
  }

  private static ContentPart part(Map<?, ?> p) {
    String type = String.valueOf(p.get("type"));
    switch (type) {
      case "image_url" -> {
        Object iu = p.get("image_url");
        String url = iu instanceof Map<?, ?> m ? str(m.get("url")) : str(iu);
        if (url == null) {
          throw new IllegalArgumentException("an image_url part needs image_url.url");
        }
        String[] data = dataUrl(url);
        if (data != null) {
          return new ContentPart.Image(data[0], data[1], null);
        }
        String mime =
            dev.toolnexus.MediaTypes.forFileName(url.replaceAll("[?#].*$", ""))
                .map(dev.toolnexus.MediaTypes.Media::mimeType)
                .orElse("image/*");
        return new ContentPart.Image(mime, null, url);
      }
      case "input_audio" -> {
        if (!(p.get("input_audio") instanceof Map<?, ?> a) || a.get("data") == null) {
          throw new IllegalArgumentException("an input_audio part needs input_audio.data");
        }
        String format = a.get("format") == null ? "wav" : String.valueOf(a.get("format"));
        return new ContentPart.Audio(
            "audio/" + ("mp3".equals(format) ? "mpeg" : format), str(a.get("data")), null);
      }
      case "file" -> {
        if (!(p.get("file") instanceof Map<?, ?> f)) {
          throw new IllegalArgumentException("a file part needs a \"file\" object");
        }
        String[] data = f.get("file_data") == null ? null : dataUrl(str(f.get("file_data")));
        if (data == null) {
          throw new IllegalArgumentException(
              "a file part needs file.file_data as a data: URL (file ids cannot be translated)");
        }
        return new ContentPart.FileData(data[0], data[1], null, str(f.get("filename")));
      }
      default -> {
        return Parts.fromMap(p);
      }
    }
  }

  /** {mime, base64} of a {@code data:<mime>;base64,<b64>} URL, else null. */
  private static String[] dataUrl(String url) {
    if (url == null || !url.startsWith("data:")) {
      return null;
    }
    int semi = url.indexOf(";base64,");
    if (semi < 0) {
      return null;
    }
    return new String[] {url.substring(5, semi), url.substring(semi + 8)};
  }

  private static String str(Object o) {
    return o == null ? null : String.valueOf(o);
  }

  /**
   * Declaration-only tools for OpenAI {@code tools} entries ({@code {type:function,function:{name,
   * description, parameters}}}, or a bare {@code {name, description, parameters|input_schema}}):
   * executing one is an error, and translate never does.
   *
   * @throws IllegalArgumentException naming the index of an entry it cannot read
   */
  public static List<Tool> tools(List<Map<String, Object>> tools) {
    List<Tool> out = new ArrayList<>(tools.size());
    for (int i = 0; i < tools.size(); i++) {
      Map<String, Object> t = tools.get(i);
      Map<?, ?> fn = t.get("function") instanceof Map<?, ?> f ? f : t;
      Object name = fn.get("name");
      if (name == null) {
        throw new IllegalArgumentException("tools[" + i + "] has no function name");
      }
      Object params = fn.get("parameters") != null ? fn.get("parameters") : fn.get("input_schema");
      Map<String, Object> schema = new LinkedHashMap<>();
      if (params instanceof Map<?, ?> pm) {
        pm.forEach((k, v) -> schema.put(String.valueOf(k), v));
      } else {
        schema.put("type", "object");
        schema.put("properties", Map.of());
      }
      String n = String.valueOf(name);
      out.add(
          Tools.define(
              n,
              fn.get("description") == null ? "" : String.valueOf(fn.get("description")),
              schema,
              (args, ctx) -> {
                throw new IllegalStateException(
                    "tool " + n + " is declared for translate only and never runs");
              }));
    }
    return out;
  }
}
