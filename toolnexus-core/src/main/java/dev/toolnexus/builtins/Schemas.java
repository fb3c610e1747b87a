package dev.toolnexus.builtins;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the builtins' input schemas as ordered, unmodifiable plain-JSON maps. */
final class Schemas {
  private Schemas() {}

  /** {@code {type, description}} for one property. */
  static Map<String, Object> prop(String type, String description) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", type);
    p.put("description", description);
    return Collections.unmodifiableMap(p);
  }

  /** {@code {type}} with no description. */
  static Map<String, Object> type(String type) {
    return Map.of("type", type);
  }

  /** An ordered map from alternating keys and values. */
  static Map<String, Object> ordered(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return Collections.unmodifiableMap(m);
  }

  /** {@code {type:"object", properties, required, additionalProperties:false}}. */
  static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
    return ordered(
        "type",
        "object",
        "properties",
        properties,
        "required",
        List.copyOf(required),
        "additionalProperties",
        false);
  }
}
