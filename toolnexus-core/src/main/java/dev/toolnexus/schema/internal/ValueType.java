package dev.toolnexus.schema.internal;

import tools.jackson.databind.JsonNode;

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

  /** The type of an argument value. */
  static ValueType of(JsonNode node) {
    switch (node.getNodeType()) {
      case OBJECT:
        return OBJECT;
      case ARRAY:
        return ARRAY;
      case STRING:
      case BINARY:
      case POJO:
        return STRING;
      case NUMBER:
        if (node.isIntegralNumber()) {
          return INTEGER;
        }
        return isNonFinite(node) ? UNKNOWN : NUMBER;
      case BOOLEAN:
        return BOOLEAN;
      case NULL:
        return NULL;
      default:
        return UNKNOWN;
    }
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
