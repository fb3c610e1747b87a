package dev.toolnexus.spi;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Reads typed values from one object of a parsed config (plain JSON values), the one reader every
 * source uses for its section. A value of the wrong type is reported to the problem sink with the
 * field and what was expected (never the value itself, which may be a secret), and read as absent,
 * so a source can collect every problem of an entry or throw on the first.
 */
public final class ConfigValues {
  private final Map<?, ?> raw;
  private final BiConsumer<String, String> problems;

  private ConfigValues(Map<?, ?> raw, BiConsumer<String, String> problems) {
    this.raw = raw == null ? Map.of() : raw;
    this.problems = problems;
  }

  /**
   * A reader over {@code raw}.
   *
   * @param problems told (field, what is wrong), for example ({@code "timeout"}, {@code "must be a
   *     positive number of milliseconds, got a string"}); it may throw to stop at the first
   */
  public static ConfigValues of(Map<?, ?> raw, BiConsumer<String, String> problems) {
    return new ConfigValues(raw, problems);
  }

  /** The raw value of a field; null when absent. */
  public Object get(String field) {
    return raw.get(field);
  }

  /** A boolean field; null when absent or of the wrong type. */
  public Boolean bool(String field) {
    Object v = raw.get(field);
    if (v == null || v instanceof Boolean) {
      return (Boolean) v;
    }
    problems.accept(field, "must be true or false, got " + typeOf(v));
    return null;
  }

  /** A string field; null when absent or of the wrong type. */
  public String string(String field) {
    Object v = raw.get(field);
    if (v == null || v instanceof String) {
      return (String) v;
    }
    problems.accept(field, "must be a string, got " + typeOf(v));
    return null;
  }

  /** A positive number of milliseconds; null when absent or invalid. */
  public Duration millis(String field) {
    Object v = raw.get(field);
    if (v == null) {
      return null;
    }
    if (v instanceof Number n && n.doubleValue() > 0) {
      return Duration.ofMillis(n.longValue());
    }
    problems.accept(
        field,
        "must be a positive number of milliseconds, got "
            + (v instanceof Number ? String.valueOf(v) : typeOf(v)));
    return null;
  }

  /** A positive whole number (of {@code unit}, named in the problem); 0 when absent or invalid. */
  public long positiveWhole(String field, String unit) {
    Object v = raw.get(field);
    if (v == null) {
      return 0;
    }
    if (v instanceof Number n && n.longValue() > 0 && n.doubleValue() == n.longValue()) {
      return n.longValue();
    }
    problems.accept(
        field,
        "must be a positive whole number of "
            + unit
            + ", got "
            + (v instanceof Number ? String.valueOf(v) : typeOf(v)));
    return 0;
  }

  /**
   * An object of scalar values read as strings (numbers and booleans are written out), in order;
   * empty when absent or invalid.
   */
  public Map<String, String> stringMap(String field) {
    Object v = raw.get(field);
    if (v == null) {
      return Map.of();
    }
    if (!(v instanceof Map<?, ?> m)) {
      problems.accept(field, "must be an object of strings, got " + typeOf(v));
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      Object val = e.getValue();
      if (!isScalar(val)) {
        problems.accept(field, "entry \"" + e.getKey() + "\" must be a string, got " + typeOf(val));
        return Map.of();
      }
      out.put(String.valueOf(e.getKey()), String.valueOf(val));
    }
    return out;
  }

  /** An object of name to true/false, in order; empty when absent or invalid. */
  public Map<String, Boolean> boolMap(String field, String expected) {
    Object v = raw.get(field);
    if (v == null) {
      return Map.of();
    }
    if (!(v instanceof Map<?, ?> m)) {
      problems.accept(field, "must be " + expected + ", got " + typeOf(v));
      return Map.of();
    }
    Map<String, Boolean> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (!(e.getValue() instanceof Boolean b)) {
        problems.accept(
            field,
            "entry \"" + e.getKey() + "\" must be true or false, got " + typeOf(e.getValue()));
        return Map.of();
      }
      out.put(String.valueOf(e.getKey()), b);
    }
    return out;
  }

  /** Whether a value is a string, number or boolean. */
  public static boolean isScalar(Object v) {
    return v instanceof String || v instanceof Number || v instanceof Boolean;
  }

  /** The JSON type of a value for an error message: {@code "an object"}, {@code "a string"}... */
  public static String typeOf(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Map<?, ?>) {
      return "an object";
    }
    if (v instanceof List<?>) {
      return "an array";
    }
    if (v instanceof String) {
      return "a string";
    }
    if (v instanceof Boolean) {
      return "a boolean";
    }
    if (v instanceof Number) {
      return "a number";
    }
    return v.getClass().getSimpleName();
  }
}
