package dev.toolnexus.schema;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.toolnexus.ToolContext;
import dev.toolnexus.internal.PlainValues;
import dev.toolnexus.internal.PropertyInfo;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * Infers a JSON-Schema from a Java type, the way annotation and record tools describe their
 * arguments: strings, numbers ({@code integer} for whole types), booleans, enums ({@code enum} of
 * the constant names), arrays and collections ({@code array} with {@code items}), maps ({@code
 * object} with {@code additionalProperties}), records and beans (nested {@code object} with {@code
 * properties} and {@code required}, inherited bean fields first), {@code Optional} (the inner type,
 * not required).
 *
 * <p>A property's name is {@code @Param(name)} (method parameters only), else
 * {@code @JsonProperty}'s value, else the Java name; its description is {@code @Param}'s value,
 * else {@code @JsonPropertyDescription}; a nested type's {@code @JsonClassDescription} becomes its
 * description. A property is required unless its type is an {@code Optional}, it carries an
 * annotation named {@code Nullable} (any package, declaration or type use), {@code @Param(optional
 * = true)} or {@code @JsonProperty(isRequired = FALSE)}. Fields marked {@code @JsonIgnore}, static
 * or transient are left out.
 *
 * <p>Output is deterministic: properties in declaration order and every schema's keys in the order
 * {@code type, description, enum, items, properties, required, additionalProperties}, so the same
 * code gives byte-identical provider schema on every run. A type that refers to itself is cut at
 * the second visit with a plain {@code {"type":"object"}}.
 */
public final class TypeSchemas {
  private TypeSchemas() {}

  /** The schema of any Java type, as an unmodifiable ordered map of plain JSON values. */
  public static Map<String, Object> of(Type type) {
    return PlainValues.freezeObject(new Generator().schema(type));
  }

  /**
   * The input schema of a method's parameters: {@code {type: object, properties, required}}, one
   * property per parameter in order ({@code required} left out when nothing is required). A {@link
   * dev.toolnexus.ToolContext} parameter is not an input and is skipped.
   */
  public static Map<String, Object> ofParameters(Method method) {
    List<PropertyInfo> props = new ArrayList<>();
    for (Parameter p : method.getParameters()) {
      if (p.getType() != ToolContext.class) {
        props.add(PropertyInfo.of(p));
      }
    }
    return PlainValues.freezeObject(new Generator().object(props, null));
  }

  private static final class Generator {
    private final Set<Class<?>> visiting = new HashSet<>();

    Map<String, Object> schema(Type type) {
      if (type instanceof Class<?> c) {
        return forClass(c);
      }
      if (type instanceof ParameterizedType p) {
        return forParameterized(p);
      }
      if (type instanceof GenericArrayType g) {
        return array(schema(g.getGenericComponentType()));
      }
      if (type instanceof WildcardType w) {
        return schema(w.getUpperBounds()[0]);
      }
      if (type instanceof TypeVariable<?> v) {
        Type bound = v.getBounds()[0];
        return bound == Object.class ? new LinkedHashMap<>() : schema(bound);
      }
      return new LinkedHashMap<>();
    }

    private Map<String, Object> forParameterized(ParameterizedType p) {
      Class<?> raw = (Class<?>) p.getRawType();
      Type[] args = p.getActualTypeArguments();
      if (raw == Optional.class) {
        return schema(args[0]);
      }
      if (Collection.class.isAssignableFrom(raw)) {
        return array(schema(args[0]));
      }
      if (Map.class.isAssignableFrom(raw)) {
        return map(args.length == 2 ? args[1] : Object.class);
      }
      return forClass(raw);
    }

