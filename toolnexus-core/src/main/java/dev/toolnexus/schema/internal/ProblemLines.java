package dev.toolnexus.schema.internal;

/**
 * Renders one problem line, {@code <field>: <what is wrong>}, the same way for both validators, so
 * a field path and its wording never depend on which one found the problem. (Built with
 * StringBuilder rather than {@code +}, whose first use per shape spins up method-handle classes.)
 */
public final class ProblemLines {
  private ProblemLines() {}

  /**
   * Appends a path segment: an index as {@code [i]}, a name after a dot (no dot at the start); null
   * adds nothing.
   */
  public static void appendSegment(StringBuilder field, Object segment) {
    if (segment == null) {
      return;
    }
    if (segment instanceof Integer index) {
      field.append('[').append(index).append(']');
      return;
    }
    if (field.length() > 0) {
      field.append('.');
    }
    field.append(segment);
  }

  /** The field as written in a line; {@code (arguments)} for the whole argument object. */
  public static String name(CharSequence field) {
    return field.length() == 0 ? "(arguments)" : field.toString();
  }

  /** A required property {@code property} of the object at {@code field} is missing. */
  public static String required(StringBuilder field, String property) {
    appendSegment(field, property);
    return field.append(": is required but missing").toString();
  }

  /** The object at {@code field} has a property its schema does not allow. */
  public static String notAllowed(StringBuilder field, String property) {
    appendSegment(field, property);
    return field.append(": is not a known property (not allowed by the schema)").toString();
  }

  /** The value at {@code field} has type {@code actual} where {@code expected} was asked for. */
  public static String type(CharSequence field, Object expected, Object actual) {
    return new StringBuilder(name(field))
        .append(": expected ")
        .append(expected)
        .append(", got ")
        .append(actual)
        .toString();
  }

  /** The value at {@code field}, rendered as {@code value}, is not one of {@code allowed}. */
  public static String notInEnum(CharSequence field, Object allowed, Object value) {
    return new StringBuilder(name(field))
        .append(": must be one of ")
        .append(allowed)
        .append(", got ")
        .append(value)
        .toString();
  }
}
