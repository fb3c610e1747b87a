package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import io.modelcontextprotocol.spec.McpTransportException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Answers the requests a stdio server sends on its own: ping, elicitation, anything else. */
final class StdioServerRequests {
  private static final Logger log = LoggerFactory.getLogger(StdioServerRequests.class);
  private static final TypeRef<McpSchema.ElicitRequest> ELICIT_REQUEST = new TypeRef<>() {};

  private final StdioProcessTransport transport;
  private final String server;
  private final McpJsonMapper json;
  private final ElicitationBridge elicitation;

  /**
   * Answers written to {@code transport}.
   *
   * @param elicitation where {@code elicitation/create} goes; null to answer it "method not found"
   */
  StdioServerRequests(
      StdioProcessTransport transport,
      String server,
      McpJsonMapper json,
      ElicitationBridge elicitation) {
    this.transport = transport;
    this.server = server;
    this.json = json;
    this.elicitation = elicitation;
  }

  /**
   * Answers {@code ping}, passes {@code elicitation/create} to the host (only when elicitation was
   * advertised), and answers any other request "method not found" as the SDK client does.
   */
  void answer(JSONRPCRequest request) {
    JSONRPCResponse reply;
    if (McpSchema.METHOD_PING.equals(request.method())) {
      reply = JSONRPCResponse.result(request.id(), Map.of());
    } else if (McpSchema.METHOD_ELICITATION_CREATE.equals(request.method())
        && elicitation != null) {
      reply = elicit(request);
    } else if (McpSchema.METHOD_ROOTS_LIST.equals(request.method())) {
      reply =
          error(
              request,
              McpSchema.ErrorCodes.METHOD_NOT_FOUND,
              "Roots not supported",
              Map.of("reason", "Client does not have roots capability"));
    } else {
      reply =
          error(
              request,
              McpSchema.ErrorCodes.METHOD_NOT_FOUND,
              "Method not found: " + request.method(),
              null);
    }
    try {
      transport.send(reply);
    } catch (McpTransportException e) {
      log.debug("MCP server {}: could not answer {}: {}", server, request.method(), e.getMessage());
    }
  }

  private JSONRPCResponse elicit(JSONRPCRequest request) {
    McpSchema.ElicitRequest asked;
    try {
      asked = json.convertValue(request.params(), ELICIT_REQUEST);
    } catch (RuntimeException e) {
      return error(
          request,
          McpSchema.ErrorCodes.INVALID_PARAMS,
          "invalid elicitation/create params: " + Await.message(e),
          null);
    }
    return JSONRPCResponse.result(request.id(), elicitation.answer(asked));
  }

  private static JSONRPCResponse error(
      JSONRPCRequest request, int code, String message, Object data) {
    return JSONRPCResponse.error(request.id(), new JSONRPCError(code, message, data));
  }
}
