package dev.toolnexus.internal;

import dev.toolnexus.Json;
import dev.toolnexus.Names;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.annotations.ToolMethod;
import dev.toolnexus.schema.TypeSchemas;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link Tool} that calls a {@link ToolMethod}-annotated method, binding arguments by name. A
 * method returning a record declares the record's schema as its output schema, and its output is
 * that record as JSON without null properties (an absent optional value is left out, not sent as
 * null), so the output keeps the schema.
 */
public final class MethodTool implements Tool {
  private final Object target;
  private final Method method;
  private final String name;
  private final String description;
  private final Map<String, Object> schema;
  private final List<PropertyInfo> params; // null entry = the ToolContext slot
  private final Map<String, Object> outputSchema;
  private final ToolAnnotations annotations;

  private MethodTool(Object target, Method method, ToolMethod annotation) {
    this.target = target;
    this.method = method;
    this.name =
        Names.requireValid(annotation.name().isEmpty() ? method.getName() : annotation.name());
    this.description = annotation.value();
    this.params = new ArrayList<>();
    for (Parameter p : method.getParameters()) {
      if (p.getType() == ToolContext.class) {
        params.add(null);
        continue;
      }
      PropertyInfo info = PropertyInfo.of(p);
      if (!p.isNamePresent() && info.name().equals(p.getName())) {
        throw new IllegalArgumentException(
            "tool "
                + name
                + ": parameter names of "
                + method
                + " are not in the class file; compile with -parameters or name each parameter with"
                + " @Param(name = ...)");
      }
      params.add(info);
    }
    this.schema = TypeSchemas.ofParameters(method);
    this.outputSchema =
        method.getReturnType().isRecord() && method.getReturnType() != ToolResult.class
            ? TypeSchemas.of(method.getGenericReturnType())
            : Map.of();
    this.annotations = annotations(annotation);
  }

  /**
   * The hints the annotation states: only those that differ from MCP's defaults (not read-only,
   * destructive, not idempotent, open world), so a method that states nothing lists no hints.
   */
  private static ToolAnnotations annotations(ToolMethod a) {
    return new ToolAnnotations(
        a.title().isEmpty() ? null : a.title(),
        a.readOnly() ? Boolean.TRUE : null,
        a.destructive() ? null : Boolean.FALSE,
        a.idempotent() ? Boolean.TRUE : null,
        a.openWorld() ? null : Boolean.FALSE,
        List.of());
  }

  /**
   * Every {@link ToolMethod} of the object's class (public methods, inherited ones included), as
   * tools sorted by name.
   *
   * @throws IllegalArgumentException for a bad name, a duplicate name, or missing parameter names
   */
  public static List<Tool> of(Object target) {
    Class<?> type = target instanceof Class<?> c ? c : target.getClass();
    Object instance = target instanceof Class<?> ? null : target;
    List<Tool> tools = new ArrayList<>();
    for (Method m : type.getMethods()) {
      ToolMethod annotation = m.getAnnotation(ToolMethod.class);
      if (annotation == null) {
        continue;
      }
      if (instance == null && !Modifier.isStatic(m.getModifiers())) {
        throw new IllegalArgumentException(
            "@ToolMethod " + m.getName() + " is not static; pass an instance of " + type.getName());
      }
      tools.add(new MethodTool(instance, m, annotation));
    }
    tools.sort(Comparator.comparing(Tool::name));
    for (int i = 1; i < tools.size(); i++) {
      if (tools.get(i).name().equals(tools.get(i - 1).name())) {
        throw new IllegalArgumentException(
            "two @ToolMethod methods of " + type.getName() + " are named " + tools.get(i).name());
      }
    }
    if (tools.isEmpty()) {
      throw new IllegalArgumentException(type.getName() + " has no public @ToolMethod methods");
    }
    return List.copyOf(tools);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Map<String, Object> inputSchema() {
    return schema;
  }

  @Override
  public Map<String, Object> outputSchema() {
    return outputSchema;
  }

  @Override
  public ToolAnnotations annotations() {
    return annotations;
  }

  @Override
  public Source source() {
    return Source.NATIVE;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    Map<String, Object> in = args == null ? Map.of() : args;
    Object[] values = new Object[params.size()];
    Parameter[] declared = method.getParameters();
    for (int i = 0; i < values.length; i++) {
      PropertyInfo p = params.get(i);
      if (p == null) {
        values[i] = ctx == null ? ToolContext.empty() : ctx;
        continue;
      }
      try {
        values[i] =
            ArgumentBinder.bind(
                name, p.name(), in.get(p.name()), declared[i].getParameterizedType());
      } catch (ArgumentBinder.BindException e) {
        return ToolResult.error(e.getMessage());
      }
    }
    try {
      Object out = method.invoke(target, values);
      return outputSchema.isEmpty() || !(out instanceof Record)
          ? Results.from(out)
          : ToolResult.ok(Json.write(withoutNulls(Json.mapper().valueToTree(out))));
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof InterruptedException) {
        Thread.currentThread().interrupt();
        return ToolResult.error("tool " + name + " was interrupted");
      }
      return ToolResult.error(Errors.message(cause));
    } catch (IllegalAccessException e) {
      return ToolResult.error("tool " + name + " cannot be called: " + Errors.message(e));
    }
  }

  @Override
  public String toString() {
    return "Tool["
        + name
        + ", native, "
        + method.getDeclaringClass().getSimpleName()
        + "."
        + method.getName()
        + "]";
  }

  /** {@code node} with every null property of every object in it left out. */
  private static JsonNode withoutNulls(JsonNode node) {
    if (node instanceof ObjectNode o) {
      List<String> nulls = new ArrayList<>();
      for (Map.Entry<String, JsonNode> e : o.properties()) {
        if (e.getValue().isNull()) {
          nulls.add(e.getKey());
        } else {
          withoutNulls(e.getValue());
        }
      }
      o.remove(nulls);
    } else if (node != null && node.isArray()) {
      node.forEach(MethodTool::withoutNulls);
    }
    return node;
  }

  /** Turns a tool body's return value into a result. */
  static final class Results {
    private Results() {}

    static ToolResult from(Object out) {
      if (out instanceof ToolResult r) {
        return r;
      }
      if (out == null) {
        return ToolResult.ok("");
      }
      if (out instanceof CharSequence s) {
        return ToolResult.ok(s.toString());
      }
      return ToolResult.ok(Json.write(out));
    }
  }
}
