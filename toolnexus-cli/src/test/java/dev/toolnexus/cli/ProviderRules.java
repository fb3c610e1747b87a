package dev.toolnexus.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The request rules of each provider that a body must keep to be accepted, derived from the
 * providers' published request schemas and SDK types: openai/openai-openapi (Chat Completions
 * {@code ChatCompletionRequestMessage*}: image URLs are http(s) or data URLs of PNG, JPEG, WEBP or
 * GIF; {@code input_audio.format} is wav or mp3; {@code file.file_data} is a PDF; tool messages
 * carry text only), anthropic-sdk-python ({@code MessageParam}: non-empty content, non-empty text
 * blocks, image {@code media_type} in jpeg/png/gif/webp, document sources base64 or URL PDF or
 * {@code text/plain} text, http(s) URLs) and googleapis/python-genai ({@code Content}: at least one
 * part, one data field per part, {@code fileUri} http(s) or {@code gs://}, inline images in
 * png/jpeg/webp/heic/heif, a {@code Tool} declares functions). Each method returns the violations,
 * empty when the body keeps every rule.
 */
final class ProviderRules {
  private ProviderRules() {}

  private static final Set<String> OPENAI_IMAGE_DATA =
      Set.of("image/png", "image/jpeg", "image/webp", "image/gif");
  private static final Set<String> ANTHROPIC_IMAGES =
      Set.of("image/jpeg", "image/png", "image/gif", "image/webp");
  private static final Set<String> GEMINI_IMAGES =
      Set.of("image/png", "image/jpeg", "image/webp", "image/heic", "image/heif");

  static List<String> violations(String style, Map<String, Object> body) {
    List<String> out = new ArrayList<>();
    switch (style) {
      case "openai" -> openai(body, out);
      case "anthropic" -> anthropic(body, out);
      case "gemini" -> gemini(body, out);
      default -> throw new IllegalArgumentException(style);
    }
    return out;
  }

  private static boolean http(Object url) {
    return url instanceof String u && (u.startsWith("https://") || u.startsWith("http://"));
  }

  private static List<Map<?, ?>> maps(Object o, String where, List<String> out) {
    List<Map<?, ?>> list = new ArrayList<>();
    if (!(o instanceof List<?> l)) {
      out.add(where + ": not an array");
      return list;
    }
    for (Object e : l) {
      if (e instanceof Map<?, ?> m) {
        list.add(m);
      } else {
        out.add(where + ": element is not an object");
      }
    }
    return list;
  }

  private static void openai(Map<String, Object> body, List<String> out) {
    if (body.containsKey("max_tokens")) {
      out.add("max_tokens is deprecated and refused by reasoning models");
    }
    Set<String> openCalls = new HashSet<>();
    List<Map<?, ?>> messages = maps(body.get("messages"), "messages", out);
    for (int i = 0; i < messages.size(); i++) {
      Map<?, ?> m = messages.get(i);
      String where = "messages[" + i + "]";
      Object content = m.get("content");
      switch (String.valueOf(m.get("role"))) {
        case "system", "user" -> {
          if (content instanceof List<?>) {
            for (Map<?, ?> part : maps(content, where + ".content", out)) {
              openaiPart(part, where, out);
            }
          } else if (!(content instanceof String)) {
            out.add(where + ": content must be a string or parts");
          }
        }
        case "assistant" -> {
          boolean calls = m.get("tool_calls") instanceof List<?> l && !l.isEmpty();
          if (!calls && !(content instanceof String s && !s.isEmpty())) {
            out.add(where + ": assistant message with neither content nor tool_calls");
          }
          if (calls) {
            for (Map<?, ?> c : maps(m.get("tool_calls"), where + ".tool_calls", out)) {
              openCalls.add(String.valueOf(c.get("id")));
            }
          }
        }
        case "tool" -> {
          if (!openCalls.contains(String.valueOf(m.get("tool_call_id")))) {
            out.add(where + ": tool message answers no preceding tool call");
          }
          if (content instanceof List<?>) {
            for (Map<?, ?> part : maps(content, where + ".content", out)) {
              if (!"text".equals(part.get("type"))) {
                out.add(where + ": a tool message carries text parts only");
              }
            }
          } else if (!(content instanceof String)) {
            out.add(where + ": tool content must be a string or text parts");
          }
        }
        default -> out.add(where + ": unknown role " + m.get("role"));
      }
    }
  }

  private static void openaiPart(Map<?, ?> part, String where, List<String> out) {
    switch (String.valueOf(part.get("type"))) {
      case "text" -> {
        if (!(part.get("text") instanceof String)) {
          out.add(where + ": text part without text");
        }
      }
      case "image_url" -> {
        Object url = part.get("image_url") instanceof Map<?, ?> iu ? iu.get("url") : null;
        String u = String.valueOf(url);
        boolean data =
            u.startsWith("data:")
                && u.contains(";base64,")
                && OPENAI_IMAGE_DATA.contains(u.substring(5, u.indexOf(";base64,")));
        if (!http(url) && !data) {
          out.add(where + ": image_url is neither http(s) nor a png/jpeg/webp/gif data URL");
        }
      }
      case "input_audio" -> {
        Object fmt = part.get("input_audio") instanceof Map<?, ?> a ? a.get("format") : null;
        if (!"wav".equals(fmt) && !"mp3".equals(fmt)) {
          out.add(where + ": input_audio format " + fmt + " is not wav or mp3");
        }
      }
      case "file" -> {
        Object data = part.get("file") instanceof Map<?, ?> f ? f.get("file_data") : null;
        if (!String.valueOf(data).startsWith("data:application/pdf;base64,")) {
          out.add(where + ": file_data is not a PDF data URL");
        }
      }
      default -> out.add(where + ": unknown part type " + part.get("type"));
    }
  }

  private static void anthropic(Map<String, Object> body, List<String> out) {
    Set<String> openCalls = new HashSet<>();
    List<Map<?, ?>> messages = maps(body.get("messages"), "messages", out);
    for (int i = 0; i < messages.size(); i++) {
      Map<?, ?> m = messages.get(i);
      String where = "messages[" + i + "]";
      if (!"user".equals(m.get("role")) && !"assistant".equals(m.get("role"))) {
        out.add(where + ": role must be user or assistant");
      }
      Object content = m.get("content");
      if (content instanceof String s) {
        if (s.isEmpty()) {
          out.add(where + ": empty content");
        }
        continue;
      }
      List<Map<?, ?>> blocks = maps(content, where + ".content", out);
      if (blocks.isEmpty()) {
        out.add(where + ": empty content");
      }
      for (Map<?, ?> b : blocks) {
        String type = String.valueOf(b.get("type"));
        if (type.equals("tool_use")) {
          openCalls.add(String.valueOf(b.get("id")));
        } else if (type.equals("tool_result")) {
          if (!openCalls.contains(String.valueOf(b.get("tool_use_id")))) {
            out.add(where + ": tool_result answers no preceding tool_use");
          }
          Object c = b.get("content");
          if (c instanceof String s && s.isEmpty()) {
            out.add(where + ": tool_result with empty string content");
          } else if (c instanceof List<?>) {
            for (Map<?, ?> inner : maps(c, where + ".tool_result", out)) {
              anthropicBlock(inner, where + ".tool_result", out);
            }
          }
        } else if (!type.equals("thinking") && !type.equals("redacted_thinking")) {
          anthropicBlock(b, where, out);
        }
      }
    }
  }

  private static void anthropicBlock(Map<?, ?> b, String where, List<String> out) {
    Map<?, ?> source = b.get("source") instanceof Map<?, ?> s ? s : Map.of();
    switch (String.valueOf(b.get("type"))) {
      case "text" -> {
        if (!(b.get("text") instanceof String t) || t.isEmpty()) {
          out.add(where + ": text blocks must be non-empty");
        }
      }
      case "image" -> {
        if ("base64".equals(source.get("type"))) {
          if (!ANTHROPIC_IMAGES.contains(String.valueOf(source.get("media_type")))) {
            out.add(where + ": image media_type " + source.get("media_type") + " not accepted");
          }
        } else if (!"url".equals(source.get("type")) || !http(source.get("url"))) {
          out.add(where + ": image source is neither base64 nor an http(s) url");
        }
      }
      case "document" -> {
        String kind = String.valueOf(source.get("type"));
        boolean ok =
            switch (kind) {
              case "base64" -> "application/pdf".equals(source.get("media_type"));
              case "text" ->
                  "text/plain".equals(source.get("media_type"))
                      && source.get("data") instanceof String;
              case "url" -> http(source.get("url"));
              default -> false;
            };
        if (!ok) {
          out.add(where + ": document source " + source + " is not a PDF, plain text or URL");
        }
      }
      default -> out.add(where + ": block type " + b.get("type") + " not accepted here");
    }
  }

  private static final Set<String> GEMINI_DATA =
      Set.of("text", "inlineData", "fileData", "functionCall", "functionResponse");

  private static void gemini(Map<String, Object> body, List<String> out) {
    if (body.containsKey("tools")) {
      for (Map<?, ?> t : maps(body.get("tools"), "tools", out)) {
        if (t.get("functionDeclarations") instanceof List<?> l && l.isEmpty()) {
          out.add("tools: a tool with no function declarations");
        }
      }
    } else if (body.containsKey("toolConfig")) {
      out.add("toolConfig without tools");
    }
    List<Map<?, ?>> contents = maps(body.get("contents"), "contents", out);
    for (int i = 0; i < contents.size(); i++) {
      Map<?, ?> c = contents.get(i);
      String where = "contents[" + i + "]";
      if (!"user".equals(c.get("role")) && !"model".equals(c.get("role"))) {
        out.add(where + ": role must be user or model");
      }
      List<Map<?, ?>> parts = maps(c.get("parts"), where + ".parts", out);
      if (parts.isEmpty()) {
        out.add(where + ": a content needs at least one part");
      }
      for (Map<?, ?> p : parts) {
        long data = p.keySet().stream().filter(GEMINI_DATA::contains).count();
        if (data != 1) {
          out.add(where + ": a part holds exactly one data field, got " + p.keySet());
        }
        if (p.get("inlineData") instanceof Map<?, ?> blob) {
          String mime = String.valueOf(blob.get("mimeType"));
          boolean ok =
              mime.startsWith("image/")
                  ? GEMINI_IMAGES.contains(mime)
                  : mime.startsWith("audio/")
                      || mime.startsWith("video/")
                      || mime.startsWith("text/")
                      || mime.equals("application/pdf");
          if (!ok) {
            out.add(where + ": inlineData mimeType " + mime + " not accepted");
          }
        }
        if (p.get("fileData") instanceof Map<?, ?> file) {
          Object uri = file.get("fileUri");
          if (!http(uri) && !String.valueOf(uri).startsWith("gs://")) {
            out.add(where + ": fileUri " + uri + " is neither http(s) nor gs://");
          }
        }
        if (p.get("functionResponse") instanceof Map<?, ?> fr
            && !(fr.get("response") instanceof Map<?, ?>)) {
          out.add(where + ": functionResponse.response must be an object");
        }
      }
    }
  }
}
