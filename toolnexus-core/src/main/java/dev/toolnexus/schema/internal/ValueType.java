package dev.toolnexus.schema.internal;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeType;

/**
 * The JSON type of a value or a {@code type} name, classified exactly as networknt does with its
 * default settings (so a whole number written as {@code 1.0} is a number that still passes as an
 * integer, and NaN or an infinity is of no type).
 */
enum ValueType {
  OBJECT("object"),
  ARRAY("array"),
  STRING("string"),
  NUMBER("number"),
  INTEGER("integer"),
  BOOLEAN("boolean"),
  NULL("null"),
  UNKNOWN("unknown");

  private final String word;

  ValueType(String word) {
    this.word = word;
  }

  /** The type a {@code type} keyword names, or null for a word outside the seven JSON types. */
  static ValueType named(String word) {
    for (ValueType t : values()) {
      if (t != UNKNOWN && t.word.equals(word)) {
        return t;
      }
    }
    return null;
  }

  /** The type of an argument value (binary and POJO values count as strings, as in networknt). */
  static ValueType of(JsonNode node) {
    JsonNodeType type = node.getNodeType();
    if (type == JsonNodeType.OBJECT) {
      return OBJECT;
    } else if (type == JsonNodeType.ARRAY) {
      return ARRAY;
    } else if (type == JsonNodeType.STRING
        || type == JsonNodeType.BINARY
        || type == JsonNodeType.POJO) {
      return STRING;
    } else if (type == JsonNodeType.NUMBER) {
      if (node.isIntegralNumber()) {
        return INTEGER;
      }
      return isNonFinite(node) ? UNKNOWN : NUMBER;
    } else if (type == JsonNodeType.BOOLEAN) {
      return BOOLEAN;
    } else if (type == JsonNodeType.NULL) {
      return NULL;
    }
    return UNKNOWN;
  }

  /** Whether {@code node}, of type {@code actual}, passes as this type. */
  boolean accepts(JsonNode node, ValueType actual) {
    if (actual == this) {
      return true;
    }
    if (this == NUMBER && actual == INTEGER) {
      return true;
    }
    return this == INTEGER && actual == NUMBER && node.canConvertToExactIntegral();
  }

  /** NaN or an infinity held as a binary floating-point number. */
  static boolean isNonFinite(JsonNode node) {
    return node.isFloatingPointNumber()
        && !node.isBigDecimal()
        && !node.isBigInteger()
        && !Double.isFinite(node.doubleValue());
  }

  @Override
  public String toString() {
    return word;
  }
}
