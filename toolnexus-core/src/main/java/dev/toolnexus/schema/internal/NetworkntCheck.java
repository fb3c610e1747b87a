package dev.toolnexus.schema.internal;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * The full validator: any JSON Schema, checked by networknt's json-schema-validator (2020-12 by
 * default, remote {@code $ref} fetching off, unknown keywords quiet annotations). Only this class
 * touches networknt, so its few hundred classes load only when a schema needs it.
 */
public final class NetworkntCheck implements InstanceCheck {
  private static final SchemaRegistry REGISTRY = registry();

  private final Schema schema;

  private NetworkntCheck(Schema schema) {
    this.schema = schema;
  }

  /**
   * Compiles a schema tree.
   *
   * @throws RuntimeException when networknt cannot compile it
   */
  public static InstanceCheck compile(JsonNode schemaNode) {
    return new NetworkntCheck(REGISTRY.getSchema(schemaNode));
  }

  @Override
  public List<String> problems(JsonNode instance) {
    List<Error> errors = schema.validate(instance);
    List<String> lines = new ArrayList<>(errors.size());
    for (Error e : errors) {
      lines.add(describe(e));
    }
    return lines;
  }

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

  private static String describe(Error e) {
    StringBuilder field = new StringBuilder();
    NodePath at = e.getInstanceLocation();
    for (int i = 0; i < at.getNameCount(); i++) {
      ProblemLines.appendSegment(field, at.getElement(i));
    }
    String keyword = Objects.toString(e.getKeyword(), "");
    Object[] args = e.getArguments() == null ? new Object[0] : e.getArguments();
    switch (keyword) {
      case "required":
        return ProblemLines.required(field, e.getProperty());
      case "additionalProperties":
        return ProblemLines.notAllowed(field, e.getProperty());
      case "type":
        if (args.length == 2) {
          return ProblemLines.type(field, args[1], args[0]);
        }
        break;
      case "enum":
        return ProblemLines.notInEnum(
            field, args.length > 0 ? args[0] : "the allowed values", e.getInstanceNode());
      default:
        break;
    }
    return ProblemLines.name(field) + ": " + Objects.toString(e.getMessage(), keyword);
  }
}
