package dev.toolnexus.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep copies of plain JSON values (maps, lists, scalars) that keep key order and cannot change.
 */
public final class PlainValues {
  private PlainValues() {}

  /** A deep, unmodifiable, order-preserving copy of a JSON object. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> freezeObject(Map<String, ?> map) {
    return (Map<String, Object>) freeze(map);
  }

  /** A deep, unmodifiable, order-preserving copy of any plain value. */
  public static Object freeze(Object value) {
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> copy = new LinkedHashMap<>(Math.max(4, m.size() * 2));
      for (Map.Entry<?, ?> e : m.entrySet()) {
        copy.put(String.valueOf(e.getKey()), freeze(e.getValue()));
      }
      return Collections.unmodifiableMap(copy);
    }
    if (value instanceof List<?> l) {
      List<Object> copy = new ArrayList<>(l.size());
      for (Object o : l) {
        copy.add(freeze(o));
      }
      return Collections.unmodifiableList(copy);
    }
    return value;
  }
}
