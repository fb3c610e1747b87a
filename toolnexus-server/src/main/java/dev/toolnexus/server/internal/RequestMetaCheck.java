package dev.toolnexus.server.internal;

import dev.toolnexus.mcp.protocol.RequestMeta;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks the per-request {@code _meta} of a stateless request: it must be an object naming the
 * protocol version and the client's capabilities (the client's name is optional), otherwise the
 * request is refused as invalid params before anything else looks at it.
 */
public final class RequestMetaCheck {
  private RequestMetaCheck() {}

  /** What is wrong with {@code message}'s {@code _meta}, or null when it is well formed. */
  public static String problem(JsonNode message) {
    JsonNode meta = message.path("params").get("_meta");
    if (meta == null || !meta.isObject()) {
      return "Invalid params: the request has no _meta object (a request of this protocol"
          + " revision names its protocol version and client capabilities in params._meta)";
    }
    JsonNode version = meta.get(RequestMeta.PROTOCOL_VERSION);
    if (version == null || !version.isString()) {
      return "Invalid params: _meta has no " + RequestMeta.PROTOCOL_VERSION + " string";
    }
    JsonNode caps = meta.get(RequestMeta.CLIENT_CAPABILITIES);
    if (caps == null || !caps.isObject()) {
      return "Invalid params: _meta has no " + RequestMeta.CLIENT_CAPABILITIES + " object";
    }
    return null;
  }

  /** The invalid-params error answering {@code message}, or null when its {@code _meta} is fine. */
  public static ObjectNode refusal(JsonNode message) {
    String problem = problem(message);
    return problem == null
        ? null
        : JsonRpc.error(message.get("id"), JsonRpc.INVALID_PARAMS, problem);
  }
}
