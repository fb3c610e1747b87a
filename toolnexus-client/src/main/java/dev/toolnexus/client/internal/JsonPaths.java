package dev.toolnexus.client.internal;

import java.util.Map;

/** Null-tolerant accessors for parsed JSON. */
final class JsonPaths {
  private JsonPaths() {}

  static Map<?, ?> map(Object o) {
    return o instanceof Map<?, ?> m ? m : Map.of();
  }

  static String str(Object o) {
    return o == null ? null : String.valueOf(o);
  }

  static long num(Object o) {
    return o instanceof Number n ? n.longValue() : 0L;
  }
}
