package dev.toolnexus.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keyword-level rules of the Gemini OpenAPI-subset conversion: type names and inference,
 * formats Gemini defines, numeric bounds, defaults and examples, and small plain-value helpers.
 */
final class GeminiKeywords {
  private GeminiKeywords() {}

  static void numberKeys(Map<String, Object> s, Map<String, Object> out, String type) {
    Object min = s.get("minimum");
    Object max = s.get("maximum");
    if (!(min instanceof Number) && s.get("exclusiveMinimum") instanceof Number ex) {
      min = type.equals("INTEGER") ? integral(Math.floor(ex.doubleValue()) + 1) : ex;
    }
    if (!(max instanceof Number) && s.get("exclusiveMaximum") instanceof Number ex) {
      max = type.equals("INTEGER") ? integral(Math.ceil(ex.doubleValue()) - 1) : ex;
    }
    if (min instanceof Number) {
      out.put("minimum", min);
    }
    if (max instanceof Number) {
      out.put("maximum", max);
    }
  }

  /** A whole number as the smallest boxed type that holds it, as the JSON parser would give. */
  static Number integral(double v) {
    long l = (long) v;
    if (l == (int) l) {
      return Integer.valueOf((int) l);
    }
    return Long.valueOf(l);
  }

  static String geminiType(Object rawType, Map<String, Object> s) {
    if (rawType instanceof String t) {
      return switch (t) {
        case "object" -> "OBJECT";
        case "array" -> "ARRAY";
        case "integer" -> "INTEGER";
        case "number" -> "NUMBER";
        case "boolean" -> "BOOLEAN";
        default -> "STRING";
      };
    }
    String inferred = inferType(s);
    return inferred == null ? "STRING" : inferred;
  }

  /** The type an untyped schema implies by its keywords or enum values; null when nothing does. */
  static String inferType(Map<String, Object> s) {
    if (s.containsKey("properties") || s.containsKey("additionalProperties")) {
      return "OBJECT";
    }
    if (s.containsKey("items") || s.containsKey("prefixItems")) {
      return "ARRAY";
    }
    if (s.containsKey("pattern") || s.containsKey("minLength") || s.containsKey("maxLength")) {
      return "STRING";
    }
    if (s.get("enum") instanceof List<?> values) {
      List<Object> present = values.stream().filter(v -> v != null).map(v -> (Object) v).toList();
      if (!present.isEmpty() && present.stream().allMatch(v -> v instanceof String)) {
        return "STRING";
      }
      if (!present.isEmpty() && present.stream().allMatch(v -> v instanceof Boolean)) {
        return "BOOLEAN";
      }
      if (!present.isEmpty() && present.stream().allMatch(v -> v instanceof Number)) {
        boolean integral =
            present.stream()
                .allMatch(v -> ((Number) v).doubleValue() == Math.rint(((Number) v).doubleValue()));
        return integral ? "INTEGER" : "NUMBER";
      }
    }
    if (s.containsKey("minimum") || s.containsKey("maximum")) {
      return "NUMBER";
    }
    return null;
  }

  static void copyFormat(Map<String, Object> s, Map<String, Object> out, String type) {
    if (!(s.get("format") instanceof String f)) {
      return;
    }
    boolean ok =
        switch (type) {
          case "STRING" -> f.equals("enum") || f.equals("date-time");
          case "NUMBER" -> f.equals("float") || f.equals("double");
          case "INTEGER" -> f.equals("int32") || f.equals("int64");
          default -> false;
        };
    if (ok) {
      out.put("format", f);
    }
  }

  static void copyDefaultAndExample(Map<String, Object> s, Map<String, Object> out) {
    if (s.containsKey("default")) {
      out.put("default", s.get("default"));
    }
    if (s.containsKey("example")) {
      out.put("example", s.get("example"));
    } else if (s.get("examples") instanceof List<?> ex && !ex.isEmpty()) {
      out.put("example", ex.get(0));
    }
  }

  static Map<String, Object> leaf(String type, Map<String, Object> s, String note) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", type);
    String d = join(stringOr(s.get("description")), note);
    if (d != null) {
      out.put("description", d);
    }
    if (type.equals("ARRAY")) {
      out.put("items", Map.of("type", "STRING"));
    }
    return out;
  }

  static boolean isNullSchema(Object v) {
    if (!(v instanceof Map<?, ?> m)) {
      return false;
    }
    if ("null".equals(m.get("type"))) {
      return true;
    }
    return m.containsKey("const") && m.get("const") == null && m.size() == 1;
  }

  static void copyIfString(Map<String, Object> s, Map<String, Object> out, String key) {
    if (s.get(key) instanceof String v) {
      out.put(key, v);
    }
  }

  static void copyIfCount(Map<String, Object> s, Map<String, Object> out, String key) {
    if (s.get(key) instanceof Number n && n.doubleValue() >= 0) {
      out.put(key, n);
    }
  }

  static String join(String a, String b) {
    if (b == null || b.isEmpty()) {
      return a;
    }
    if (a == null || a.isBlank()) {
      return b;
    }
    String trimmed = a.strip();
    boolean sentenceEnds = trimmed.endsWith(".") || trimmed.endsWith("!") || trimmed.endsWith("?");
    return trimmed + (sentenceEnds || b.startsWith("(") ? " " : ". ") + b;
  }

  static String stringOr(Object o) {
    return o instanceof String s ? s : null;
  }

  static Map<String, Object> copyOrEmpty(Object o) {
    return o instanceof Map<?, ?> m ? copy(m) : new LinkedHashMap<>();
  }

  static Map<String, Object> copy(Map<?, ?> m) {
    Map<String, Object> out = new LinkedHashMap<>(Math.max(4, m.size() * 2));
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }
}
