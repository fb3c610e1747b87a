package dev.toolnexus.schema.internal;

import java.util.Set;

/**
 * Which schema keywords the fast validator handles, which it may ignore as annotations, and which
 * send a schema to networknt. Every keyword of JSON-Schema drafts 4 through 2020-12 (and
 * networknt's OpenAPI extras) that is neither implemented nor a pure annotation is in {@link
 * #FALLBACK}; any other word is a vendor annotation, as networknt's quiet dialects treat it.
 */
final class SubsetKeywords {
  /** Keywords the fast validator checks. */
  static final Set<String> IMPLEMENTED =
      Set.of("type", "properties", "required", "enum", "items", "additionalProperties");

  /** Standard keywords that never assert anything in the dialects the fast validator accepts. */
  static final Set<String> ANNOTATIONS =
      Set.of(
          "title",
          "description",
          "default",
          "examples",
          "$comment",
          "deprecated",
          "readOnly",
          "writeOnly");

  /** Asserted by networknt in drafts 6 and 7, an annotation from 2019-09 on. */
  static final String FORMAT = "format";

  /** Standard keywords the fast validator does not implement. */
  static final Set<String> FALLBACK =
      Set.of(
          "$schema",
          "$id",
          "id",
          "$ref",
          "$defs",
          "definitions",
          "$anchor",
          "$dynamicAnchor",
          "$dynamicRef",
          "$recursiveAnchor",
          "$recursiveRef",
          "$vocabulary",
          "const",
          "multipleOf",
          "maximum",
          "exclusiveMaximum",
          "minimum",
          "exclusiveMinimum",
          "maxLength",
          "minLength",
          "pattern",
          "maxItems",
          "minItems",
          "uniqueItems",
          "maxContains",
          "minContains",
          "contains",
          "maxProperties",
          "minProperties",
          "dependentRequired",
          "dependentSchemas",
          "dependencies",
          "propertyDependencies",
          "allOf",
          "anyOf",
          "oneOf",
          "not",
          "if",
          "then",
          "else",
          "additionalItems",
          "prefixItems",
          "unevaluatedItems",
          "unevaluatedProperties",
          "patternProperties",
          "propertyNames",
          "contentEncoding",
          "contentMediaType",
          "contentSchema",
          "nullable",
          "discriminator",
          // networknt's own entries in its draft dialects
          "notAllowed",
          "exampleSetFlag",
          "true",
          "false");

  /**
   * The {@code $schema} values of the dialects the fast validator follows, mapped to whether {@code
   * format} is an annotation there; drafts 4 (no whole-number integers such as 1.0) and unknown
   * dialects fall back.
   */
  static Boolean formatIsAnnotation(String dialect) {
    switch (dialect) {
      case "https://json-schema.org/draft/2020-12/schema":
      case "https://json-schema.org/draft/2020-12/schema#":
      case "https://json-schema.org/draft/2019-09/schema":
      case "https://json-schema.org/draft/2019-09/schema#":
        return Boolean.TRUE;
      case "http://json-schema.org/draft-07/schema#":
      case "http://json-schema.org/draft-07/schema":
      case "http://json-schema.org/draft-06/schema#":
      case "http://json-schema.org/draft-06/schema":
        return Boolean.FALSE;
      default:
        return null;
    }
  }

  private SubsetKeywords() {}
}
