package dev.toolnexus.internal;

import dev.toolnexus.Json;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Converts a JSON Schema into the OpenAPI subset Gemini's {@code Schema} object documents (see
 * {@link dev.toolnexus.GeminiSchemas#DOCUMENTED_KEYS}). One instance per root schema: it keeps the
 * stack of {@code $ref}s being expanded, which is the cycle guard.
 */
public final class GeminiOpenApiConverter {
  private static final int MAX_DEPTH = 48;
  private static final String RECURSIVE_NOTE = "(recursive; deeper levels are not described)";

  private final Map<String, Object> root;
  private final Deque<String> expanding = new ArrayDeque<>();

  private GeminiOpenApiConverter(Map<String, Object> root) {
    this.root = root;
  }

  /** The converted function-parameters schema: always an {@code OBJECT} at the root. */
  public static Map<String, Object> convertRoot(Map<String, ?> schema) {
    Map<String, Object> src = copy(schema);
    GeminiOpenApiConverter c = new GeminiOpenApiConverter(src);
    Map<String, Object> out = c.convert(src, 0);
    if ("OBJECT".equals(out.get("type"))) {
      return out;
    }
    return c.objectFromVariants(out);
  }

  private Map<String, Object> convert(Object node, int depth) {
    Map<String, Object> s = node instanceof Map<?, ?> m ? copy(m) : new LinkedHashMap<>();
    if (depth > MAX_DEPTH) {
      return leaf("STRING", s, "(nesting too deep to describe)");
    }
    if (s.get("$ref") instanceof String ref) {
      return expandRef(ref, s, depth);
    }
    if (s.get("allOf") instanceof List<?> all) {
      s.remove("allOf");
      for (Object sub : all) {
        mergeInto(s, resolveShallow(sub));
      }
      return convert(s, depth + 1);
    }
    if (!s.containsKey("anyOf") && s.get("oneOf") instanceof List<?> one) {
      s.put("anyOf", one);
    }
    if (s.get("anyOf") instanceof List<?> any) {
      return convertAnyOf(s, any, depth);
    }
    boolean nullable = Boolean.TRUE.equals(s.get("nullable"));
    Object rawType = s.get("type");
    if (rawType instanceof List<?> types) {
      List<String> named = new ArrayList<>();
      for (Object t : types) {
        if ("null".equals(t)) {
          nullable = true;
        } else if (t instanceof String str && !named.contains(str)) {
          named.add(str);
        }
      }
      if (named.size() > 1) {
        List<Object> variants = new ArrayList<>();
        for (String t : named) {
          Map<String, Object> v = new LinkedHashMap<>(s);
          v.put("type", t);
          v.remove("description");
          v.remove("title");
          variants.add(v);
        }
        Map<String, Object> u = new LinkedHashMap<>();
        copyIfString(s, u, "title");
        copyIfString(s, u, "description");
        u.put("anyOf", variants);
        u.put("nullable", nullable);
        return convert(u, depth);
      }
      rawType = named.isEmpty() ? null : named.get(0);
    } else if ("null".equals(rawType)) {
      nullable = true;
      rawType = null;
    }
    if (!s.containsKey("enum") && s.containsKey("const")) {
      List<Object> one = new ArrayList<>();
      one.add(s.get("const"));
      s.put("enum", one);
    }
    List<String> enumValues = null;
    String enumNote = null;
    if (s.get("enum") instanceof List<?> values) {
      List<String> strings = new ArrayList<>();
      boolean allStrings = true;
      for (Object v : values) {
        if (v == null) {
          nullable = true;
        } else if (v instanceof String str) {
          strings.add(str);
        } else {
          allStrings = false;
        }
      }
      if (allStrings && !strings.isEmpty()) {
        enumValues = strings;
      } else if (!values.isEmpty()) {
        List<Object> shown = new ArrayList<>(values);
        shown.remove(null);
        StringBuilder allowed = new StringBuilder("Allowed values: ");
        for (int i = 0; i < shown.size(); i++) {
          allowed.append(i == 0 ? "" : ", ").append(Json.write(shown.get(i)));
        }
        enumNote = allowed.append('.').toString();
      }
    }
    boolean untyped = rawType == null && inferType(s) == null;
    String type = geminiType(rawType, s);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", type);
    copyFormat(s, out, type);
    copyIfString(s, out, "title");
    String description = s.get("description") instanceof String d ? d : null;
    if (untyped) {
      description = join(description, "(any JSON value, written as text)");
    }
    description = join(description, enumNote);
    if (description != null) {
      out.put("description", description);
    }
    if (nullable) {
      out.put("nullable", true);
    }
    if (enumValues != null) {
      out.put("enum", enumValues);
    }
    switch (type) {
      case "OBJECT" -> objectKeys(s, out, depth);
      case "ARRAY" -> arrayKeys(s, out, depth);
      case "STRING" -> {
        copyIfCount(s, out, "minLength");
        copyIfCount(s, out, "maxLength");
        copyIfString(s, out, "pattern");
      }
      case "NUMBER", "INTEGER" -> numberKeys(s, out, type);
      default -> {}
    }
    copyDefaultAndExample(s, out);
    return out;
  }

  private Map<String, Object> expandRef(String ref, Map<String, Object> s, int depth) {
    s.remove("$ref");
    Object target = resolve(ref);
    if (target == null) {
      Map<String, Object> out = convert(s, depth + 1);
      out.put("description", join(stringOr(out.get("description")), "(see " + ref + ")"));
      return out;
    }
    if (expanding.contains(ref)) {
      Map<String, Object> t = target instanceof Map<?, ?> m ? copy(m) : new LinkedHashMap<>();
      String type = geminiType(t.get("type"), t);
      String d = s.get("description") instanceof String sd ? sd : stringOr(t.get("description"));
      return leaf(type, new LinkedHashMap<>(), join(d, RECURSIVE_NOTE));
    }
    Map<String, Object> merged = target instanceof Map<?, ?> m ? copy(m) : new LinkedHashMap<>();
    merged.putAll(s);
    expanding.push(ref);
    try {
      return convert(merged, depth + 1);
    } finally {
      expanding.pop();
    }
  }

  private Map<String, Object> convertAnyOf(Map<String, Object> s, List<?> any, int depth) {
    s.remove("anyOf");
    s.remove("oneOf");
    boolean nullable = Boolean.TRUE.equals(s.get("nullable"));
    List<Object> variants = new ArrayList<>();
    for (Object v : any) {
      if (isNullSchema(v)) {
        nullable = true;
      } else {
        variants.add(v);
      }
    }
    if (variants.size() == 1) {
      Map<String, Object> merged = copyOrEmpty(variants.get(0));
      Map<String, Object> parent = new LinkedHashMap<>(s);
      parent.remove("nullable");
      if (merged.containsKey("$ref")) {
        merged.putAll(parent);
      } else {
        mergeInto(parent, merged);
        merged = parent;
      }
      Map<String, Object> out = convert(merged, depth + 1);
      if (nullable) {
        out.put("nullable", true);
      }
      return out;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    if (variants.isEmpty()) {
      out.putAll(convert(new LinkedHashMap<>(Map.of("type", "string")), depth + 1));
    } else {
      copyIfString(s, out, "title");
      copyIfString(s, out, "description");
      List<Object> converted = new ArrayList<>(variants.size());
      for (Object v : variants) {
        converted.add(convert(v, depth + 1));
      }
      out.put("anyOf", converted);
    }
    if (nullable) {
      out.put("nullable", true);
    }
    copyDefaultAndExample(s, out);
    return out;
  }

  private void objectKeys(Map<String, Object> s, Map<String, Object> out, int depth) {
    Map<String, Object> props = new LinkedHashMap<>();
    if (s.get("properties") instanceof Map<?, ?> p) {
      for (Map.Entry<?, ?> e : p.entrySet()) {
        props.put(String.valueOf(e.getKey()), convert(e.getValue(), depth + 1));
      }
    }
    if (!props.isEmpty()) {
      out.put("properties", props);
    }
    if (s.get("required") instanceof List<?> req) {
      Set<String> kept = new LinkedHashSet<>();
      for (Object r : req) {
        if (r instanceof String name && props.containsKey(name)) {
          kept.add(name);
        }
      }
      if (!kept.isEmpty()) {
        out.put("required", new ArrayList<>(kept));
      }
    }
    if (s.get("propertyOrdering") instanceof List<?> order
        && order.stream().allMatch(o -> o instanceof String && props.containsKey(o))) {
      out.put("propertyOrdering", new ArrayList<>(order));
    }
    copyIfCount(s, out, "minProperties");
    copyIfCount(s, out, "maxProperties");
  }

  private void arrayKeys(Map<String, Object> s, Map<String, Object> out, int depth) {
    Object items = s.get("items");
    if (items instanceof List<?> tuple) {
      items = tuple.size() == 1 ? tuple.get(0) : Map.of("anyOf", tuple);
    } else if (items == null && s.get("prefixItems") instanceof List<?> prefix) {
      items = prefix.size() == 1 ? prefix.get(0) : Map.of("anyOf", prefix);
    }
    if (items instanceof Map<?, ?> || Boolean.TRUE.equals(items)) {
      out.put("items", convert(items, depth + 1));
    } else {
      out.put("items", leaf("STRING", new LinkedHashMap<>(), null));
    }
    copyIfCount(s, out, "minItems");
    copyIfCount(s, out, "maxItems");
  }

  private static void numberKeys(Map<String, Object> s, Map<String, Object> out, String type) {
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
  private static Number integral(double v) {
    long l = (long) v;
    if (l == (int) l) {
      return Integer.valueOf((int) l);
    }
    return Long.valueOf(l);
  }

  /** A root that is not an object (e.g. a union of objects): the union of the variants' keys. */
  private Map<String, Object> objectFromVariants(Map<String, Object> converted) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", "OBJECT");
    copyIfString(converted, out, "description");
    Map<String, Object> props = new LinkedHashMap<>();
    Set<String> required = null;
    if (converted.get("anyOf") instanceof List<?> variants) {
      for (Object v : variants) {
        if (v instanceof Map<?, ?> m && "OBJECT".equals(m.get("type"))) {
          if (m.get("properties") instanceof Map<?, ?> p) {
            p.forEach((k, val) -> props.putIfAbsent(String.valueOf(k), val));
          }
          Set<String> req = new LinkedHashSet<>();
          if (m.get("required") instanceof List<?> r) {
            r.forEach(x -> req.add(String.valueOf(x)));
          }
          if (required == null) {
            required = req;
          } else {
            required.retainAll(req);
          }
        }
      }
    }
    if (!props.isEmpty()) {
      out.put("properties", props);
    }
    if (required != null && !required.isEmpty()) {
      out.put("required", new ArrayList<>(required));
    }
    return out;
  }

  private Object resolve(String ref) {
    if (!ref.startsWith("#")) {
      return null;
    }
    Object cur = root;
    if (ref.length() <= 2) {
      return cur;
    }
    if (!ref.startsWith("#/")) {
      return null;
    }
    for (String raw : ref.substring(2).split("/", -1)) {
      String key = raw.replace("~1", "/").replace("~0", "~");
      if (cur instanceof Map<?, ?> m && m.containsKey(key)) {
        cur = m.get(key);
      } else if (cur instanceof List<?> l
          && key.matches("\\d+")
          && Integer.parseInt(key) < l.size()) {
        cur = l.get(Integer.parseInt(key));
      } else {
        return null;
      }
    }
    return cur;
  }

  /** One level of {@code $ref} resolution for {@code allOf} members, skipping cycles. */
  private Map<String, Object> resolveShallow(Object sub) {
    Map<String, Object> m = copyOrEmpty(sub);
    if (m.get("$ref") instanceof String ref && !expanding.contains(ref)) {
      Object target = resolve(ref);
      if (target instanceof Map<?, ?> t) {
        m.remove("$ref");
        Map<String, Object> merged = copy(t);
        merged.putAll(m);
        return merged;
      }
    }
    return m;
  }

  private static void mergeInto(Map<String, Object> into, Map<String, Object> from) {
    for (Map.Entry<String, Object> e : from.entrySet()) {
      String k = e.getKey();
      Object v = e.getValue();
      if (k.equals("properties") && v instanceof Map<?, ?> p) {
        Map<String, Object> props = copyOrEmpty(into.get("properties"));
        p.forEach((pk, pv) -> props.putIfAbsent(String.valueOf(pk), pv));
        into.put("properties", props);
      } else if (k.equals("required") && v instanceof List<?> r) {
        Set<Object> req = new LinkedHashSet<>();
        if (into.get("required") instanceof List<?> existing) {
          req.addAll(existing);
        }
        req.addAll(r);
        into.put("required", new ArrayList<>(req));
      } else {
        into.putIfAbsent(k, v);
      }
    }
  }

  private static String geminiType(Object rawType, Map<String, Object> s) {
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
  private static String inferType(Map<String, Object> s) {
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

  private static void copyFormat(Map<String, Object> s, Map<String, Object> out, String type) {
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

  private static void copyDefaultAndExample(Map<String, Object> s, Map<String, Object> out) {
    if (s.containsKey("default")) {
      out.put("default", s.get("default"));
    }
    if (s.containsKey("example")) {
      out.put("example", s.get("example"));
    } else if (s.get("examples") instanceof List<?> ex && !ex.isEmpty()) {
      out.put("example", ex.get(0));
    }
  }

  private static Map<String, Object> leaf(String type, Map<String, Object> s, String note) {
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

  private static boolean isNullSchema(Object v) {
    if (!(v instanceof Map<?, ?> m)) {
      return false;
    }
    if ("null".equals(m.get("type"))) {
      return true;
    }
    return m.containsKey("const") && m.get("const") == null && m.size() == 1;
  }

  private static void copyIfString(Map<String, Object> s, Map<String, Object> out, String key) {
    if (s.get(key) instanceof String v) {
      out.put(key, v);
    }
  }

  private static void copyIfCount(Map<String, Object> s, Map<String, Object> out, String key) {
    if (s.get(key) instanceof Number n && n.doubleValue() >= 0) {
      out.put(key, n);
    }
  }

  private static String join(String a, String b) {
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

  private static String stringOr(Object o) {
    return o instanceof String s ? s : null;
  }

  private static Map<String, Object> copyOrEmpty(Object o) {
    return o instanceof Map<?, ?> m ? copy(m) : new LinkedHashMap<>();
  }

  private static Map<String, Object> copy(Map<?, ?> m) {
    Map<String, Object> out = new LinkedHashMap<>(Math.max(4, m.size() * 2));
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }
}
