package dev.toolnexus.internal;

import static dev.toolnexus.internal.GeminiKeywords.copy;
import static dev.toolnexus.internal.GeminiKeywords.copyDefaultAndExample;
import static dev.toolnexus.internal.GeminiKeywords.copyFormat;
import static dev.toolnexus.internal.GeminiKeywords.copyIfCount;
import static dev.toolnexus.internal.GeminiKeywords.copyIfString;
import static dev.toolnexus.internal.GeminiKeywords.copyOrEmpty;
import static dev.toolnexus.internal.GeminiKeywords.geminiType;
import static dev.toolnexus.internal.GeminiKeywords.inferType;
import static dev.toolnexus.internal.GeminiKeywords.isNullSchema;
import static dev.toolnexus.internal.GeminiKeywords.join;
import static dev.toolnexus.internal.GeminiKeywords.leaf;
import static dev.toolnexus.internal.GeminiKeywords.numberKeys;
import static dev.toolnexus.internal.GeminiKeywords.stringOr;

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
    } else if (s.get("additionalProperties") instanceof Map<?, ?> values
        && values.get("type") instanceof String valueType) {
      // Gemini has no additionalProperties: say in words what the map holds
      String article =
          "aeiou".indexOf(valueType.isEmpty() ? 'x' : valueType.charAt(0)) >= 0 ? "an" : "a";
      String note = "(an object mapping any key to " + article + " " + valueType + " value)";
      out.put("description", join(stringOr(out.get("description")), note));
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
}
