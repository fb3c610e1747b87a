package dev.toolnexus.schema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A seeded generator of schemas inside the fast validator's subset, and of argument objects near
 * them (mostly fitting, with wrong types, missing and extra fields, and awkward numbers mixed in).
 */
final class RandomSchemas {
  private static final List<String> TYPES =
      List.of("object", "array", "string", "number", "integer", "boolean", "null");
  private static final List<String> NAMES = List.of("a", "b", "city", "x.y", "0", "", "tags");
  private static final List<String> DIALECTS =
      List.of(
          "https://json-schema.org/draft/2020-12/schema",
          "https://json-schema.org/draft/2019-09/schema",
          "http://json-schema.org/draft-07/schema#",
          "http://json-schema.org/draft-07/schema",
          "http://json-schema.org/draft-06/schema#");

  private final Random random;
  private boolean formatAllowed;

  RandomSchemas(long seed) {
    this.random = new Random(seed);
  }

  /** A root schema: an object schema most of the time, sometimes with a {@code $schema}. */
  Map<String, Object> schema() {
    Map<String, Object> root;
    formatAllowed = true;
    String dialect = null;
    if (random.nextInt(4) == 0) {
      dialect = pick(DIALECTS);
      formatAllowed = dialect.contains("/draft/");
    }
    root = schema(0, random.nextInt(5) != 0);
    if (dialect != null) {
      root.put("$schema", dialect);
    }
    if (root.isEmpty()) {
      root.put("type", "object");
    }
    return root;
  }

