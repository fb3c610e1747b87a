package dev.toolnexus.schema.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A small validator for the JSON-Schema subset real tool schemas use ({@code type}, {@code
 * properties}, {@code required}, {@code enum}, {@code items}, {@code additionalProperties} and
 * annotations), giving the same verdicts and problem lines as networknt without loading it. {@link
 * #compile} returns null for any schema outside the subset, which then goes to networknt.
 */
public final class FastSchema implements InstanceCheck {
  // Deeper schemas are left to networknt (and its own limits) rather than risking this stack.
  private static final int MAX_DEPTH = 64;

  private final ValueType[] types;
  private final String typeText;
  private final EnumValues enumValues;
  private final Map<String, FastSchema> properties;
  private final Set<String> declared;
  private final String[] required;
  private final boolean additionalAllowed;
  private final FastSchema additionalSchema;
  private final FastSchema items;

  private FastSchema(Parts p) {
    this.types = p.types;
    this.typeText = p.typeText;
    this.enumValues = p.enumValues;
    this.properties = p.properties;
    this.declared = p.properties == null ? Set.of() : p.properties.keySet();
    this.required = p.required;
    this.additionalAllowed = p.additionalAllowed;
    this.additionalSchema = p.additionalSchema;
    this.items = p.items;
  }

  /**
   * The fast validator for a root schema, or null when anything in it (recursively) is outside the
   * subset: a keyword it does not implement, a {@code $schema} naming another dialect, or an odd
   * value.
   */
  public static FastSchema compile(JsonNode root) {
    if (root == null || !root.isObject()) {
      return null;
    }
    boolean formatIsAnnotation = true;
    JsonNode dialect = root.get("$schema");
    if (dialect != null) {
      Boolean known =
          dialect.isString() ? SubsetKeywords.formatIsAnnotation(dialect.asString()) : null;
      if (known == null) {
        return null;
      }
      formatIsAnnotation = known;
    }
    return parse(root, formatIsAnnotation, 0, true);
  }

  private static FastSchema parse(
      JsonNode node, boolean formatIsAnnotation, int depth, boolean root) {
    if (!node.isObject() || depth > MAX_DEPTH) {
      return null;
    }
    Parts p = new Parts();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String keyword = e.getKey();
      JsonNode value = e.getValue();
      boolean understood;
      switch (keyword) {
        case "type":
          understood = p.type(value);
          break;
        case "enum":
          understood = value.isArray();
          if (understood) {
            p.enumValues = new EnumValues(value);
          }
          break;
        case "required":
          understood = p.required(value);
          break;
        case "properties":
          understood = p.properties(value, formatIsAnnotation, depth);
          break;
        case "additionalProperties":
          if (value.isBoolean()) {
            p.additionalAllowed = value.booleanValue();
            understood = true;
          } else {
            p.additionalSchema = parse(value, formatIsAnnotation, depth + 1, false);
            understood = p.additionalSchema != null;
          }
          break;
        case "items":
          p.items = parse(value, formatIsAnnotation, depth + 1, false);
          understood = p.items != null;
          break;
        case "$schema":
          understood = root;
          break;
        case SubsetKeywords.FORMAT:
          understood = formatIsAnnotation;
          break;
        default:
          understood =
              SubsetKeywords.ANNOTATIONS.contains(keyword)
                  || !SubsetKeywords.FALLBACK.contains(keyword);
          break;
      }
      if (!understood) {
        return null;
      }
    }
    return new FastSchema(p);
  }

  @Override
  public List<String> problems(JsonNode instance) {
    Walk walk = new Walk();
    validate(instance, walk);
    return walk.lines == null ? List.of() : walk.lines;
  }

  private void validate(JsonNode node, Walk walk) {
    if (types != null) {
      ValueType actual = ValueType.of(node);
      if (!typeMatches(node, actual)) {
        walk.add(ProblemLines.type(walk.field(), typeText, actual));
      }
    }
    if (enumValues != null) {
      JsonNode rejected = enumValues.rejected(node);
      if (rejected != null) {
        walk.add(ProblemLines.notInEnum(walk.field(), enumValues.text(), rejected));
      }
    }
    if (node.isObject()) {
      validateObject(node, walk);
    } else if (node.isArray() && items != null) {
      for (int i = 0; i < node.size(); i++) {
        walk.push(i);
        items.validate(node.get(i), walk);
        walk.pop();
      }
    }
  }

  private boolean typeMatches(JsonNode node, ValueType actual) {
    for (ValueType t : types) {
      if (t.accepts(node, actual)) {
        return true;
      }
    }
    return false;
  }

  private void validateObject(JsonNode node, Walk walk) {
    if (required != null) {
      for (String name : required) {
        if (node.get(name) == null) {
          walk.add(ProblemLines.required(walk.field(), name));
        }
      }
    }
    if (properties != null) {
      for (Map.Entry<String, FastSchema> e : properties.entrySet()) {
        JsonNode value = node.get(e.getKey());
        if (value != null) {
          walk.push(e.getKey());
          e.getValue().validate(value, walk);
          walk.pop();
        }
      }
    }
    if (additionalAllowed && additionalSchema == null) {
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey();
      if (declared.contains(name)) {
        continue;
      }
      if (additionalSchema == null) {
        walk.add(ProblemLines.notAllowed(walk.field(), name));
      } else {
        walk.push(name);
        additionalSchema.validate(e.getValue(), walk);
        walk.pop();
      }
    }
  }

  /** The keywords of one schema object while it is being compiled. */
  private static final class Parts {
    ValueType[] types;
    String typeText;
    EnumValues enumValues;
    Map<String, FastSchema> properties;
    String[] required;
    boolean additionalAllowed = true;
    FastSchema additionalSchema;
    FastSchema items;

    boolean type(JsonNode value) {
      if (value.isString()) {
        ValueType t = ValueType.named(value.asString());
        types = t == null ? null : new ValueType[] {t};
        typeText = t == null ? null : t.toString();
        return t != null;
      }
      if (!value.isArray() || value.isEmpty()) {
        return false;
      }
      types = new ValueType[value.size()];
      for (int i = 0; i < types.length; i++) {
        JsonNode name = value.get(i);
        types[i] = name.isString() ? ValueType.named(name.asString()) : null;
        if (types[i] == null) {
          return false;
        }
      }
      typeText = Arrays.toString(types);
      return true;
    }

    boolean required(JsonNode value) {
      if (!value.isArray()) {
        return false;
      }
      required = new String[value.size()];
      for (int i = 0; i < required.length; i++) {
        JsonNode name = value.get(i);
        if (!name.isString()) {
          return false;
        }
        required[i] = name.asString();
      }
      return true;
    }

    boolean properties(JsonNode value, boolean formatIsAnnotation, int depth) {
      if (!value.isObject()) {
        return false;
      }
      properties = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : value.properties()) {
        FastSchema s = parse(e.getValue(), formatIsAnnotation, depth + 1, false);
        if (s == null) {
          return false;
        }
        properties.put(e.getKey(), s);
      }
      return true;
    }
  }

  /** One check's state: the path to the value being checked and the lines found so far. */
  private static final class Walk {
    private Object[] path = new Object[8];
    private int depth;
    List<String> lines;

    void push(Object segment) {
      if (depth == path.length) {
        path = Arrays.copyOf(path, depth * 2);
      }
      path[depth++] = segment;
    }

    void pop() {
      path[--depth] = null;
    }

    StringBuilder field() {
      StringBuilder field = new StringBuilder();
      for (int i = 0; i < depth; i++) {
        ProblemLines.appendSegment(field, path[i]);
      }
      return field;
    }

    void add(String line) {
      if (lines == null) {
        lines = new ArrayList<>();
      }
      lines.add(line);
    }
  }
}
