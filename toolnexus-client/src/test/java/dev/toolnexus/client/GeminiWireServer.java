package dev.toolnexus.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local server speaking the Gemini API's wire format on 127.0.0.1: {@code POST
 * /v1beta/models/{model}:generateContent} answers with a scripted {@code GenerateContentResponse},
 * {@code :streamGenerateContent?alt=sse} with scripted {@code data:} chunks. Requests without an
 * {@code x-goog-api-key} get Gemini's 401-style error body; unknown paths a 404 error body.
 */
final class GeminiWireServer implements AutoCloseable {
  private static final Pattern PATH =
      Pattern.compile("/v1beta/models/([^/:]+):(generateContent|streamGenerateContent)");

  /** One request the server received. */
  record Recorded(
      String model, String method, String query, String apiKey, Map<String, Object> body) {
    boolean streamed() {
      return "streamGenerateContent".equals(method);
    }
  }

  private record Reply(int status, String json, List<String> chunks) {}

  private final HttpServer server;
  private final Deque<Reply> script = new ArrayDeque<>();
  private final List<Recorded> requests = new CopyOnWriteArrayList<>();

  private GeminiWireServer(HttpServer server) {
    this.server = server;
  }

  static GeminiWireServer start() throws IOException {
    HttpServer http =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    GeminiWireServer s = new GeminiWireServer(http);
    http.createContext("/", s::handle);
    http.start();
    return s;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1beta";
  }

  /** Queues a non-streamed {@code GenerateContentResponse}. */
  synchronized GeminiWireServer reply(String json) {
    script.add(new Reply(200, json, null));
    return this;
  }

  /** Queues a streamed response: one SSE {@code data:} event per chunk. */
  synchronized GeminiWireServer replyStream(String... chunks) {
    script.add(new Reply(200, null, List.of(chunks)));
    return this;
  }

  /** Queues an error status with a Gemini error body. */
  synchronized GeminiWireServer replyError(int status, String json) {
    script.add(new Reply(status, json, null));
    return this;
  }

  List<Recorded> requests() {
    return List.copyOf(requests);
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      byte[] in = ex.getRequestBody().readAllBytes();
      Matcher m = PATH.matcher(ex.getRequestURI().getPath());
      if (!"POST".equals(ex.getRequestMethod()) || !m.matches()) {
        send(ex, 404, error(404, "NOT_FOUND", "Requested entity was not found."));
        return;
      }
      String key = ex.getRequestHeaders().getFirst("x-goog-api-key");
      Map<String, Object> body = Json.parseObject(new String(in, StandardCharsets.UTF_8));
      requests.add(new Recorded(m.group(1), m.group(2), ex.getRequestURI().getQuery(), key, body));
      if (key == null || key.isEmpty()) {
        send(
            ex, 403, error(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers."));
        return;
      }
      Reply reply;
      synchronized (this) {
        reply = script.poll();
      }
      if (reply == null) {
        send(ex, 500, error(500, "INTERNAL", "test server has no scripted reply left"));
        return;
      }
      boolean wantsStream = m.group(2).equals("streamGenerateContent");
      if (reply.chunks() != null) {
        if (!wantsStream || !"alt=sse".equals(ex.getRequestURI().getQuery())) {
          send(ex, 500, error(500, "INTERNAL", "scripted a stream, got " + ex.getRequestURI()));
          return;
        }
        ex.getResponseHeaders().set("Content-Type", "text/event-stream");
        ex.sendResponseHeaders(200, 0);
        try (OutputStream out = ex.getResponseBody()) {
          for (String chunk : reply.chunks()) {
            out.write(
                ("data: " + Json.write(Json.parse(chunk)) + "\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
          }
        }
        return;
      }
      if (wantsStream && reply.status() == 200) {
        send(ex, 500, error(500, "INTERNAL", "scripted a plain reply, got a stream request"));
        return;
      }
      send(ex, reply.status(), reply.json());
    }
  }

  private static String error(int code, String status, String message) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("code", code);
    e.put("message", message);
    e.put("status", status);
    return Json.write(Map.of("error", e));
  }

  private static void send(HttpExchange ex, int status, String json) throws IOException {
    byte[] out = json.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json; charset=UTF-8");
    ex.sendResponseHeaders(status, out.length);
    try (OutputStream o = ex.getResponseBody()) {
      o.write(out);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