  private Map<String, Object> schema(int depth, boolean object) {
    Map<String, Object> s = new LinkedHashMap<>();
    if (object || random.nextInt(5) != 0) {
      s.put("type", object ? "object" : typeValue());
    }
    Object type = s.get("type");
    boolean objectish = object || type == null || String.valueOf(type).contains("object");
    boolean arrayish = type == null || String.valueOf(type).contains("array");
    if (objectish && depth < 4) {
      if (random.nextInt(4) != 0) {
        Map<String, Object> props = new LinkedHashMap<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          props.put(pick(NAMES), schema(depth + 1, random.nextInt(4) == 0));
        }
        s.put("properties", props);
      }
      if (random.nextInt(2) == 0) {
        List<String> req = new ArrayList<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          req.add(pick(NAMES));
        }
        s.put("required", req);
      }
      int extra = random.nextInt(6);
      if (extra == 0) {
        s.put("additionalProperties", false);
      } else if (extra == 1) {
        s.put("additionalProperties", true);
      } else if (extra == 2) {
        s.put("additionalProperties", schema(depth + 1, false));
      }
    }
    if (arrayish && depth < 4 && random.nextInt(3) != 0) {
      s.put("items", schema(depth + 1, random.nextInt(3) == 0));
    }
    if (random.nextInt(5) == 0) {
      List<Object> values = new ArrayList<>();
      int n = 1 + random.nextInt(4);
      for (int i = 0; i < n; i++) {
        values.add(scalar());
      }
      s.put("enum", values);
    }
    annotate(s);
    return s;
  }

  private Object typeValue() {
    if (random.nextInt(4) != 0) {
      return pick(TYPES);
    }
    List<String> union = new ArrayList<>();
    int n = 1 + random.nextInt(3);
    for (int i = 0; i < n; i++) {
      union.add(pick(TYPES));
    }
    return union;
  }

  private void annotate(Map<String, Object> s) {
    switch (random.nextInt(10)) {
      case 0 -> s.put("description", "a field");
      case 1 -> s.put("title", "T");
      case 2 -> s.put("default", scalar());
      case 3 -> s.put("x-vendor", Map.of("type", "integer"));
      case 4 -> s.put("examples", Arrays.asList(scalar()));
      case 5 -> s.put("deprecated", true);
      case 6 -> s.put("readOnly", random.nextBoolean());
      case 7 -> {
        if (formatAllowed) {
          s.put("format", random.nextBoolean() ? "email" : "date-time");
        }
      }
      case 8 -> s.put("$comment", "note");
      default -> {}
    }
  }

  /** An argument object for {@code schema}: mostly fitting, now and then broken. */
  @SuppressWarnings("unchecked")
  Map<String, Object> instance(Map<String, Object> schema) {
    Object v = value(schema, 0);
    if (v instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    Map<String, Object> wrapped = new HashMap<>();
    wrapped.put(pick(NAMES), v);
    return wrapped;
  }

  @SuppressWarnings("unchecked")
  private Object value(Map<String, Object> schema, int depth) {
    if (random.nextInt(8) == 0 || depth > 5) {
      return anyValue(depth);
    }
    Object enumValues = schema.get("enum");
    if (enumValues instanceof List<?> list && random.nextInt(2) == 0) {
      return list.get(random.nextInt(list.size()));
    }
    Object type = schema.get("type");
    String t;
    if (type instanceof List<?> union) {
      t = (String) union.get(random.nextInt(union.size()));
    } else if (type instanceof String s) {
      t = s;
    } else {
      t = pick(TYPES);
    }
    switch (t) {
      case "object":
        Map<String, Object> obj = new LinkedHashMap<>();
        Map<String, Object> props =
            (Map<String, Object>) schema.getOrDefault("properties", Map.of());
        for (Map.Entry<String, Object> e : props.entrySet()) {
          if (random.nextInt(5) != 0) {
            obj.put(e.getKey(), value((Map<String, Object>) e.getValue(), depth + 1));
          }
        }
        for (Object r : (List<Object>) schema.getOrDefault("required", List.of())) {
          if (!obj.containsKey(r) && random.nextInt(4) != 0) {
            obj.put((String) r, anyValue(depth + 1));
          }
        }
        if (random.nextInt(3) == 0) {
          Object extra = schema.get("additionalProperties");
          obj.put(
              pick(NAMES) + random.nextInt(3),
              extra instanceof Map<?, ?> m
                  ? value((Map<String, Object>) m, depth + 1)
                  : anyValue(depth + 1));
        }
        return obj;
      case "array":
        List<Object> list = new ArrayList<>();
        Object items = schema.get("items");
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          list.add(
              items instanceof Map<?, ?> m
                  ? value((Map<String, Object>) m, depth + 1)
                  : anyValue(depth + 1));
        }
        return list;
      default:
        return scalarOf(t);
    }
  }

  private Object scalarOf(String type) {
    return switch (type) {
      case "string" -> pick(List.of("Paris", "", "1", "c", "null"));
      case "integer" ->
          pick(
              List.of(
                  0,
                  3,
                  -7,
                  2L,
                  Long.MAX_VALUE,
                  new BigInteger("1" + "0".repeat(30)),
                  1.0,
                  1e2,
                  new BigDecimal("4.000")));
      case "number" -> pick(List.of(1.5, 0.1, 1e-3, new BigDecimal("2.50"), 7, 1.0f, 2.5f));
      case "boolean" -> random.nextBoolean();
      default -> null;
    };
  }

  private Object scalar() {
    return pick(
        Arrays.asList(
            1,
            1.0,
            1.5,
            "1",
            "a",
            "c",
            "",
            null,
            true,
            false,
            100,
            1e2,
            List.of(1, 2.0),
            Map.of("k", 1),
            new BigDecimal("1.50"),
            Long.MAX_VALUE));
  }

  private Object anyValue(int depth) {
    int k = random.nextInt(depth > 3 ? 8 : 10);
    return switch (k) {
      case 0 -> scalarOf("string");
      case 1 -> scalarOf("integer");
      case 2 -> scalarOf("number");
      case 3 -> random.nextBoolean();
      case 4 -> null;
      case 5 -> scalar();
      case 6 -> Double.NaN;
      case 7 -> 1.0;
      case 8 -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(pick(NAMES), anyValue(depth + 1));
        yield m;
      }
      default -> {
        List<Object> l = new ArrayList<>();
        l.add(anyValue(depth + 1));
        yield l;
      }
    };
  }

  private <T> T pick(List<T> from) {
    return from.get(random.nextInt(from.size()));
  }
}
