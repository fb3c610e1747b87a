package dev.toolnexus.classifier;

import dev.toolnexus.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the state a classifier judges. The role sits beside the data's own fields at the top
 * level, so each question can name the field it judges and the role never has to be repeated in
 * instructions.
 */
public final class State {

  private State() {}

  /**
   * {@code role} beside {@code data}'s fields; data that is not an object (text, a number, a list)
   * goes under {@code data}. A record or bean counts as an object.
   */
  public static Map<String, Object> of(String role, Object data) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("role", role);
    Object plain =
        data == null
                || data instanceof Map<?, ?>
                || data instanceof CharSequence
                || data instanceof Number
                || data instanceof Boolean
                || data instanceof List<?>
            ? data
            : Json.toPlain(data);
    if (plain instanceof Map<?, ?> m) {
      m.forEach((k, v) -> out.put(String.valueOf(k), v));
    } else {
      out.put("data", plain instanceof CharSequence cs ? cs.toString() : plain);
    }
    return out;
  }

  /** A {@code context} and a {@code message}, the common shape of a judged turn. */
  public static Map<String, Object> context(String context, String message) {
    return context(context, message, Map.of());
  }

  /** A {@code context} and a {@code message}, with {@code extra} fields beside them. */
  public static Map<String, Object> context(String context, String message, Map<String, ?> extra) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("context", context);
    out.put("message", message);
    out.putAll(extra);
    return out;
  }
}
