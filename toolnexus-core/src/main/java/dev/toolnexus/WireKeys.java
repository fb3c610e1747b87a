package dev.toolnexus;

import java.util.Map;

/** Reads required keys of the suspension wire forms with errors that name the key. */
final class WireKeys {
  private WireKeys() {}

  static String require(Map<?, ?> m, String key, String what) {
    Object value = m.get(key);
    if (value == null) {
      throw new IllegalArgumentException("a " + what + " needs \"" + key + "\"; it is missing");
    }
    return String.valueOf(value);
  }
}
