package dev.toolnexus.schema;

import java.util.List;
import java.util.Map;

/** Checks arguments against a tool's input schema. PLACEHOLDER: completed by the foundation. */
public final class SchemaValidator {
  private SchemaValidator() {}

  /** Every problem found, each naming the field; empty when the arguments fit. */
  public static List<String> validate(Map<String, Object> schema, Map<String, Object> args) {
    return List.of();
  }
}
