package dev.toolnexus.mcp.protocol;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The server side of the stateless revision's mirrored request headers: checks that the protocol
 * version, method, name and tool-parameter headers of one HTTP request are present where required,
 * carry only header-safe characters and match the JSON-RPC body. A failure is answered with HTTP
 * 400 and the header-mismatch error. Internal.
 */
public final class HeaderValidation {
  private HeaderValidation() {}

  /**
   * What is wrong with the headers of one request, or null when they match its body.
   *
   * @param header looks a header up by name (case-insensitively); null when it is absent
   * @param method the body's method
   * @param params the body's params (null for none)
   * @param inputSchema the called tool's input schema for {@code tools/call}, whose {@code
   *     x-mcp-header} properties must be mirrored; null when there is none to check
   * @return a message naming the header and both values, starting "Header mismatch:"
   */
  public static String mismatch(
      Function<String, String> header,
      String method,
      Map<String, Object> params,
      Map<String, Object> inputSchema) {
    String bodyVersion = RequestMeta.revisionOf(params);
    String problem =
        compare(
            header.apply(McpHeaders.PROTOCOL_VERSION), bodyVersion, McpHeaders.PROTOCOL_VERSION);
    if (problem == null) {
      problem = compare(header.apply(McpHeaders.METHOD), method, McpHeaders.METHOD);
    }
    String name = McpHeaders.nameOf(method, params);
    if (problem == null && (name != null || isNamed(method))) {
      problem = compareEncoded(header.apply(McpHeaders.NAME), name, McpHeaders.NAME);
    }
    if (problem == null && inputSchema != null) {
      problem = params(header, inputSchema, params);
    }
    return problem == null ? null : "Header mismatch: " + problem;
  }

  private static boolean isNamed(String method) {
    return "tools/call".equals(method)
        || "prompts/get".equals(method)
        || "resources/read".equals(method);
  }

  private static String params(
      Function<String, String> header, Map<String, Object> inputSchema, Map<String, Object> p) {
    Object arguments = p == null ? null : p.get("arguments");
    Map<String, Object> args = new LinkedHashMap<>();
    if (arguments instanceof Map<?, ?> m) {
      m.forEach((k, v) -> args.put(String.valueOf(k), v));
    }
    Map<String, String> expected = McpHeaders.params(inputSchema, args);
    Map<String, String> declared = new LinkedHashMap<>();
    declared(inputSchema, declared);
    for (String headerName : declared.keySet()) {
      String sent = header.apply(headerName);
      String want = expected.get(headerName);
      if (want == null) {
        if (sent != null) {
          return headerName + " header was sent but the body has no value for its parameter";
        }
        continue;
      }
      String problem = compareEncoded(sent, McpHeaders.decode(want), headerName);
      if (problem != null && !(sent != null && sameNumber(sent, McpHeaders.decode(want)))) {
        return problem;
      }
    }
    return null;
  }

  private static void declared(Map<?, ?> schema, Map<String, String> out) {
    if (schema == null || !(schema.get("properties") instanceof Map<?, ?> props)) {
      return;
    }
    for (Object sub : props.values()) {
      if (sub instanceof Map<?, ?> prop) {
        if (prop.get(McpHeaders.SCHEMA_KEYWORD) instanceof String h && !h.isEmpty()) {
          out.put(McpHeaders.PARAM_PREFIX + h, h);
        } else {
          declared(prop, out);
        }
      }
    }
  }

  private static String compare(String sent, String body, String headerName) {
    if (sent == null) {
      return "the " + headerName + " header is required";
    }
    if (!safe(sent)) {
      return "the " + headerName + " header holds characters a header may not carry";
    }
    if (!sent.equals(body)) {
      return headerName
          + " header value '"
          + sent
          + "' does not match body value '"
          + (body == null ? "(none)" : body)
          + "'";
    }
    return null;
  }

  private static String compareEncoded(String sent, String body, String headerName) {
    if (sent == null) {
      return "the " + headerName + " header is required";
    }
    if (!safe(sent)) {
      return "the " + headerName + " header holds characters a header may not carry";
    }
    String decoded;
    try {
      decoded = McpHeaders.decode(sent);
    } catch (IllegalArgumentException e) {
      return "the " + headerName + " header's Base64 value does not decode";
    }
    if (!decoded.equals(body)) {
      return headerName
          + " header value '"
          + decoded
          + "' does not match body value '"
          + (body == null ? "(none)" : body)
          + "'";
    }
    return null;
  }

  private static boolean sameNumber(String header, String body) {
    try {
      return new BigDecimal(header.strip()).compareTo(new BigDecimal(body)) == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Whether {@code value} is visible ASCII, spaces and tabs only. */
  private static boolean safe(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!(c == ' ' || c == '\t' || (c >= 0x21 && c <= 0x7e))) {
        return false;
      }
    }
    return true;
  }
}
