package dev.toolnexus.oauth;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.server.McpHttpServer;
import dev.toolnexus.server.McpServe;
import dev.toolnexus.server.McpServeOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/**
 * A toolkit served over MCP behind an {@link OAuthResourceServer}: tools {@code read_notes} and
 * {@code delete_notes}, the second needing {@code tools:admin}; requests sent as raw HTTP so the
 * test sees each status and challenge.
 */
final class Protected implements AutoCloseable {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  final Toolkit toolkit;
  final McpHttpServer server;
  final String resource;

  private Protected(Toolkit toolkit, McpHttpServer server, String resource) {
    this.toolkit = toolkit;
    this.server = server;
    this.resource = resource;
  }

  /** The resource URI the server at a free port will have. */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  static Protected start(int port, OAuthResourceServer oauth) throws IOException {
    Map<String, Object> none = Map.of("type", "object", "properties", Map.of());
    Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(
                Tools.define("read_notes", "Reads the notes", none, a -> "the notes"),
                Tools.define("delete_notes", "Deletes the notes", none, a -> "deleted"))
            .build();
    McpHttpServer server =
        McpServe.http(toolkit, McpServeOptions.builder().port(port).authenticator(oauth).build());
    return new Protected(toolkit, server, oauth.resource());
  }

  /** POSTs {@code message} with {@code authorization} (may be null) and session {@code session}. */
  HttpResponse<String> post(String authorization, String session, Map<String, Object> message)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(server.url())
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(message)));
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    if (session != null) {
      b.header("Mcp-Session-Id", session);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Initializes a session with the bearer {@code token}; the response. */
  HttpResponse<String> initialize(String token) throws Exception {
    return post(
        token == null ? null : "Bearer " + token,
        null,
        Map.of(
            "jsonrpc",
            "2.0",
            "id",
            1,
            "method",
            "initialize",
            "params",
            Map.of(
                "protocolVersion",
                "2025-11-25",
                "capabilities",
                Map.of(),
                "clientInfo",
                Map.of("name", "test", "version", "1"))));
  }

  /** Calls {@code tool} in a new session with {@code token}; the tools/call response. */
  HttpResponse<String> call(String token, String tool) throws Exception {
    HttpResponse<String> init = initialize(token);
    if (init.statusCode() != 200) {
      return init;
    }
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    post(
        "Bearer " + token,
        session,
        Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
    return post(
        "Bearer " + token,
        session,
        Map.of(
            "jsonrpc",
            "2.0",
            "id",
            2,
            "method",
            "tools/call",
            "params",
            Map.of("name", tool, "arguments", Map.of())));
  }

  HttpResponse<String> get(String path) throws Exception {
    URI u = server.url().resolve(path);
    return HTTP.send(HttpRequest.newBuilder(u).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  @Override
  public void close() {
    server.close();
    toolkit.close();
  }
}
