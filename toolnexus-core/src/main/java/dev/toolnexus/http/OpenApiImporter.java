package dev.toolnexus.http;

import dev.toolnexus.Names;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the operations of one {@link OpenApiDocument} into {@link HttpTool}s. An operation that
 * cannot be mapped is skipped with a warning naming it; the others still load.
 */
final class OpenApiImporter {
  private static final Logger log = LoggerFactory.getLogger(HttpTools.class);
  private static final List<String> METHODS =
      List.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
  private static final Pattern SERVER_VAR = Pattern.compile("\\{([^{}]+)}");

  private final OpenApiDocument doc;
  private final OpenApiOptions options;
  private final RefResolver refs;
  private final List<HttpTool> tools = new ArrayList<>();
  private final List<OpenApiImport.Warning> warnings = new ArrayList<>();
  private final Set<String> usedNames = new HashSet<>();

  OpenApiImporter(OpenApiDocument doc, OpenApiOptions options) {
    this.doc = doc;
    this.options = options;
    this.refs = new RefResolver(doc.root());
  }

  /** An operation that produces no tool, with the reason. */
  static final class Skip extends Exception {
    private static final long serialVersionUID = 1L;

    Skip(String message) {
      super(message);
    }
  }

  OpenApiImport run() {
    String rootBase = options.baseUrl();
    if (rootBase == null) {
      try {
        rootBase = serverUrl(doc.root().get("servers"));
      } catch (Skip e) {
        throw new IllegalArgumentException(
            "OpenAPI document " + doc.origin() + ": " + e.getMessage());
      }
    }
    Object paths = doc.root().get("paths");
    if (paths instanceof Map<?, ?> pathMap) {
      for (Map.Entry<?, ?> p : pathMap.entrySet()) {
        importPath(String.valueOf(p.getKey()), p.getValue(), rootBase);
      }
    }
    Object info = doc.root().get("info");
    String title = info instanceof Map<?, ?> i && i.get("title") instanceof String t ? t : "";
    return new OpenApiImport(title, tools, warnings);
  }

  private void importPath(String path, Object rawItem, String rootBase) {
    Map<String, Object> item;
    try {
      item = refs.deref(rawItem);
    } catch (RefResolver.UnresolvableRef e) {
      warn("path " + path, e.getMessage(), true);
      return;
    }
    for (String method : METHODS) {
      if (!(item.get(method) instanceof Map<?, ?> rawOp)) {
        continue;
      }
      Map<String, Object> op = new LinkedHashMap<>();
      rawOp.forEach((k, v) -> op.put(String.valueOf(k), v));
      String operationId = op.get("operationId") instanceof String id && !id.isBlank() ? id : null;
      String label =
          operationId != null ? operationId : method.toUpperCase(Locale.ROOT) + " " + path;
      if (!options.selects(operationId, tags(op), path)) {
        continue;
      }
      try {
        tools.add(new OperationMapping(this, label, method, path, item, op).build(rootBase));
      } catch (Skip e) {
        warn(label, e.getMessage(), true);
      } catch (RefResolver.UnresolvableRef | IllegalArgumentException e) {
        warn(label, e.getMessage(), true);
      }
    }
  }

  RefResolver refs() {
    return refs;
  }

  OpenApiOptions options() {
    return options;
  }

  void warn(String operation, String message, boolean skipped) {
    OpenApiImport.Warning w = new OpenApiImport.Warning(operation, message, skipped);
    warnings.add(w);
    log.warn("OpenAPI {}: {}", doc.origin(), w);
  }

  /** A unique, sanitized tool name of at most 64 characters. */
  String uniqueName(String operationId, String method, String path) {
    String raw = operationId != null ? operationId : fallbackName(method, path);
    String base = Names.sanitize(options.namePrefix() + raw);
    if (base.length() > Names.MAX_LENGTH) {
      base = base.substring(0, Names.MAX_LENGTH);
    }
    String name = base;
    for (int n = 2; !usedNames.add(name); n++) {
      String suffix = "_" + n;
      name =
          base.substring(0, Math.min(base.length(), Names.MAX_LENGTH - suffix.length())) + suffix;
    }
    return name;
  }

  private static String fallbackName(String method, String path) {
    String flat = path.replaceAll("[{}]", "").replaceAll("[^A-Za-z0-9_-]+", "_");
    flat = flat.replaceAll("_+", "_").replaceAll("^_|_$", "");
    return flat.isEmpty() ? method : method + "_" + flat;
  }

  /**
   * The base URL of a {@code servers} list: the first entry, its variables set to their defaults, a
   * relative URL resolved against the document's own URL.
   */
  String serverUrl(Object servers) throws Skip {
    String url = "/";
    Map<?, ?> variables = Map.of();
    if (servers instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?> s) {
      if (s.get("url") instanceof String u) {
        url = u;
      }
      if (s.get("variables") instanceof Map<?, ?> v) {
        variables = v;
      }
    }
    Matcher m = SERVER_VAR.matcher(url);
    StringBuilder out = new StringBuilder();
    int last = 0;
    while (m.find()) {
      Object def = variables.get(m.group(1)) instanceof Map<?, ?> var ? var.get("default") : null;
      if (def == null) {
        throw new Skip(
            "server variable {" + m.group(1) + "} in " + url + " has no default; set a base URL");
      }
      out.append(url, last, m.start()).append(def);
      last = m.end();
    }
    String resolved = out.append(url, last, url.length()).toString();
    URI uri = URI.create(resolved);
    if (!uri.isAbsolute()) {
      if (doc.location() == null) {
        throw new Skip(
            "the server URL \""
                + resolved
                + "\" is relative and the document was not read from a URL; set"
                + " OpenApiOptions.baseUrl");
      }
      resolved = doc.location().resolve(uri).toString();
    }
    return resolved.endsWith("/") ? resolved.substring(0, resolved.length() - 1) : resolved;
  }

  private static List<String> tags(Map<String, Object> op) {
    List<String> out = new ArrayList<>();
    if (op.get("tags") instanceof List<?> l) {
      l.forEach(t -> out.add(String.valueOf(t)));
    }
    return out;
  }
}
