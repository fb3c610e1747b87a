package dev.toolnexus.internal;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import dev.toolnexus.Json;
import dev.toolnexus.schema.TypeSchemas;
import java.lang.reflect.Type;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Binds a model's plain-value arguments to Java parameter, record and bean types with Jackson, and
 * turns a mismatch into one sentence naming the tool, the field and what was expected.
 */
public final class ArgumentBinder {
  // Same stack as Json.mapper(); fields bind without setters, and unknown keys are the schema
  // validator's business, not a binding failure.
  private static final JsonMapper MAPPER =
      Json.mapper()
          .rebuild()
          .changeDefaultVisibility(
              v -> v.withVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY))
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  /** What each java.time type accepts, with an example, for the mismatch message. */
  private static final Map<Type, String> TIME_FORMATS =
      Map.of(
          LocalDate.class, "a date as YYYY-MM-DD (e.g. 2026-03-14)",
          LocalDateTime.class, "a date-time as YYYY-MM-DDTHH:MM:SS (e.g. 2026-03-14T09:30:00)",
          OffsetDateTime.class,
              "a date-time with offset as YYYY-MM-DDTHH:MM:SS+HH:MM (e.g. 2026-03-14T09:30:00Z)",
          ZonedDateTime.class,
              "a date-time with offset as YYYY-MM-DDTHH:MM:SS+HH:MM (e.g. 2026-03-14T09:30:00Z)",
          Instant.class, "an instant as YYYY-MM-DDTHH:MM:SSZ (e.g. 2026-03-14T09:30:00Z)",
          LocalTime.class, "a time as HH:MM or HH:MM:SS (e.g. 09:30)",
          Duration.class, "an ISO-8601 duration (e.g. PT15M, P1DT2H)");

  private ArgumentBinder() {}

  /** A binding failure whose message is ready for the model. */
  public static final class BindException extends Exception {
    private static final long serialVersionUID = 1L;

    BindException(String message) {
      super(message);
    }
  }

  /**
   * Converts one argument value to a Java type; a missing value becomes the type's empty value
   * (empty {@code Optional}, zero, false, null).
   *
   * @param tool the tool name, for the message
   * @param field the property path so far, for the message
   */
  public static Object bind(String tool, String field, Object value, Type type)
      throws BindException {
    if (value == null) {
      return empty(type);
    }
    JavaType javaType = MAPPER.getTypeFactory().constructType(type);
    try {
      return MAPPER.convertValue(value, javaType);
    } catch (JacksonException e) {
      throw new BindException(describe(tool, field, value, type, e));
    } catch (IllegalArgumentException e) {
      throw new BindException(
          "Invalid arguments for tool " + tool + ": " + field + ": " + Errors.message(e));
    }
  }

  private static Object empty(Type type) {
    Type raw = type instanceof java.lang.reflect.ParameterizedType p ? p.getRawType() : type;
    if (raw == Optional.class) {
      return Optional.empty();
    }
    if (raw == OptionalInt.class) {
      return OptionalInt.empty();
    }
    if (raw == OptionalLong.class) {
      return OptionalLong.empty();
    }
    if (raw == OptionalDouble.class) {
      return OptionalDouble.empty();
    }
    if (raw == boolean.class) {
      return false;
    }
    if (raw == char.class) {
      return '\0';
    }
    if (raw instanceof Class<?> c && c.isPrimitive()) {
      return MAPPER.convertValue(0, c);
    }
    return null;
  }

  private static String describe(
      String tool, String field, Object value, Type type, JacksonException e) {
    StringBuilder path = new StringBuilder(field == null ? "" : field);
    Object offending = value;
    Type expectedType = type;
    List<JacksonException.Reference> refs = e.getPath();
    for (JacksonException.Reference r : refs) {
      if (r.getPropertyName() != null) {
        if (path.length() > 0) {
          path.append('.');
        }
        path.append(r.getPropertyName());
        offending = offending instanceof Map<?, ?> m ? m.get(r.getPropertyName()) : null;
      } else if (r.getIndex() >= 0) {
        path.append('[').append(r.getIndex()).append(']');
        offending =
            offending instanceof List<?> l && r.getIndex() < l.size() ? l.get(r.getIndex()) : null;
      }
    }
    if (e instanceof tools.jackson.databind.exc.MismatchedInputException mi
        && mi.getTargetType() != null) {
      expectedType = mi.getTargetType();
    } else if (!refs.isEmpty()) {
      expectedType = null;
    }
    String expected = expectedType == null ? null : expectation(expectedType);
    String where = path.length() == 0 ? "(arguments)" : path.toString();
    String got = "got " + Json.write(offending);
    // Jackson's own wording names Java types; it is only worth showing when we have nothing better.
    return "Invalid arguments for tool "
        + tool
        + ": "
        + where
        + ": "
        + (expected == null
            ? got + " (" + firstLine(e.getOriginalMessage()) + ")"
            : "expected " + expected + ", " + got);
  }

  /** A short phrase for what a Java type accepts, from its generated schema. */
  static String expectation(Type type) {
    String time = TIME_FORMATS.get(type);
    if (time != null) {
      return time;
    }
    Map<String, Object> schema = TypeSchemas.of(type);
    Object t = schema.get("type");
    if (t == null) {
      return null;
    }
    if (schema.get("enum") instanceof List<?> values) {
      return "one of " + Json.write(values);
    }
    if ("array".equals(t)
        && schema.get("items") instanceof Map<?, ?> items
        && items.get("type") != null) {
      return "an array of " + items.get("type");
    }
    return "an".equals(article(t.toString())) ? "an " + t : "a " + t;
  }

  private static String article(String word) {
    return "aeiou".indexOf(word.charAt(0)) >= 0 ? "an" : "a";
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "cannot convert";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
