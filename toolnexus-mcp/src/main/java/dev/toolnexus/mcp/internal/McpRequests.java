package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;
import java.io.OutputStream;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON text of what a {@link StdioSession} sends to set a server up: the {@code initialize} and
 * {@code tools/list} params and the {@code notifications/initialized} message, written directly
 * (and every request whose params are absent, a map or a tool call, with the maps inside written by
 * the mapper's map writer), character for character what the SDK's JSON mapper writes for its
 * records (fields in the same order, absent ones left out, the same escapes), without building the
 * mapper's serializers for those records at start-up.
 */
final class McpRequests {
  /** The whole {@code notifications/initialized} message. */
  static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"" + McpSchema.METHOD_NOTIFICATION_INITIALIZED + "\"}";

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private McpRequests() {}

  /**
   * The {@code initialize} params: the protocol version we offer, our capabilities (elicitation in
   * form and URL mode, or none) and who we are.
   *
   * @throws IllegalArgumentException when {@code clientInfo} has icons (not written here)
   */
  static String initializeParams(
      String protocolVersion, boolean elicitation, McpSchema.Implementation clientInfo) {
    if (clientInfo.icons() != null) {
      throw new IllegalArgumentException("the client's icons are not written by McpRequests");
    }
    StringBuilder out = new StringBuilder(192);
    out.append("{\"protocolVersion\":");
    quote(out, protocolVersion);
    out.append(",\"capabilities\":");
    out.append(elicitation ? "{\"elicitation\":{\"form\":{},\"url\":{}}}" : "{}");
    out.append(",\"clientInfo\":{\"name\":");
    quote(out, clientInfo.name());
    field(out, "title", clientInfo.title());
    field(out, "version", clientInfo.version());
    field(out, "description", clientInfo.description());
    field(out, "websiteUrl", clientInfo.websiteUrl());
    return out.append("}}").toString();
  }

  /** The {@code tools/list} params: {@code {}} for the first page, else the cursor. */
  static String toolsListParams(String cursor) {
    if (cursor == null) {
      return "{}";
    }
    StringBuilder out = new StringBuilder(cursor.length() + 16).append("{\"cursor\":");
    quote(out, cursor);
    return out.append('}').toString();
  }

  /** A whole request around {@code params}, which is JSON text already. */
  static String request(String method, String id, String params) {
    StringBuilder out =
        new StringBuilder(params.length() + method.length() + id.length() + 48)
            .append("{\"jsonrpc\":\"2.0\",\"method\":");
    quote(out, method);
    out.append(",\"id\":");
    quote(out, id);
    return out.append(",\"params\":").append(params).append('}').toString();
  }

  /** Whether {@link #write} writes a request with these params (none, a map, a tool call). */
  static boolean writesDirectly(Object params) {
    return params == null
        || params instanceof Map<?, ?>
        || params instanceof McpSchema.CallToolRequest;
  }

  /**
   * A whole request as UTF-8 JSON into {@code out}, written with {@code mapper}'s generator in one
   * pass: the envelope and a tool call's fields by hand, in the request records' order with absent
   * ones left out, and the maps inside by the mapper's map writer; the same bytes as the mapper
   * gives for the records, without their serializers. Params must be {@linkplain #writesDirectly
   * written directly}.
   */
  static void write(JsonMapper mapper, String method, String id, Object params, OutputStream out) {
    try (JsonGenerator g = mapper.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringProperty("jsonrpc", McpSchema.JSONRPC_VERSION);
      g.writeStringProperty("method", method);
      g.writeStringProperty("id", id);
      if (params instanceof McpSchema.CallToolRequest call) {
        g.writeName("params");
        g.writeStartObject();
        if (call.name() != null) {
          g.writeStringProperty("name", call.name());
        }
        if (call.arguments() != null) {
          g.writeName("arguments");
          g.writePOJO(call.arguments());
        }
        if (call.meta() != null) {
          g.writeName("_meta");
          g.writePOJO(call.meta());
        }
        g.writeEndObject();
      } else if (params != null) {
        g.writeName("params");
        g.writePOJO(params);
      }
      g.writeEndObject();
    }
  }

  private static void field(StringBuilder out, String name, String value) {
    if (value != null) {
      out.append(",\"").append(name).append("\":");
      quote(out, value);
    }
  }

  /**
   * {@code s} as a JSON string, escaped as the mapper escapes; an unpaired surrogate, which the
   * mapper would pass through to be lost in UTF-8, goes out as its {@code \\uXXXX} escape.
   */
  static void quote(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\f' -> out.append("\\f");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20) {
            out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
          } else if (Character.isHighSurrogate(c)
              && i + 1 < s.length()
              && Character.isLowSurrogate(s.charAt(i + 1))) {
            out.append(c).append(s.charAt(++i));
          } else if (Character.isSurrogate(c)) {
            // unpaired: as its escape, which reads back to the same char; written raw, the UTF-8
            // encoder on the pipe would send '?' and the server would get another cursor back
            out.append("\\u")
                .append(HEX[c >> 12])
                .append(HEX[(c >> 8) & 0xF])
                .append(HEX[(c >> 4) & 0xF])
                .append(HEX[c & 0xF]);
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
