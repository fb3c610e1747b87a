package dev.toolnexus.server;

import dev.toolnexus.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A bare JSON-RPC client over the JDK HTTP client, for checks no SDK client lets us make. */
final class RawMcp {
  static final HttpClient HTTP = HttpClient.newHttpClient();

  final URI url;
  final String session;

  private RawMcp(URI url, String session) {
    this.url = url;
    this.session = session;
  }

  /** Initializes a session at {@code url}. */
  static RawMcp connect(URI url) throws Exception {
    HttpResponse<String> r = post(url, null, initialize(1));
    if (r.statusCode() != 200) {
      throw new IllegalStateException("initialize got " + r.statusCode() + ": " + r.body());
    }
    String id = r.headers().firstValue("Mcp-Session-Id").orElseThrow();
    RawMcp c = new RawMcp(url, id);
    c.post(Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
    return c;
  }

  static Map<String, Object> initialize(Object id) {
    return Map.of(
        "jsonrpc",
        "2.0",
        "id",
        id,
        "method",
        "initialize",
        "params",
        Map.of(
            "protocolVersion",
            "2025-06-18",
            "capabilities",
            Map.of(),
            "clientInfo",
            Map.of("name", "raw", "version", "1")));
  }

  static Map<String, Object> call(Object id, String tool, Map<String, Object> args) {
    return toolsCall(id, Map.of("name", tool, "arguments", args));
  }

  /** A {@code tools/call} request with no arguments that asks for progress under {@code token}. */
  static Map<String, Object> callWithProgress(Object id, String tool, Object token) {
    return toolsCall(
        id, Map.of("name", tool, "arguments", Map.of(), "_meta", Map.of("progressToken", token)));
  }

  private static Map<String, Object> toolsCall(Object id, Map<String, Object> params) {
    return Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call", "params", params);
  }

  HttpResponse<String> post(Map<String, Object> message) throws IOException, InterruptedException {
    return post(url, session, message);
  }

  static HttpResponse<String> post(URI url, String session, Map<String, Object> message)
      throws IOException, InterruptedException {
    return HTTP.send(request(url, session, Json.write(message)).build(), ofString());
  }

  static HttpRequest.Builder request(URI url, String session, String body) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(url)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      b.header("Mcp-Session-Id", session);
    }
    return b;
  }

  static HttpResponse.BodyHandler<String> ofString() {
    return HttpResponse.BodyHandlers.ofString();
  }

  /**
   * The JSON-RPC messages of a response: one JSON body, or each {@code data:} of an event stream.
   */
  static List<Map<String, Object>> messages(HttpResponse<String> r) {
    List<Map<String, Object>> out = new ArrayList<>();
    String type = r.headers().firstValue("Content-Type").orElse("");
    if (type.startsWith("application/json")) {
      out.add(Json.parseObject(r.body()));
      return out;
    }
    for (String line : r.body().split("\n")) {
      if (line.startsWith("data: ")) {
        out.add(Json.parseObject(line.substring(6)));
      }
    }
    return out;
  }

  /** The last message of a response: the answer to the request. */
  static Map<String, Object> answer(HttpResponse<String> r) {
    List<Map<String, Object>> all = messages(r);
    return all.get(all.size() - 1);
  }
}