    private Map<String, Object> forClass(Class<?> c) {
      if (c == String.class
          || c == CharSequence.class
          || c == char.class
          || c == Character.class
          || c == UUID.class
          || c == URI.class
          || c == URL.class
          || c == Duration.class
          || c == LocalTime.class) {
        return type("string");
      }
      if (c == Instant.class
          || c == OffsetDateTime.class
          || c == ZonedDateTime.class
          || c == LocalDateTime.class) {
        Map<String, Object> s = type("string");
        s.put("format", "date-time");
        return s;
      }
      if (c == LocalDate.class) {
        Map<String, Object> s = type("string");
        s.put("format", "date");
        return s;
      }
      if (c == boolean.class || c == Boolean.class) {
        return type("boolean");
      }
      if (c == int.class
          || c == Integer.class
          || c == long.class
          || c == Long.class
          || c == short.class
          || c == Short.class
          || c == byte.class
          || c == Byte.class
          || c == BigInteger.class
          || c == OptionalInt.class
          || c == OptionalLong.class) {
        return type("integer");
      }
      if (c == double.class
          || c == Double.class
          || c == float.class
          || c == Float.class
          || c == BigDecimal.class
          || c == OptionalDouble.class
          || Number.class.isAssignableFrom(c)) {
        return type("number");
      }
      if (c.isEnum()) {
        return enumeration(c);
      }
      if (c == byte[].class) {
        Map<String, Object> s = type("string");
        s.put("contentEncoding", "base64");
        return s;
      }
      if (c.isArray()) {
        return array(schema(c.getComponentType()));
      }
      if (Collection.class.isAssignableFrom(c)) {
        return array(new LinkedHashMap<>());
      }
      if (Map.class.isAssignableFrom(c)) {
        return map(Object.class);
      }
      if (c == Object.class || c == Optional.class || JsonNode.class.isAssignableFrom(c)) {
        return new LinkedHashMap<>();
      }
      if (!visiting.add(c)) {
        return type("object");
      }
      try {
        List<PropertyInfo> props = c.isRecord() ? PropertyInfo.ofRecord(c) : PropertyInfo.ofBean(c);
        JsonClassDescription d = c.getAnnotation(JsonClassDescription.class);
        return object(props, d == null || d.value().isEmpty() ? null : d.value());
      } finally {
        visiting.remove(c);
      }
    }

    Map<String, Object> object(List<PropertyInfo> props, String description) {
      Map<String, Object> s = type("object");
      if (description != null) {
        s.put("description", description);
      }
      Map<String, Object> properties = new LinkedHashMap<>();
      List<String> required = new ArrayList<>();
      for (PropertyInfo p : props) {
        properties.put(p.name(), describe(schema(p.type()), p.description()));
        if (p.required()) {
          required.add(p.name());
        }
      }
      s.put("properties", properties);
      if (!required.isEmpty()) {
        s.put("required", required);
      }
      return s;
    }

    private static Map<String, Object> describe(Map<String, Object> schema, String description) {
      if (description == null) {
        return schema;
      }
      Map<String, Object> out = new LinkedHashMap<>();
      if (schema.containsKey("type")) {
        out.put("type", schema.get("type"));
      }
      out.put("description", description);
      schema.forEach(out::putIfAbsent);
      return out;
    }

    private static Map<String, Object> type(String name) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("type", name);
      return s;
    }

    private static Map<String, Object> array(Map<String, Object> items) {
      Map<String, Object> s = type("array");
      s.put("items", items);
      return s;
    }

    private Map<String, Object> map(Type valueType) {
      Map<String, Object> s = type("object");
      Map<String, Object> values = schema(valueType);
      if (!values.isEmpty()) {
        s.put("additionalProperties", values);
      }
      return s;
    }

    private static Map<String, Object> enumeration(Class<?> c) {
      Map<String, Object> s = type("string");
      List<String> names = new ArrayList<>();
      for (Object constant : c.getEnumConstants()) {
        String name = ((Enum<?>) constant).name();
        try {
          Field f = c.getField(name);
          JsonProperty json = f.getAnnotation(JsonProperty.class);
          names.add(json != null && !json.value().isEmpty() ? json.value() : name);
        } catch (NoSuchFieldException e) {
          names.add(name);
        }
      }
      s.put("enum", names);
      return s;
    }
  }
}
