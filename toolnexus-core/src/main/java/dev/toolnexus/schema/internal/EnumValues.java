package dev.toolnexus.schema.internal;

import java.util.HashSet;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.DecimalNode;
import tools.jackson.databind.node.DoubleNode;

/**
 * An {@code enum} keyword, compared and rendered as networknt does: numbers by value with trailing
 * zeros stripped (so 1 and 1.0 match), and the allowed values listed as {@code ["a", 1, null]}.
 */
final class EnumValues {
  private final JsonNode values;
  private final Set<JsonNode> allowed = new HashSet<>();
  // Rendered on the first rejection only: writing a string node loads Jackson's serializers.
  private String text;

  EnumValues(JsonNode values) {
    this.values = values;
    for (JsonNode n : values) {
      allowed.add(normalize(n));
    }
  }

  /** The allowed values as a problem line lists them. */
  String text() {
    String t = text;
    if (t == null) {
      StringBuilder sb = new StringBuilder().append('[');
      String separator = "";
      for (JsonNode n : values) {
        sb.append(separator).append(render(n));
        separator = ", ";
      }
      t = sb.append(']').toString();
      text = t;
    }
    return t;
  }

  /**
   * Null when {@code value} is allowed, else the value as a problem line shows it (a number with
   * its trailing zeros stripped).
   */
  JsonNode rejected(JsonNode value) {
    JsonNode normalized = normalize(value);
    return allowed.contains(normalized) ? null : normalized;
  }

  private static JsonNode normalize(JsonNode n) {
    if (n.isNumber()) {
      return number(n);
    }
    if (n.isArray()) {
      return array((ArrayNode) n);
    }
    return n;
  }

  private static String render(JsonNode n) {
    return n.isObject() || n.isArray() || n.isString() ? n.toString() : n.asString();
  }

  private static JsonNode number(JsonNode n) {
    if (ValueType.isNonFinite(n)) {
      return n.isDouble() ? n : DoubleNode.valueOf(n.doubleValue());
    }
    return DecimalNode.valueOf(n.decimalValue().stripTrailingZeros());
  }

  private static JsonNode array(ArrayNode node) {
    boolean hasNumber = false;
    for (JsonNode v : node) {
      hasNumber |= v.isNumber();
    }
    if (!hasNumber) {
      return node;
    }
    ArrayNode copy = node.deepCopy();
    for (int i = 0; i < copy.size(); i++) {
      JsonNode v = copy.get(i);
      if (v.isNumber()) {
        copy.set(i, number(v));
      }
    }
    return copy;
  }
}
