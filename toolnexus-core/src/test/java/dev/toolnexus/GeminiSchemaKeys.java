package dev.toolnexus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Test helper: every problem Gemini's {@code Schema} object would have with a converted schema. */
final class GeminiSchemaKeys {
  private GeminiSchemaKeys() {}

  /** Problems found below {@code path}; empty when the schema holds only documented keys. */
  static List<String> problems(Object schema, String path) {
    List<String> out = new ArrayList<>();
    walk(schema, path, out);
    return out;
  }

  private static void walk(Object node, String path, List<String> out) {
    if (!(node instanceof Map<?, ?> m)) {
      out.add(path + ": not an object");
      return;
    }
    for (Object k : m.keySet()) {
      if (!GeminiSchemas.DOCUMENTED_KEYS.contains(String.valueOf(k))) {
        out.add(path + ": undocumented key " + k);
      }
    }
    Object type = m.get("type");
    if (type == null && !m.containsKey("anyOf")) {
      out.add(path + ": no type");
    }
    if (type != null && !GeminiSchemas.TYPES.contains(String.valueOf(type))) {
      out.add(path + ": type " + type);
    }
    if ("ARRAY".equals(type) && !m.containsKey("items")) {
      out.add(path + ": ARRAY without items");
    }
    if (m.get("enum") instanceof List<?> e && !e.stream().allMatch(v -> v instanceof String)) {
      out.add(path + ": enum of non-strings " + e);
    }
    if (m.get("required") instanceof List<?> req) {
      Map<?, ?> props = m.get("properties") instanceof Map<?, ?> p ? p : Map.of();
      for (Object r : req) {
        if (!props.containsKey(r)) {
          out.add(path + ": required " + r + " is not a property");
        }
      }
    }
    if (m.get("properties") instanceof Map<?, ?> props) {
      props.forEach((k, v) -> walk(v, path + ".properties." + k, out));
    }
    if (m.containsKey("items")) {
      walk(m.get("items"), path + ".items", out);
    }
    if (m.get("anyOf") instanceof List<?> any) {
      for (int i = 0; i < any.size(); i++) {
        walk(any.get(i), path + ".anyOf[" + i + "]", out);
      }
    }
  }
}
