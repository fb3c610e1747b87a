package dev.toolnexus.schema;

import dev.toolnexus.Json;
import dev.toolnexus.schema.internal.FastSchema;
import dev.toolnexus.schema.internal.InstanceCheck;
import dev.toolnexus.schema.internal.NetworkntCheck;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Checks a tool's arguments against its input schema before the tool runs, so the model gets every
 * problem (missing required fields, wrong types, values outside an enum, nested objects and arrays)
 * in one error result and can correct itself.
 *
 * <p>Backed by the networknt JSON-Schema validator (Jackson 3, the same copy the MCP SDK uses),
 * with JSON-Schema 2020-12 as the default dialect and remote {@code $ref} fetching off. Schemas
 * that use only {@code type}, {@code properties}, {@code required}, {@code enum}, {@code items},
 * {@code additionalProperties} and annotations, as most tool schemas do, are checked by a small
 * built-in validator with the same verdicts and messages, so networknt loads only for the others.
 * It is lenient on purpose: unknown keywords are ignored, {@code format} is not asserted, and a
 * schema the validator cannot compile accepts every argument object rather than blocking a tool
 * whose schema came from a third party.
 */
public final class SchemaValidator {
  private static final Logger log = LoggerFactory.getLogger(SchemaValidator.class);
  private static final SchemaValidator ACCEPT_ALL = new SchemaValidator(null);

  private final InstanceCheck check;

  private SchemaValidator(InstanceCheck check) {
    this.check = check;
  }

  /**
   * Compiles a schema once for many checks. A schema that cannot be compiled yields a validator
   * that accepts everything (logged at debug level).
   *
   * @param inputSchema a JSON-Schema object as plain values; null or empty accepts everything
   */
  public static SchemaValidator of(Map<String, ?> inputSchema) {
    return compile(inputSchema, true);
  }

  /** The validator networknt alone would give, for tests that compare it with the fast one. */
  static SchemaValidator ofNetworknt(Map<String, ?> inputSchema) {
    return compile(inputSchema, false);
  }

  private static SchemaValidator compile(Map<String, ?> inputSchema, boolean fastAllowed) {
    if (inputSchema == null || inputSchema.isEmpty()) {
      return ACCEPT_ALL;
    }
    try {
      JsonNode node = Json.mapper().valueToTree(inputSchema);
      InstanceCheck fast = fastAllowed ? FastSchema.compile(node) : null;
      return new SchemaValidator(fast != null ? fast : NetworkntCheck.compile(node));
    } catch (RuntimeException e) {
      log.debug("input schema not checked, it does not compile: {}", e.getMessage());
      return ACCEPT_ALL;
    }
  }

  /**
   * Every problem of {@code args} against a schema, each naming the field; empty when they fit.
   * Compiles the schema on each call; prefer {@link #of} plus {@link #check} for repeated use.
   */
  public static List<String> validate(Map<String, ?> inputSchema, Map<String, ?> args) {
    return of(inputSchema).check(args);
  }

  /**
   * Every problem of {@code args} against this schema, sorted (so by field), each of the form
   * {@code <field>: <what is wrong>} ({@code <field>} is a dotted path such as {@code address.city}
   * or {@code tags[2]}; {@code (arguments)} for the whole object).
   */
  public List<String> check(Map<String, ?> args) {
    if (check == null) {
      return List.of();
    }
    JsonNode instance = Json.mapper().valueToTree(args == null ? Map.of() : args);
    List<String> lines;
    try {
      lines = check.problems(instance);
    } catch (RuntimeException e) {
      log.debug("input schema check skipped: {}", e.getMessage());
      return List.of();
    }
    return lines.isEmpty() ? List.of() : List.copyOf(new TreeSet<>(lines));
  }

  /** Whether this validator checks anything (false for a missing or uncompilable schema). */
  public boolean isActive() {
    return check != null;
  }

  /** Whether the built-in validator checks this schema rather than networknt. */
  boolean isFast() {
    return check instanceof FastSchema;
  }
}
