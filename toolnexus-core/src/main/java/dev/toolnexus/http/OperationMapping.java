package dev.toolnexus.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One OpenAPI operation as an {@link HttpTool}: path, query and header parameters and the request
 * body merged into one input schema, each argument routed back to where the API expects it.
 */
final class OperationMapping {
  /** Header parameters OpenAPI says to ignore: the transport or the host sets them. */
  private static final Set<String> IGNORED_HEADERS =
      Set.of("accept", "content-type", "authorization");

  private final OpenApiImporter importer;
  private final String label;
  private final String method;
  private final String path;
  private final Map<String, Object> item;
  private final Map<String, Object> op;
  private final RefResolver refs;
  private final Map<String, Object> properties = new LinkedHashMap<>();
  private final List<String> required = new ArrayList<>();

  OperationMapping(
      OpenApiImporter importer,
      String label,
      String method,
      String path,
      Map<String, Object> item,
      Map<String, Object> op) {
    this.importer = importer;
    this.label = label;
    this.method = method;
    this.path = path;
    this.item = item;
    this.op = op;
    this.refs = importer.refs();
  }

  HttpTool build(String rootBase) throws OpenApiImporter.Skip, RefResolver.UnresolvableRef {
    OpenApiOptions options = importer.options();
    String base = rootBase;
    if (options.baseUrl() == null) {
      if (op.get("servers") instanceof List<?> s && !s.isEmpty()) {
        base = importer.serverUrl(s);
      } else if (item.get("servers") instanceof List<?> s && !s.isEmpty()) {
        base = importer.serverUrl(s);
      }
    }
    if (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    HttpTool.Builder tool =
        HttpTool.builder()
            .method(method)
            .url(base + path)
            .headers(options.headers())
            .env(options.env())
            .timeout(options.timeout())
            .resultMode(options.resultMode())
            .client(options.client())
            .body(BodyMode.NONE);
    options.query().forEach(tool::staticQuery);
    String accept = accept();
    if (accept != null) {
      tool.header("Accept", accept);
    }
    for (Map<String, Object> param : parameters()) {
      addParameter(tool, param);
    }
    for (java.util.regex.Matcher m = HttpTool.PLACEHOLDER.matcher(path); m.find(); ) {
      if (!properties.containsKey(m.group(1))) {
        importer.warn(
            label,
            "path placeholder {" + m.group(1) + "} is not declared; taken as a string",
            false);
        properties.put(m.group(1), new LinkedHashMap<>(Map.of("type", "string")));
        required.add(m.group(1));
      }
    }
    if (op.get("requestBody") != null) {
      addBody(tool, refs.deref(op.get("requestBody")));
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    if (!required.isEmpty()) {
      schema.put("required", required);
    }
    String operationId = op.get("operationId") instanceof String id && !id.isBlank() ? id : null;
    return tool.name(importer.uniqueName(operationId, method, path))
        .description(description())
        .inputSchema(schema)
        .build();
  }

  /** Path-item parameters overridden by operation parameters of the same name and location. */
  private List<Map<String, Object>> parameters()
      throws RefResolver.UnresolvableRef, OpenApiImporter.Skip {
    Map<String, Map<String, Object>> byKey = new LinkedHashMap<>();
    for (Object list : new Object[] {item.get("parameters"), op.get("parameters")}) {
      if (list == null) {
        continue;
      }
      if (!(list instanceof List<?> params)) {
        throw new OpenApiImporter.Skip("\"parameters\" must be a list");
      }
      for (Object raw : params) {
        Map<String, Object> p = refs.deref(raw);
        if (!(p.get("name") instanceof String name) || !(p.get("in") instanceof String in)) {
          throw new OpenApiImporter.Skip("a parameter has no \"name\" or \"in\"");
        }
        byKey.put(in + ":" + name, p);
      }
    }
    return new ArrayList<>(byKey.values());
  }

  private void addParameter(HttpTool.Builder tool, Map<String, Object> p)
      throws RefResolver.UnresolvableRef, OpenApiImporter.Skip {
    String name = (String) p.get("name");
    String in = (String) p.get("in");
    boolean isRequired = Boolean.TRUE.equals(p.get("required")) || in.equals("path");
    switch (in) {
      case "path" -> {
        if (!path.contains("{" + name + "}")) {
          importer.warn(label, "path parameter " + name + " does not occur in " + path, false);
          return;
        }
        put(name, p, true);
      }
      case "query" -> {
        if (!importer.options().query().containsKey(name)) {
          tool.queryParam(put(argName(name, "query"), p, isRequired), name, style(p));
        }
      }
      case "header" -> {
        if (IGNORED_HEADERS.contains(name.toLowerCase(Locale.ROOT))
            || importer.options().headers().keySet().stream().anyMatch(name::equalsIgnoreCase)) {
          return;
        }
        tool.headerArg(put(argName(name, "header"), p, isRequired), name);
      }
      case "cookie" -> {
        if (isRequired) {
          throw new OpenApiImporter.Skip("required cookie parameter " + name + " is not supported");
        }
        importer.warn(
            label, "cookie parameter " + name + " is not supported and was left out", false);
      }
      default ->
          throw new OpenApiImporter.Skip(
              "parameter " + name + " has unknown location \"" + in + "\"");
    }
  }

  /** The query style of a parameter from its OpenAPI {@code style} and {@code explode}. */
  private static QueryStyle style(Map<String, Object> param) {
    String style = param.get("style") instanceof String s ? s : "form";
    boolean explode =
        param.get("explode") instanceof Boolean b
            ? b
            : style.equals("form") || style.equals("deepObject");
    return switch (style) {
      case "spaceDelimited" -> QueryStyle.SPACE_DELIMITED;
      case "pipeDelimited" -> QueryStyle.PIPE_DELIMITED;
      case "deepObject" -> QueryStyle.DEEP_OBJECT;
      default -> explode ? QueryStyle.FORM : QueryStyle.FORM_NO_EXPLODE;
    };
  }

  /**
   * The Accept header for an operation whose success responses include JSON, so that APIs which
   * negotiate (JSON or XML) answer in JSON; null when none is declared or the host set one.
   */
  private String accept() {
    if (importer.options().headers().keySet().stream().anyMatch("Accept"::equalsIgnoreCase)
        || !(op.get("responses") instanceof Map<?, ?> responses)) {
      return null;
    }
    for (Map.Entry<?, ?> r : responses.entrySet()) {
      String code = String.valueOf(r.getKey());
      if (!code.startsWith("2") && !code.equals("default")) {
        continue;
      }
      Map<String, Object> response;
      try {
        response = refs.deref(r.getValue());
      } catch (RefResolver.UnresolvableRef e) {
        continue;
      }
      if (response.get("content") instanceof Map<?, ?> content) {
        for (Object type : content.keySet()) {
          if (isJson(String.valueOf(type).toLowerCase(Locale.ROOT))
              && !String.valueOf(type).equals("*/*")) {
            return String.valueOf(type);
          }
        }
      }
    }
    return null;
  }

  /** The argument name for a parameter: its own name unless an earlier one took it. */
  private String argName(String name, String in) {
    return properties.containsKey(name) ? name + "_" + in : name;
  }

  private String put(String arg, Map<String, Object> param, boolean isRequired)
      throws RefResolver.UnresolvableRef {
    Object rawSchema = param.get("schema");
    if (rawSchema == null
        && param.get("content") instanceof Map<?, ?> content
        && !content.isEmpty()) {
      Object media = content.values().iterator().next();
      rawSchema = media instanceof Map<?, ?> m ? m.get("schema") : null;
    }
    Map<String, Object> schema =
        rawSchema == null ? new LinkedHashMap<>(Map.of("type", "string")) : refs.inline(rawSchema);
    if (param.get("description") instanceof String d && !schema.containsKey("description")) {
      schema.put("description", d);
    }
    properties.put(arg, schema);
    if (isRequired) {
      required.add(arg);
    }
    return arg;
  }

  private void addBody(HttpTool.Builder tool, Map<String, Object> body)
      throws RefResolver.UnresolvableRef, OpenApiImporter.Skip {
    boolean bodyRequired = Boolean.TRUE.equals(body.get("required"));
    Map<?, ?> content = body.get("content") instanceof Map<?, ?> c ? c : Map.of();
    if (content.isEmpty()) {
      return;
    }
    String chosen = null;
    BodyMode mode = null;
    for (Object key : content.keySet()) {
      String type = String.valueOf(key).toLowerCase(Locale.ROOT);
      if (isJson(type)) {
        chosen = String.valueOf(key);
        mode = BodyMode.JSON;
        break;
      }
      if (mode == null && type.startsWith("application/x-www-form-urlencoded")) {
        chosen = String.valueOf(key);
        mode = BodyMode.FORM;
      } else if (mode == null && type.startsWith("text/")) {
        chosen = String.valueOf(key);
        mode = BodyMode.RAW;
      }
    }
    if (mode == null) {
      throw new OpenApiImporter.Skip(
          "request body type "
              + String.join(", ", content.keySet().stream().map(String::valueOf).toList())
              + " is not supported (supported: application/json, application/x-www-form-urlencoded,"
              + " text/*)");
    }
    tool.body(mode);
    if (!chosen.equals("*/*") && !chosen.equalsIgnoreCase("application/json")) {
      tool.contentType(chosen);
    }
    Object media = content.get(chosen);
    Object rawSchema = media instanceof Map<?, ?> m ? m.get("schema") : null;
    Map<String, Object> schema =
        rawSchema == null ? new LinkedHashMap<>() : flattenAllOf(refs.inline(rawSchema));
    if (body.get("description") instanceof String d && !schema.containsKey("description")) {
      schema.put("description", d);
    }
    if (mode != BodyMode.RAW
        && schema.get("properties") instanceof Map<?, ?> props
        && isObject(schema)
        && props.keySet().stream().noneMatch(properties::containsKey)) {
      props.forEach((k, v) -> properties.put(String.valueOf(k), v));
      if (schema.get("required") instanceof List<?> req) {
        req.forEach(r -> required.add(String.valueOf(r)));
      }
      return;
    }
    if (mode == BodyMode.FORM) {
      throw new OpenApiImporter.Skip("a form request body must be an object with properties");
    }
    String arg = properties.containsKey("body") ? "requestBody" : "body";
    if (mode == BodyMode.RAW && !schema.containsKey("type")) {
      schema.put("type", "string");
    }
    properties.put(arg, schema);
    if (bodyRequired) {
      required.add(arg);
    }
    tool.bodyArg(arg);
  }

  private static boolean isJson(String type) {
    String bare = type.split(";")[0].trim();
    return bare.equals("application/json") || bare.endsWith("+json") || bare.equals("*/*");
  }

  private static boolean isObject(Map<String, Object> schema) {
    Object type = schema.get("type");
    return type == null || "object".equals(type);
  }

  /** An {@code allOf} of object schemas becomes one object with all their properties. */
  private static Map<String, Object> flattenAllOf(Map<String, Object> schema) {
    if (!(schema.get("allOf") instanceof List<?> parts)) {
      return schema;
    }
    Map<String, Object> props = new LinkedHashMap<>();
    List<Object> req = new ArrayList<>();
    for (Object part : parts) {
      if (!(part instanceof Map<?, ?> p) || !(p.get("properties") instanceof Map<?, ?> pp)) {
        return schema;
      }
      pp.forEach((k, v) -> props.put(String.valueOf(k), v));
      if (p.get("required") instanceof List<?> r) {
        req.addAll(r);
      }
    }
    Map<String, Object> out = new LinkedHashMap<>(schema);
    out.remove("allOf");
    out.put("type", "object");
    if (out.get("properties") instanceof Map<?, ?> own) {
      own.forEach((k, v) -> props.put(String.valueOf(k), v));
    }
    out.put("properties", props);
    if (out.get("required") instanceof List<?> r) {
      req.addAll(r);
    }
    if (!req.isEmpty()) {
      out.put("required", req.stream().distinct().toList());
    }
    return out;
  }

  private String description() {
    String summary = op.get("summary") instanceof String s ? s.strip() : "";
    String details = op.get("description") instanceof String d ? d.strip() : "";
    if (summary.isEmpty() && details.isEmpty()) {
      return method.toUpperCase(Locale.ROOT) + " " + path;
    }
    if (summary.isEmpty() || details.isEmpty() || summary.equals(details)) {
      return summary.isEmpty() ? details : summary;
    }
    return summary + "\n\n" + details;
  }
}
