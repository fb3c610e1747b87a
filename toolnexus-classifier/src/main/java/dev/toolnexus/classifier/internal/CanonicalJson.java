package dev.toolnexus.classifier.internal;

import dev.toolnexus.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Canonical JSON: object keys sorted recursively by UTF-16 code unit, arrays in their order,
 * compact separators, {@code <>&'} and non-ASCII written raw, integers without a fraction and other
 * numbers in their shortest round-tripping form. Every port writes the same bytes for the same
 * questions.
 */
public final class CanonicalJson {

  private CanonicalJson() {}

  /**
   * The canonical text of {@code value} (maps, lists, strings, numbers, booleans, null, records).
   */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    append(out, value);
    return out.toString();
  }

  private static void append(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      string(out, s);
    } else if (value instanceof Boolean b) {
      out.append(b.booleanValue());
    } else if (value instanceof Number n) {
      number(out, n);
    } else if (value instanceof Map<?, ?> m) {
      List<String> keys = new ArrayList<>();
      for (Object k : m.keySet()) {
        keys.add(String.valueOf(k));
      }
      keys.sort(null);
      out.append('{');
      boolean first = true;
      for (String k : keys) {
        if (!first) {
          out.append(',');
        }
        first = false;
        string(out, k);
        out.append(':');
        append(out, m.get(k));
      }
      out.append('}');
    } else if (value instanceof Collection<?> c) {
      out.append('[');
      boolean first = true;
      for (Object v : c) {
        if (!first) {
          out.append(',');
        }
        first = false;
        append(out, v);
      }
      out.append(']');
    } else if (value instanceof Object[] a) {
      append(out, List.of(a));
    } else if (value instanceof Character ch) {
      string(out, ch.toString());
    } else {
      append(out, Json.toPlain(value));
    }
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  private static void number(StringBuilder out, Number n) {
    if (n instanceof Integer
        || n instanceof Long
        || n instanceof Short
        || n instanceof Byte
        || n instanceof BigInteger) {
      out.append(n);
      return;
    }
    double d = n.doubleValue();
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      out.append("null");
      return;
    }
    if (d == 0) {
      out.append('0');
      return;
    }
    out.append(shortest(d));
  }

  /** A double the way a JavaScript engine prints it: plain between 1e-7 and 1e21, else e-form. */
  static String shortest(double d) {
    BigDecimal exact = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
    String digits = exact.unscaledValue().toString();
    int k = digits.length();
    int e = k - exact.scale(); // the decimal point sits after e digits
    StringBuilder s = new StringBuilder(d < 0 ? "-" : "");
    if (k <= e && e <= 21) {
      s.append(digits).append("0".repeat(e - k));
    } else if (0 < e && e <= 21) {
      s.append(digits, 0, e).append('.').append(digits, e, k);
    } else if (-6 < e && e <= 0) {
      s.append("0.").append("0".repeat(-e)).append(digits);
    } else {
      int exp = e - 1;
      s.append(digits.charAt(0));
      if (k > 1) {
        s.append('.').append(digits, 1, k);
      }
      s.append('e').append(exp < 0 ? "-" : "+").append(Math.abs(exp));
    }
    return s.toString();
  }
}
