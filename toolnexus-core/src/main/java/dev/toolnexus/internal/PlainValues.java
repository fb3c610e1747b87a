package dev.toolnexus.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Deep copies of plain JSON values (maps, lists, scalars) that keep key order and cannot change.
 *
 * <p>A map with a defined order ({@link LinkedHashMap}, a {@link SortedMap}, or a map this class
 * froze) keeps it. A map without one ({@code Map.of}, {@link java.util.HashMap}) would otherwise
 * leak its per-run hash order into provider schema, so its keys are put in a canonical order: the
 * usual JSON-Schema keywords first ({@code type}, {@code description}, {@code properties}, {@code
 * required}, ...), then every other key in code point order. The same code then gives
 * byte-identical JSON on every run.
 */
public final class PlainValues {
  private static final List<String> KEYWORDS =
      List.of(
          "$schema",
          "$id",
          "$ref",
          "title",
          "type",
          "description",
          "enum",
          "const",
          "format",
          "properties",
          "required",
          "items",
          "additionalProperties");

  private static final Comparator<String> CANONICAL =
      Comparator.<String>comparingInt(
              k -> {
                int i = KEYWORDS.indexOf(k);
                return i < 0 ? KEYWORDS.size() : i;
              })
          .thenComparing(Comparator.naturalOrder());

  private static final Class<?> FROZEN_MAP =
      Collections.unmodifiableMap(new LinkedHashMap<>()).getClass();

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
      if (hasOrder(m)) {
        for (Map.Entry<?, ?> e : m.entrySet()) {
          copy.put(String.valueOf(e.getKey()), freeze(e.getValue()));
        }
      } else {
        Map<String, Object> byKey = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
          byKey.put(String.valueOf(e.getKey()), e.getValue());
        }
        byKey.keySet().stream().sorted(CANONICAL).forEach(k -> copy.put(k, freeze(byKey.get(k))));
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

  private static boolean hasOrder(Map<?, ?> m) {
    return m.size() < 2
        || m instanceof LinkedHashMap
        || m instanceof SortedMap
        || m.getClass() == FROZEN_MAP;
  }
}
