package dev.toolnexus.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the mistakes in a hand-written input schema when the tool is defined, so they are reported
 * once, naming the tool and the place, instead of as a puzzling argument error at the first call:
 * an unknown {@code type} (such as {@code "objekt"}), and {@code properties}, {@code required},
 * {@code items} or {@code enum} of the wrong shape. Unknown keywords are left alone.
 */
public final class SchemaLint {
  private static final Set<String> TYPES =
      Set.of("object", "array", "string", "number", "integer", "boolean", "null");
  private static final List<String> SCHEMA_LISTS =
      List.of("anyOf", "oneOf", "allOf", "prefixItems");
  private static final List<String> SCHEMA_MAPS =
      List.of("properties", "$defs", "definitions", "patternProperties");
  private static final List<String> SCHEMA_VALUES =
      List.of("additionalProperties", "not", "if", "then", "else", "contains");

  private SchemaLint() {}

  /**
   * Refuses an input schema with a mistake.
   *
   * @throws IllegalArgumentException naming the tool and every problem with its JSON path
   */
  public static void requireValid(String tool, Map<String, ?> schema) {
    requireValid(tool, "input", schema);
  }

  /**
   * Refuses a schema with a mistake; {@code kind} ("input", "output") names which of the tool's
   * schemas it is.
   *
   * @throws IllegalArgumentException naming the tool and every problem with its JSON path
   */
  public static void requireValid(String tool, String kind, Map<String, ?> schema) {
    List<String> problems = new ArrayList<>();
    if (!"object".equals(schema.get("type")) && schema.get("type") != null) {
      problems.add(
          "(root): an "
              + kind
              + " schema must have \"type\": \"object\", got "
              + show(schema.get("type")));
    }
    check("", schema, problems);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(
          "tool " + tool + ": invalid " + kind + " schema:\n- " + String.join("\n- ", problems));
    }
  }

  private static void check(String at, Map<?, ?> schema, List<String> problems) {
    Object type = schema.get("type");
    if (type instanceof String t) {
      checkType(at, t, problems);
    } else if (type instanceof List<?> ts) {
      for (Object t : ts) {
        if (t instanceof String s) {
          checkType(at, s, problems);
        } else {
          problems.add(where(at, "type") + ": each type must be a string, got " + show(t));
        }
      }
    } else if (type != null) {
      problems.add(
          where(at, "type") + ": must be a string or a list of strings, got " + show(type));
    }
    Object required = schema.get("required");
    if (required != null
        && !(required instanceof List<?> names
            && names.stream().allMatch(String.class::isInstance))) {
      problems.add(
          where(at, "required") + ": must be a list of property names, got " + show(required));
    }
    Object values = schema.get("enum");
    if (values != null && !(values instanceof List<?>)) {
      problems.add(where(at, "enum") + ": must be a list of values, got " + show(values));
    }
    for (String key : SCHEMA_MAPS) {
      Object v = schema.get(key);
      if (v == null) {
        continue;
      }
      if (!(v instanceof Map<?, ?> m)) {
        problems.add(where(at, key) + ": must be an object of schemas, got " + show(v));
        continue;
      }
      m.forEach((name, sub) -> sub(where(at, key) + "." + name, sub, problems));
    }
    for (String key : SCHEMA_LISTS) {
      Object v = schema.get(key);
      if (v == null) {
        continue;
      }
      if (!(v instanceof List<?> l)) {
        problems.add(where(at, key) + ": must be a list of schemas, got " + show(v));
        continue;
      }
      for (int i = 0; i < l.size(); i++) {
        sub(where(at, key) + "[" + i + "]", l.get(i), problems);
      }
    }
    Object items = schema.get("items");
    if (items instanceof List<?> l) {
      for (int i = 0; i < l.size(); i++) {
        sub(where(at, "items") + "[" + i + "]", l.get(i), problems);
      }
    } else if (items != null) {
      sub(where(at, "items"), items, problems);
    }
    for (String key : SCHEMA_VALUES) {
      Object v = schema.get(key);
      if (v != null && !(v instanceof Boolean)) {
        sub(where(at, key), v, problems);
      }
    }
  }

  private static void sub(String at, Object schema, List<String> problems) {
    if (schema instanceof Map<?, ?> m) {
      check(at, m, problems);
    } else if (!(schema instanceof Boolean)) {
      problems.add(at + ": must be a schema object, got " + show(schema));
    }
  }

  private static void checkType(String at, String type, List<String> problems) {
    if (!TYPES.contains(type)) {
      problems.add(
          where(at, "type")
              + ": unknown type \""
              + type
              + "\" (one of object, array, string, number, integer, boolean, null)");
    }
  }

  private static String where(String at, String key) {
    return at.isEmpty() ? key : at + "." + key;
  }

  private static String show(Object value) {
    try {
      return dev.toolnexus.Json.write(value);
    } catch (RuntimeException e) {
      return String.valueOf(value);
    }
  }
}
