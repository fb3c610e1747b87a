package dev.toolnexus.mcp.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code _meta} block a request of the stateless revision carries: the protocol version, the
 * client's capabilities and the client's name and version, under their reserved keys. Internal.
 */
public final class RequestMeta {
  /** The key of the protocol version. */
  public static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";

  /** The key of the client's capabilities. */
  public static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

  /** The key of the client's name and version. */
  public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";

  private RequestMeta() {}

  /**
   * The reserved entries of a request's {@code _meta}.
   *
   * @param revision the protocol version the request is spoken in
   * @param capabilities the client's capabilities (an empty map for none)
   * @param clientName the client's name
   * @param clientVersion the client's version
   */
  public static Map<String, Object> of(
      String revision, Map<String, Object> capabilities, String clientName, String clientVersion) {
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("name", clientName);
    info.put("version", clientVersion);
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put(PROTOCOL_VERSION, revision);
    meta.put(CLIENT_INFO, info);
    meta.put(CLIENT_CAPABILITIES, capabilities == null ? Map.of() : capabilities);
    return meta;
  }

  /**
   * {@code params} with the reserved entries merged into its {@code _meta} (entries already there,
   * such as a progress token or trace context, are kept).
   */
  public static Map<String, Object> apply(Map<String, Object> params, Map<String, Object> meta) {
    Map<String, Object> out = new LinkedHashMap<>(params == null ? Map.of() : params);
    Map<String, Object> merged = new LinkedHashMap<>();
    if (out.get("_meta") instanceof Map<?, ?> existing) {
      existing.forEach((k, v) -> merged.put(String.valueOf(k), v));
    }
    merged.putAll(meta);
    out.put("_meta", merged);
    return out;
  }

  /** The protocol version a request's params declare, or null when they declare none. */
  public static String revisionOf(Map<String, Object> params) {
    if (params != null
        && params.get("_meta") instanceof Map<?, ?> meta
        && meta.get(PROTOCOL_VERSION) instanceof String v) {
      return v;
    }
    return null;
  }
}
