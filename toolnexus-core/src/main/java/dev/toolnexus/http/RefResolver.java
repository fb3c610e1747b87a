package dev.toolnexus.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves local {@code $ref}s ({@code #/components/...}) in an OpenAPI document and inlines them
 * into self-contained JSON Schemas. A reference back into a schema that is still being expanded (a
 * cycle) is cut to a stub naming it, and a per-schema budget bounds the expansion of large graphs.
 */
final class RefResolver {
  /** How many references one schema may expand before the rest become stubs. */
  static final int EXPANSION_BUDGET = 2000;

  private static final int MAX_DEPTH = 48;

  /** OpenAPI-only keywords that mean nothing to a JSON-Schema consumer. */
  private static final Set<String> DROPPED = Set.of("xml", "externalDocs", "discriminator");

  /** Keywords whose values are data, copied as they are. */
  private static final Set<String> VERBATIM =
      Set.of("example", "examples", "enum", "default", "const");

  /** Keywords whose values map names (not keywords) to schemas. */
  private static final Set<String> NAMED =
      Set.of("properties", "patternProperties", "$defs", "definitions", "dependentSchemas");

  private final Map<String, Object> root;

  RefResolver(Map<String, Object> root) {
    this.root = root;
  }

  /** A {@code $ref} this resolver cannot follow. */
  static final class UnresolvableRef extends Exception {
    private static final long serialVersionUID = 1L;

    UnresolvableRef(String ref, String why) {
      super("cannot resolve $ref \"" + ref + "\": " + why);
    }
  }

  /** The object a node stands for: the node itself, or its {@code $ref} chain followed. */
  Map<String, Object> deref(Object node) throws UnresolvableRef {
    Set<String> seen = new HashSet<>();
    Object current = node;
    while (current instanceof Map<?, ?> m && m.get("$ref") instanceof String ref) {
      if (!seen.add(ref)) {
        throw new UnresolvableRef(ref, "it refers to itself");
      }
      current = lookup(ref);
    }
    return asObject(current);
  }

  /** The target of a local reference. */
  Object lookup(String ref) throws UnresolvableRef {
    if (!ref.startsWith("#")) {
      throw new UnresolvableRef(
          ref, "only references within the same document (#/...) are supported");
    }
    String pointer = ref.substring(1);
    if (pointer.isEmpty()) {
      return root;
    }
    if (!pointer.startsWith("/")) {
      throw new UnresolvableRef(ref, "not a JSON pointer");
    }
    Object current = root;
    for (String raw : pointer.substring(1).split("/", -1)) {
      String token = decode(raw);
      if (current instanceof Map<?, ?> m && m.containsKey(token)) {
        current = m.get(token);
      } else if (current instanceof List<?> l
          && token.matches("\\d+")
          && Integer.parseInt(token) < l.size()) {
        current = l.get(Integer.parseInt(token));
      } else {
        throw new UnresolvableRef(ref, "\"" + token + "\" does not exist");
      }
    }
    return current;
  }

  /** A deep copy of a schema with every {@code $ref} inlined. */
  Map<String, Object> inline(Object schema) throws UnresolvableRef {
    Object out = new Expansion().inline(schema, 0);
    return asObject(out);
  }

  private static Map<String, Object> asObject(Object node) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (node instanceof Map<?, ?> m) {
      m.forEach((k, v) -> out.put(String.valueOf(k), v));
    }
    return out;
  }

  private static String decode(String token) {
    String unescaped = token.replace("~1", "/").replace("~0", "~");
    if (!unescaped.contains("%")) {
      return unescaped;
    }
    return URLDecoder.decode(unescaped.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  /** One schema's expansion: the stack of references being expanded and the budget left. */
  private final class Expansion {
    private final Deque<String> stack = new ArrayDeque<>();
    private int budget = EXPANSION_BUDGET;

    Object inline(Object node, int depth) throws UnresolvableRef {
      if (node instanceof Map<?, ?> m) {
        if (m.get("$ref") instanceof String ref) {
          return expandRef(ref, m, depth);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
          String key = String.valueOf(e.getKey());
          Object value = e.getValue();
          if (DROPPED.contains(key)) {
            continue;
          }
          if (VERBATIM.contains(key)) {
            out.put(key, value);
          } else if (NAMED.contains(key) && value instanceof Map<?, ?> named) {
            Map<String, Object> schemas = new LinkedHashMap<>();
            for (Map.Entry<?, ?> n : named.entrySet()) {
              schemas.put(String.valueOf(n.getKey()), inline(n.getValue(), depth + 1));
            }
            out.put(key, schemas);
          } else {
            out.put(key, inline(value, depth + 1));
          }
        }
        dropReadOnly(out);
        toJsonSchema(out);
        return out;
      }
      if (node instanceof List<?> l) {
        List<Object> out = new ArrayList<>(l.size());
        for (Object o : l) {
          out.add(inline(o, depth + 1));
        }
        return out;
      }
      return node;
    }

    private Object expandRef(String ref, Map<?, ?> holder, int depth) throws UnresolvableRef {
      Object target = lookup(ref);
      Map<String, Object> expanded;
      if (stack.contains(ref)) {
        expanded = stub(ref, target, "recursive reference, not expanded");
      } else if (budget <= 0 || depth > MAX_DEPTH) {
        expanded = stub(ref, target, "not expanded: schema too large");
      } else {
        budget--;
        stack.push(ref);
        try {
          expanded = asObject(inline(target, depth + 1));
        } finally {
          stack.pop();
        }
      }
      // OpenAPI 3.1 allows keywords beside $ref (description, nullable, ...): they win.
      for (Map.Entry<?, ?> e : holder.entrySet()) {
        String key = String.valueOf(e.getKey());
        if (!key.equals("$ref") && !DROPPED.contains(key)) {
          expanded.put(key, inline(e.getValue(), depth + 1));
        }
      }
      return expanded;
    }
  }

  private static Map<String, Object> stub(String ref, Object target, String why) {
    Map<String, Object> out = new LinkedHashMap<>();
    Object type = target instanceof Map<?, ?> m ? m.get("type") : null;
    if (type == null && target instanceof Map<?, ?> m && m.get("properties") instanceof Map) {
      type = "object";
    }
    if (type != null) {
      out.put("type", type);
    }
    String name = ref.substring(ref.lastIndexOf('/') + 1);
    String description =
        target instanceof Map<?, ?> m && m.get("description") instanceof String d ? d + " " : "";
    out.put("description", description + "(" + name + ": " + why + ")");
    return out;
  }

  /**
   * Rewrites the OpenAPI 3.0 spellings JSON Schema 2020-12 does not know: {@code nullable: true}
   * becomes {@code "null"} among the types (and in the enum), and boolean {@code
   * exclusiveMinimum}/{@code exclusiveMaximum} take the bound's value. Validators and providers
   * then read the schema as intended; a nullable schema without a type keeps {@code nullable}.
   */
  private static void toJsonSchema(Map<String, Object> schema) {
    Object nullable = schema.get("nullable");
    if (Boolean.FALSE.equals(nullable)) {
      schema.remove("nullable");
    } else if (Boolean.TRUE.equals(nullable) && schema.get("type") != null) {
      Object type = schema.get("type");
      List<Object> types = new ArrayList<>();
      if (type instanceof List<?> l) {
        types.addAll(l);
      } else {
        types.add(type);
      }
      if (!types.contains("null")) {
        types.add("null");
      }
      schema.put("type", types);
      if (schema.get("enum") instanceof List<?> values && !values.contains(null)) {
        List<Object> withNull = new ArrayList<>(values);
        withNull.add(null);
        schema.put("enum", withNull);
      }
      schema.remove("nullable");
    }
    exclusiveBound(schema, "exclusiveMinimum", "minimum");
    exclusiveBound(schema, "exclusiveMaximum", "maximum");
  }

  private static void exclusiveBound(Map<String, Object> schema, String exclusive, String bound) {
    if (!(schema.get(exclusive) instanceof Boolean flag)) {
      return;
    }
    schema.remove(exclusive);
    if (flag && schema.get(bound) != null) {
      schema.put(exclusive, schema.remove(bound));
    }
  }

  /** Request schemas leave out properties the server marks {@code readOnly}. */
  private static void dropReadOnly(Map<String, Object> schema) {
    if (!(schema.get("properties") instanceof Map<?, ?> props)) {
      return;
    }
    List<String> readOnly = new ArrayList<>();
    props.forEach(
        (k, v) -> {
          if (v instanceof Map<?, ?> p && Boolean.TRUE.equals(p.get("readOnly"))) {
            readOnly.add(String.valueOf(k));
          }
        });
    if (readOnly.isEmpty()) {
      return;
    }
    Map<String, Object> kept = new LinkedHashMap<>();
    props.forEach(
        (k, v) -> {
          if (!readOnly.contains(String.valueOf(k))) {
            kept.put(String.valueOf(k), v);
          }
        });
    schema.put("properties", kept);
    if (schema.get("required") instanceof List<?> req) {
      List<Object> left = new ArrayList<>(req);
      left.removeAll(readOnly);
      if (left.isEmpty()) {
        schema.remove("required");
      } else {
        schema.put("required", left);
      }
    }
  }
}
