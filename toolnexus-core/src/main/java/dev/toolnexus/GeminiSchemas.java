package dev.toolnexus;

import dev.toolnexus.internal.GeminiOpenApiConverter;
import dev.toolnexus.internal.PlainValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tool input schemas in the two forms Gemini accepts for a function's parameters (see {@link
 * GeminiSchemaMode}): {@link #compat} for the {@code parameters} field and {@link #jsonSchema} for
 * {@code parametersJsonSchema}. Both return new unmodifiable maps and leave the input alone.
 */
public final class GeminiSchemas {
  /**
   * The keys Gemini's {@code Schema} object documents (v1beta REST reference and the {@code
   * google.ai.generativelanguage.v1beta.Schema} proto): everything {@link #compat} may emit.
   */
  public static final Set<String> DOCUMENTED_KEYS =
      Set.of(
          "type",
          "format",
          "title",
          "description",
          "nullable",
          "enum",
          "maxItems",
          "minItems",
          "properties",
          "required",
          "minProperties",
          "maxProperties",
          "minLength",
          "maxLength",
          "pattern",
          "example",
          "anyOf",
          "propertyOrdering",
          "default",
          "items",
          "minimum",
          "maximum");

  /** The values of {@code Schema.type} ({@code google.ai.generativelanguage.v1beta.Type}). */
  public static final Set<String> TYPES =
      Set.of("STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT");

  private static final Set<String> SCHEMA_MAPS =
      Set.of("properties", "patternProperties", "$defs", "definitions", "dependentSchemas");
  private static final Set<String> SCHEMA_VALUES =
      Set.of(
          "items",
          "additionalProperties",
          "not",
          "if",
          "then",
          "else",
          "contains",
          "propertyNames",
          "unevaluatedItems",
          "unevaluatedProperties",
          "additionalItems");
  private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "anyOf", "oneOf", "prefixItems");

  private GeminiSchemas() {}

  /**
   * Converts a JSON Schema into the OpenAPI subset Gemini's {@code parameters} accepts.
   *
   * <p>Only {@link #DOCUMENTED_KEYS} survive. Local {@code $ref}s (into {@code $defs}, {@code
   * definitions} or any JSON pointer) are inlined; a reference back into itself becomes a plain
   * object described as recursive. {@code type: [X, "null"]} becomes {@code type} plus {@code
   * nullable}; several types become {@code anyOf}; {@code oneOf} becomes {@code anyOf}; {@code
   * allOf} is merged; {@code const} becomes a one-value {@code enum}; an enum of non-strings moves
   * into the description; types are upper-case; {@code required} keeps only declared properties; an
   * array without {@code items} gets string items; {@code format} stays only where Gemini defines
   * it; {@code exclusiveMinimum/Maximum} tighten an integer's bound and are otherwise dropped. The
   * root is always an {@code OBJECT}; a root union of objects is merged.
   */
  public static Map<String, Object> compat(Map<String, ?> schema) {
    return PlainValues.freezeObject(GeminiOpenApiConverter.convertRoot(schema));
  }

  /**
   * The schema for {@code parametersJsonSchema}: unchanged except that {@code $schema} is removed
   * wherever a schema sits (Gemini rejects it there) and an untyped root gets {@code type:
   * "object"}.
   */
  public static Map<String, Object> jsonSchema(Map<String, ?> schema) {
    @SuppressWarnings("unchecked")
    Map<String, Object> out = (Map<String, Object>) stripSchemaKeyword(schema);
    if (!out.containsKey("type")) {
      Map<String, Object> typed = new LinkedHashMap<>();
      typed.put("type", "object");
      typed.putAll(out);
      out = typed;
    }
    return PlainValues.freezeObject(out);
  }

  /**
   * True when a converted parameters schema declares nothing, so the declaration should omit it
   * (Gemini rejects an {@code OBJECT} whose {@code properties} are empty).
   */
  public static boolean declaresNoParameters(Map<String, ?> converted) {
    return !(converted.get("properties") instanceof Map<?, ?> p && !p.isEmpty())
        && !converted.containsKey("anyOf");
  }

  private static Object stripSchemaKeyword(Object node) {
    if (!(node instanceof Map<?, ?> m)) {
      return node;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      String k = String.valueOf(e.getKey());
      Object v = e.getValue();
      if (k.equals("$schema")) {
        continue;
      }
      if (SCHEMA_MAPS.contains(k) && v instanceof Map<?, ?> sub) {
        Map<String, Object> copy = new LinkedHashMap<>();
        sub.forEach((sk, sv) -> copy.put(String.valueOf(sk), stripSchemaKeyword(sv)));
        out.put(k, copy);
      } else if ((SCHEMA_LISTS.contains(k) || k.equals("items")) && v instanceof List<?> list) {
        List<Object> copy = new ArrayList<>(list.size());
        list.forEach(x -> copy.add(stripSchemaKeyword(x)));
        out.put(k, copy);
      } else if (SCHEMA_VALUES.contains(k)) {
        out.put(k, stripSchemaKeyword(v));
      } else {
        out.put(k, v);
      }
    }
    return out;
  }
}
