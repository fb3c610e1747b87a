package dev.toolnexus.mcp.protocol;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks the {@code x-mcp-header} annotations of a tool's input schema against the rules of the
 * stateless revision's HTTP transport: each names a non-empty HTTP header token, unique among the
 * schema's annotations ignoring case, on a string, integer or boolean parameter reachable from the
 * root through {@code properties} alone. A client over HTTP leaves a tool that breaks them out of
 * its tool list. Internal.
 */
public final class HeaderAnnotations {
  /** The keywords whose values are data, not schemas: an annotation-like key there is no one. */
  private static final Set<String> DATA_KEYWORDS =
      Set.of("enum", "const", "default", "examples", "required");

  private static final Set<String> HEADER_TYPES = Set.of("string", "integer", "boolean");
  private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

  private HeaderAnnotations() {}

  /**
   * What is wrong with the {@code x-mcp-header} annotations of {@code inputSchema}, or null when
   * they are valid (or there are none); the message names the parameter and the header.
   */
  public static String problem(Map<?, ?> inputSchema) {
    if (inputSchema == null) {
      return null;
    }
    return walk(inputSchema, "", true, new TreeMap<>());
  }

  private static String walk(
      Map<?, ?> schema, String path, boolean reachable, Map<String, String> seen) {
    if (schema.containsKey(McpHeaders.SCHEMA_KEYWORD)) {
      String problem = annotation(schema, path, reachable, seen);
      if (problem != null) {
        return problem;
      }
    }
    for (Map.Entry<?, ?> e : schema.entrySet()) {
      String key = String.valueOf(e.getKey());
      if (DATA_KEYWORDS.contains(key) || key.equals(McpHeaders.SCHEMA_KEYWORD)) {
        continue;
      }
      Object v = e.getValue();
      String problem;
      if (key.equals("properties") && v instanceof Map<?, ?> props) {
        problem = named(props, path, reachable, seen);
      } else if (isNamedSchemas(key) && v instanceof Map<?, ?> defs) {
        problem = named(defs, path + "/" + key, false, seen);
      } else {
        problem = nested(v, path + "/" + key, seen);
      }
      if (problem != null) {
        return problem;
      }
    }
    return null;
  }

  private static boolean isNamedSchemas(String keyword) {
    return switch (keyword) {
      case "$defs", "definitions", "patternProperties", "dependentSchemas" -> true;
      default -> false;
    };
  }

  private static String named(
      Map<?, ?> schemas, String path, boolean reachable, Map<String, String> seen) {
    for (Map.Entry<?, ?> p : schemas.entrySet()) {
      if (p.getValue() instanceof Map<?, ?> sub) {
        String problem =
            walk(
                sub,
                path.isEmpty() ? String.valueOf(p.getKey()) : path + "." + p.getKey(),
                reachable,
                seen);
        if (problem != null) {
          return problem;
        }
      }
    }
    return null;
  }

  private static String nested(Object v, String path, Map<String, String> seen) {
    if (v instanceof Map<?, ?> sub) {
      return walk(sub, path, false, seen);
    }
    if (v instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        String problem = nested(list.get(i), path + "/" + i, seen);
        if (problem != null) {
          return problem;
        }
      }
    }
    return null;
  }

  private static String annotation(
      Map<?, ?> schema, String path, boolean reachable, Map<String, String> seen) {
    Object value = schema.get(McpHeaders.SCHEMA_KEYWORD);
    String where = "parameter \"" + (path.isEmpty() ? "(root)" : path) + "\"";
    if (!(value instanceof String header)) {
      return "the x-mcp-header of " + where + " is not a string";
    }
    if (header.isEmpty()) {
      return "the x-mcp-header of " + where + " is empty";
    }
    String named = "x-mcp-header \"" + shown(header) + "\" of " + where;
    for (int i = 0; i < header.length(); i++) {
      if (!isTokenChar(header.charAt(i))) {
        return named
            + " is not a valid header name (only letters, digits and "
            + TOKEN_SYMBOLS
            + " are allowed)";
      }
    }
    if (!reachable || path.isEmpty()) {
      return named + " is not on a parameter reachable through properties alone";
    }
    Object type = schema.get("type");
    if (!(type instanceof String t) || !HEADER_TYPES.contains(t)) {
      return named
          + " is on a parameter of type "
          + (type == null ? "(none)" : type)
          + "; only string, integer and boolean parameters may be mirrored";
    }
    String before = seen.putIfAbsent(header.toLowerCase(Locale.ROOT), path);
    if (before != null) {
      return named + " repeats the header of parameter \"" + before + "\" (names ignore case)";
    }
    return null;
  }

  /** The header name with control characters escaped, so a log line stays one line. */
  private static String shown(String header) {
    StringBuilder out = new StringBuilder(header.length());
    for (int i = 0; i < header.length(); i++) {
      char c = header.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean isTokenChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || TOKEN_SYMBOLS.indexOf(c) >= 0;
  }
}
