package dev.toolnexus.http;

import dev.toolnexus.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes argument values into URL parts: query pairs in each {@link QueryStyle}, and the OpenAPI
 * {@code simple} style (comma-separated) for path placeholders and headers. Every name and value is
 * percent-encoded; delimiters a style defines are added after encoding.
 */
final class ParamEncoding {
  private ParamEncoding() {}

  /** Appends the encoded {@code name=value} pairs of one query argument; null adds nothing. */
  static void query(List<String> out, String name, Object value, QueryStyle style) {
    if (value == null) {
      return;
    }
    String key = UrlEncoding.component(name);
    if (value instanceof Map<?, ?> map) {
      switch (style) {
        case DEEP_OBJECT ->
            map.forEach(
                (k, v) -> {
                  if (v != null) {
                    out.add(UrlEncoding.component(name + "[" + k + "]") + "=" + encoded(v));
                  }
                });
        case FORM ->
            map.forEach(
                (k, v) -> {
                  if (v != null) {
                    out.add(UrlEncoding.component(String.valueOf(k)) + "=" + encoded(v));
                  }
                });
        default -> out.add(key + "=" + String.join(",", encodedPairs(map)));
      }
      return;
    }
    if (value instanceof List<?> list) {
      List<String> items = new ArrayList<>();
      list.stream().filter(v -> v != null).forEach(v -> items.add(encoded(v)));
      switch (style) {
        case FORM, DEEP_OBJECT -> items.forEach(v -> out.add(key + "=" + v));
        case FORM_NO_EXPLODE -> out.add(key + "=" + String.join(",", items));
        case SPACE_DELIMITED -> out.add(key + "=" + String.join("%20", items));
        case PIPE_DELIMITED -> out.add(key + "=" + String.join("%7C", items));
      }
      return;
    }
    out.add(key + "=" + encoded(value));
  }

  /** A path placeholder value: a list or object comma-separated, each piece percent-encoded. */
  static String path(Object value) {
    if (value instanceof List<?> list) {
      List<String> items = new ArrayList<>();
      list.forEach(v -> items.add(encoded(v)));
      return String.join(",", items);
    }
    if (value instanceof Map<?, ?> map) {
      return String.join(",", encodedPairs(map));
    }
    return encoded(value);
  }

  /** A header value: a list or object comma-separated, not encoded. */
  static String header(Object value) {
    if (value instanceof List<?> list) {
      List<String> items = new ArrayList<>();
      list.forEach(v -> items.add(text(v)));
      return String.join(",", items);
    }
    if (value instanceof Map<?, ?> map) {
      List<String> items = new ArrayList<>();
      map.forEach(
          (k, v) -> {
            items.add(String.valueOf(k));
            items.add(text(v));
          });
      return String.join(",", items);
    }
    return text(value);
  }

  /** Text for one value: strings as they are, numbers and booleans printed, the rest as JSON. */
  static String text(Object v) {
    if (v == null) {
      return "";
    }
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    return Json.write(v);
  }

  private static String encoded(Object v) {
    return UrlEncoding.component(text(v));
  }

  private static List<String> encodedPairs(Map<?, ?> map) {
    List<String> items = new ArrayList<>();
    map.forEach(
        (k, v) -> {
          items.add(UrlEncoding.component(String.valueOf(k)));
          items.add(encoded(v));
        });
    return items;
  }
}
