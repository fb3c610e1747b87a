package dev.toolnexus.mcp.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The request headers the streamable HTTP transport of the stateless revision mirrors from the
 * body: the protocol version, the method, the name (tool or prompt name, or resource URI) and the
 * tool parameters a tool's input schema marks with {@code x-mcp-header}; values that are not plain
 * header-safe ASCII are carried Base64-encoded between {@code =?base64?} and {@code ?=}. Internal.
 */
public final class McpHeaders {
  /** The protocol version header. */
  public static final String PROTOCOL_VERSION = "MCP-Protocol-Version";

  /** The method header. */
  public static final String METHOD = "Mcp-Method";

  /** The name header (tool or prompt name, resource URI). */
  public static final String NAME = "Mcp-Name";

  /** The prefix of a header mirrored from a tool parameter. */
  public static final String PARAM_PREFIX = "Mcp-Param-";

  /** The schema keyword that marks a tool parameter to mirror. */
  public static final String SCHEMA_KEYWORD = "x-mcp-header";

  private static final String SENTINEL_START = "=?base64?";
  private static final String SENTINEL_END = "?=";

  private McpHeaders() {}

  /**
   * The standard headers of one request: the protocol version, the method, and for {@code
   * tools/call}, {@code prompts/get} and {@code resources/read} the name or URI.
   */
  public static Map<String, String> standard(
      String revision, String method, Map<String, Object> params) {
    Map<String, String> out = new LinkedHashMap<>();
    out.put(PROTOCOL_VERSION, revision);
    out.put(METHOD, method);
    String name = nameOf(method, params);
    if (name != null) {
      out.put(NAME, encode(name));
    }
    return out;
  }

  /** The value the name header mirrors for {@code method}, or null when it has none. */
  public static String nameOf(String method, Map<String, Object> params) {
    if (params == null) {
      return null;
    }
    Object v =
        switch (method) {
          case "tools/call", "prompts/get" -> params.get("name");
          case "resources/read" -> params.get("uri");
          // a task's requests name it, so a load balancer can send them where it runs
          case "tasks/get", "tasks/update", "tasks/cancel" -> params.get("taskId");
          default -> null;
        };
    return v instanceof String s ? s : null;
  }

  /**
   * The {@code Mcp-Param-*} headers of a tool call: each property of {@code inputSchema} reachable
   * through {@code properties} alone and marked with {@code x-mcp-header}, whose value in {@code
   * arguments} is a string, an integer or a boolean. A missing or null value adds no header.
   */
  public static Map<String, String> params(
      Map<String, Object> inputSchema, Map<String, Object> arguments) {
    Map<String, String> out = new LinkedHashMap<>();
    collect(inputSchema, arguments, out);
    return out;
  }

  private static void collect(Map<?, ?> schema, Object value, Map<String, String> out) {
    if (schema == null || !(schema.get("properties") instanceof Map<?, ?> props)) {
      return;
    }
    if (!(value instanceof Map<?, ?> object)) {
      return;
    }
    props.forEach(
        (key, sub) -> {
          if (!(sub instanceof Map<?, ?> prop)) {
            return;
          }
          Object v = object.get(key);
          if (prop.get(SCHEMA_KEYWORD) instanceof String header && !header.isEmpty()) {
            String text = scalar(v);
            if (text != null) {
              out.put(PARAM_PREFIX + header, encode(text));
            }
          } else {
            collect(prop, v, out);
          }
        });
  }

  private static String scalar(Object v) {
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof Boolean b) {
      return b.toString().toLowerCase(Locale.ROOT);
    }
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      return v.toString();
    }
    if (v instanceof java.math.BigInteger bi) {
      return bi.toString();
    }
    return null;
  }

  /**
   * A header value: as is when it is visible ASCII and spaces with no space at either end and does
   * not look like the Base64 sentinel; otherwise the UTF-8 bytes Base64-encoded in the sentinel.
   */
  public static String encode(String value) {
    boolean plain = !value.isEmpty() && value.strip().equals(value);
    for (int i = 0; plain && i < value.length(); i++) {
      char c = value.charAt(i);
      plain = c == ' ' || (c >= 0x21 && c <= 0x7e);
    }
    if (plain && !(value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END))) {
      return value;
    }
    return SENTINEL_START
        + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
        + SENTINEL_END;
  }

  /** A header value decoded: the sentinel's Base64 content, or the value as is. */
  public static String decode(String header) {
    if (header != null
        && header.length() >= SENTINEL_START.length() + SENTINEL_END.length()
        && header.startsWith(SENTINEL_START)
        && header.endsWith(SENTINEL_END)) {
      String inner =
          header.substring(SENTINEL_START.length(), header.length() - SENTINEL_END.length());
      return new String(Base64.getDecoder().decode(inner), StandardCharsets.UTF_8);
    }
    return header;
  }
}
