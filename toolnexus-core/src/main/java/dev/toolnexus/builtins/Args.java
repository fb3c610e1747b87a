package dev.toolnexus.builtins;

import java.util.List;
import java.util.Map;

/**
 * Typed access to a builtin's arguments; a wrong type is a {@link BadArgument} naming the field.
 */
final class Args {
  private final String tool;
  private final Map<String, Object> raw;

  Args(String tool, Map<String, Object> raw) {
    this.tool = tool;
    this.raw = raw;
  }

  /** A problem with one argument; the message is the whole error result. */
  static final class BadArgument extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadArgument(String message) {
      super(message, null, false, false);
    }
  }

  BadArgument bad(String message) {
    return new BadArgument(tool + ": " + message);
  }

  boolean has(String key) {
    return raw.get(key) != null;
  }

  Object raw(String key) {
    return raw.get(key);
  }

  /** A required, non-empty string. */
  String requireString(String key) {
    String s = string(key, null);
    if (s == null || s.isEmpty()) {
      throw bad(key + " is required");
    }
    return s;
  }

  /** A string that may be empty but must be present. */
  String requirePresentString(String key) {
    String s = string(key, null);
    if (s == null) {
      throw bad(key + " is required");
    }
    return s;
  }

  String string(String key, String fallback) {
    Object v = raw.get(key);
    if (v == null) {
      return fallback;
    }
    if (v instanceof String s) {
      return s;
    }
    throw bad(key + " must be a string");
  }

  /** A whole number (fractions are truncated, numeric strings accepted), or the fallback. */
  Long number(String key, Long fallback) {
    Object v = raw.get(key);
    if (v == null) {
      return fallback;
    }
    if (v instanceof Number n) {
      double d = n.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw bad(key + " must be a finite number");
      }
      return (long) d;
    }
    if (v instanceof String s) {
      try {
        return (long) Double.parseDouble(s.trim());
      } catch (NumberFormatException e) {
        throw bad(key + " must be a number, got \"" + s + "\"");
      }
    }
    throw bad(key + " must be a number");
  }

  boolean bool(String key) {
    Object v = raw.get(key);
    if (v == null) {
      return false;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof String s && (s.equals("true") || s.equals("false"))) {
      return Boolean.parseBoolean(s);
    }
    throw bad(key + " must be a boolean");
  }

  List<?> list(String key) {
    Object v = raw.get(key);
    if (v == null) {
      throw bad(key + " is required");
    }
    if (v instanceof List<?> l) {
      return l;
    }
    throw bad(key + " must be an array");
  }
}
