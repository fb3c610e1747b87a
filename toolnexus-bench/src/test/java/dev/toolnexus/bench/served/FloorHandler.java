package dev.toolnexus.bench.served;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The served-side bench's floor: a raw Jetty handler that answers the same JSON-RPC a client of the
 * bench sends and nothing more. {@code initialize} opens a session (an id in a set), a notification
 * gets 202, {@code tools/call} of {@code echo} or {@code blob} gets its result as one JSON body; a
 * call needs a known session or the 2026-07-28 protocol header. No validation, no event streams, no
 * tool registry: the least work an MCP server over HTTP can do per call.
 */
final class FloorHandler extends Handler.Abstract {
  private static final ObjectMapper JSON = JsonMapper.shared();
  private final Set<String> sessions = ConcurrentHashMap.newKeySet();

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (!"POST".equals(request.getMethod())) {
      return reply(response, callback, 405, null);
    }
    JsonNode msg = JSON.readTree(Content.Source.asString(request, StandardCharsets.UTF_8));
    String method = msg.path("method").asString("");
    JsonNode id = msg.get("id");
    if (id == null) {
      return reply(response, callback, 202, null);
    }
    ObjectNode out = JSON.createObjectNode().put("jsonrpc", "2.0").set("id", id);
    if (method.equals("initialize")) {
      String session = UUID.randomUUID().toString();
      sessions.add(session);
      response.getHeaders().put("Mcp-Session-Id", session);
      ObjectNode result = out.putObject("result").put("protocolVersion", "2025-11-25");
      result.putObject("capabilities").putObject("tools");
      result.putObject("serverInfo").put("name", "bench-floor").put("version", "1.0.0");
      return reply(response, callback, 200, out);
    }
    String session = request.getHeaders().get("Mcp-Session-Id");
    boolean stateless = "2026-07-28".equals(request.getHeaders().get("MCP-Protocol-Version"));
    if (!stateless && (session == null || !sessions.contains(session))) {
      return reply(response, callback, 404, null);
    }
    JsonNode params = msg.path("params");
    String tool = params.path("name").asString("");
    String text =
        switch (tool) {
          case "echo" -> params.path("arguments").path("text").asString("");
          case "blob" -> ServedServer.BLOB;
          default -> null;
        };
    if (!method.equals("tools/call") || text == null) {
      out.putObject("error").put("code", -32601).put("message", "no " + method + " " + tool);
      return reply(response, callback, 200, out);
    }
    ObjectNode result = out.putObject("result");
    result.putArray("content").addObject().put("type", "text").put("text", text);
    result.put("isError", false);
    return reply(response, callback, 200, out);
  }

  private static boolean reply(Response response, Callback callback, int status, JsonNode body) {
    response.setStatus(status);
    byte[] bytes = body == null ? new byte[0] : JSON.writeValueAsBytes(body);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
    response.write(true, ByteBuffer.wrap(bytes), callback);
    return true;
  }
}
