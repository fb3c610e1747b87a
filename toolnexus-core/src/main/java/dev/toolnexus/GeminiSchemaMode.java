package dev.toolnexus;

/**
 * How {@link Adapters#toGemini(java.util.List, GeminiSchemaMode)} renders a tool's input schema.
 *
 * <p>{@link #OPENAPI} is the default of the {@code gemini} client style: the {@code parameters}
 * field and its OpenAPI-subset {@code Schema} object are documented for every Gemini API version
 * (v1, v1beta, Vertex AI), and the converted schema holds only keys that object documents, so a
 * request cannot fail on an unknown or unsupported keyword. {@link #JSON_SCHEMA} keeps more of the
 * schema (recursion, {@code additionalProperties}) but relies on the newer {@code
 * parametersJsonSchema} field, which only v1beta documents and which still rejects {@code $schema}
 * and unresolvable references.
 */
public enum GeminiSchemaMode {
  /** {@code parameters} holds the tool's input schema unchanged, names unchanged (the seeds). */
  VERBATIM,
  /**
   * {@code parameters} holds {@link GeminiSchemas#compat(java.util.Map)}; names Gemini rejects get
   * an alias from {@link GeminiNames}; a tool without parameters declares none.
   */
  OPENAPI,
  /**
   * {@code parametersJsonSchema} holds {@link GeminiSchemas#jsonSchema(java.util.Map)}; names
   * Gemini rejects get an alias from {@link GeminiNames}.
   */
  JSON_SCHEMA
}
