package dev.toolnexus.schema;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.BasicDialectRegistry;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.DialectId;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.AnnotationKeyword;
import com.networknt.schema.keyword.KeywordFactory;
import com.networknt.schema.path.NodePath;
import dev.toolnexus.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Checks a tool's arguments against its input schema before the tool runs, so the model gets every
 * problem (missing required fields, wrong types, values outside an enum, nested objects and arrays)
 * in one error result and can correct itself.
 *
 * <p>Backed by the networknt JSON-Schema validator (Jackson 3, the same copy the MCP SDK uses),
 * with JSON-Schema 2020-12 as the default dialect and remote {@code $ref} fetching off. It is
 * lenient on purpose: unknown keywords are ignored, {@code format} is not asserted, and a schema
 * the validator cannot compile accepts every argument object rather than blocking a tool whose
 * schema came from a third party.
 */
public final class SchemaValidator {
  private static final Logger log = LoggerFactory.getLogger(SchemaValidator.class);
  private static final SchemaRegistry REGISTRY = registry();
  private static final SchemaValidator ACCEPT_ALL = new SchemaValidator(null);

  private final Schema schema;

  // The stock dialects log a warning for every unknown keyword; tool schemas are full of vendor
  // keywords (x-*, title variants), so ours treat them as plain annotations, silently. Each is
  // built the first time a schema asks for it: nearly every tool schema uses the default
  // (2020-12), and the older drafts need not be built at all.
  private static SchemaRegistry registry() {
    Map<String, Supplier<Dialect>> stock =
        Map.of(
            DialectId.DRAFT_4, Dialects::getDraft4,
            DialectId.DRAFT_6, Dialects::getDraft6,
            DialectId.DRAFT_7, Dialects::getDraft7,
            DialectId.DRAFT_2019_09, Dialects::getDraft201909,
            DialectId.DRAFT_2020_12, Dialects::getDraft202012);
    Map<String, Dialect> built = new ConcurrentHashMap<>();
    Function<String, Dialect> quietDialect =
        id -> {
          Supplier<Dialect> base = id == null ? null : stock.get(id);
          return base == null ? null : built.computeIfAbsent(id, k -> quiet(base.get()));
        };
    return SchemaRegistry.withDefaultDialect(
        quietDialect.apply(DialectId.DRAFT_2020_12),
        b -> b.dialectRegistry(new BasicDialectRegistry(quietDialect)));
  }

  private static Dialect quiet(Dialect stock) {
    KeywordFactory quiet = (name, context) -> new AnnotationKeyword(name);
    return Dialect.builder(stock).unknownKeywordFactory(quiet).build();
  }

  private SchemaValidator(Schema schema) {
    this.schema = schema;
  }

  /**
   * Compiles a schema once for many checks. A schema that cannot be compiled yields a validator
   * that accepts everything (logged at debug level).
   *
   * @param inputSchema a JSON-Schema object as plain values; null or empty accepts everything
   */
  public static SchemaValidator of(Map<String, ?> inputSchema) {
    if (inputSchema == null || inputSchema.isEmpty()) {
      return ACCEPT_ALL;
    }
    try {
      JsonNode node = Json.mapper().valueToTree(inputSchema);
      return new SchemaValidator(REGISTRY.getSchema(node));
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
    if (schema == null) {
      return List.of();
    }
    JsonNode instance = Json.mapper().valueToTree(args == null ? Map.of() : args);
    List<Error> errors;
    try {
      errors = schema.validate(instance);
    } catch (RuntimeException e) {
      log.debug("input schema check skipped: {}", e.getMessage());
      return List.of();
    }
    List<String> problems = new ArrayList<>(errors.size());
    for (Error e : errors) {
      String line = describe(e);
      if (!problems.contains(line)) {
        problems.add(line);
      }
    }
    problems.sort(null);
    return List.copyOf(problems);
  }

  /** Whether this validator checks anything (false for a missing or uncompilable schema). */
  public boolean isActive() {
    return schema != null;
  }

  private static String describe(Error e) {
    StringBuilder field = new StringBuilder();
    NodePath at = e.getInstanceLocation();
    for (int i = 0; i < at.getNameCount(); i++) {
      appendSegment(field, at.getElement(i));
    }
    String keyword = Objects.toString(e.getKeyword(), "");
    Object[] args = e.getArguments() == null ? new Object[0] : e.getArguments();
    switch (keyword) {
      case "required":
        appendSegment(field, e.getProperty());
        return field + ": is required but missing";
      case "additionalProperties":
        appendSegment(field, e.getProperty());
        return field + ": is not a known property (not allowed by the schema)";
      case "type":
        if (args.length == 2) {
          return name(field) + ": expected " + args[1] + ", got " + args[0];
        }
        break;
      case "enum":
        return name(field)
            + ": must be one of "
            + (args.length > 0 ? args[0] : "the allowed values")
            + ", got "
            + e.getInstanceNode();
      default:
        break;
    }
    return name(field) + ": " + Objects.toString(e.getMessage(), keyword);
  }

  private static void appendSegment(StringBuilder field, Object segment) {
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

  private static String name(StringBuilder field) {
    return field.length() == 0 ? "(arguments)" : field.toString();
  }
}
