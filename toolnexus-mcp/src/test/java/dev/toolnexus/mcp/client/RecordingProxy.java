package dev.toolnexus.mcp.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An HTTP relay on 127.0.0.1 in front of a real MCP server that records every request (method,
 * headers, body) and streams each answer back as it comes, so SSE streams pass through.
 */
final class RecordingProxy implements AutoCloseable {
  /** One request as it went to the server; header names are lower case. */
  record Seen(String httpMethod, Map<String, String> headers, String body) {
    /** The JSON-RPC method of the body; null for a body without one. */
    String rpcMethod() {
      if (body.isEmpty()) {
        return null;
      }
      Object m = dev.toolnexus.Json.parseObject(body).get("method");
      return m instanceof String s ? s : null;
    }

    /** The body's {@code params._meta}; empty when it has none. */
    Map<String, Object> meta() {
      if (body.isEmpty()
          || !(dev.toolnexus.Json.parseObject(body).get("params") instanceof Map<?, ?> params)
          || !(params.get("_meta") instanceof Map<?, ?> meta)) {
        return Map.of();
      }
      Map<String, Object> out = new TreeMap<>();
      meta.forEach((k, v) -> out.put(String.valueOf(k), v));
      return out;
    }
  }

  private static final Set<String> HOP =
      Set.of("host", "content-length", "connection", "transfer-encoding", "upgrade", "expect");
  final List<Seen> seen = new CopyOnWriteArrayList<>();

  /**
   * When set, the only {@code Authorization} value let through: any other request is answered 401
   * with {@link #CHALLENGE} and a JSON-RPC error body that echoes the value it was sent.
   */
  volatile String requiredAuthorization;

  /** The {@code WWW-Authenticate} of the relay's 401 answers. */
  static final String CHALLENGE = "Bearer realm=\"test\", error=\"invalid_token\"";

  // the upstream bodies being relayed now, so a test can break the streams in flight
  private final Set<InputStream> relaying = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final HttpClient http = HttpClient.newHttpClient();
  private final String target;

  private RecordingProxy(String target) throws IOException {
    this.target = target;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::relay);
    server.setExecutor(pool);
    server.start();
  }

  /** A relay to {@code target} (the server's MCP endpoint URL). */
  static RecordingProxy to(String target) throws IOException {
    return new RecordingProxy(target);
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp";
  }

  /** The JSON-RPC methods of the recorded POSTs, in order. */
  List<String> rpcMethods() {
    return seen.stream().filter(s -> s.httpMethod().equals("POST")).map(Seen::rpcMethod).toList();
  }

  private void relay(HttpExchange ex) throws IOException {
    try (ex) {
      byte[] body = ex.getRequestBody().readAllBytes();
      Map<String, String> headers = new TreeMap<>();
      ex.getRequestHeaders()
          .forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
      seen.add(new Seen(ex.getRequestMethod(), headers, new String(body, StandardCharsets.UTF_8)));
      String required = requiredAuthorization;
      if (required != null && !required.equals(headers.get("authorization"))) {
        byte[] refusal =
            ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":"
                    + "\"the credential "
                    + headers.get("authorization")
                    + " is not valid\"}}")
                .getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("WWW-Authenticate", CHALLENGE);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(401, refusal.length);
        ex.getResponseBody().write(refusal);
        return;
      }
      HttpRequest.Builder b =
          HttpRequest.newBuilder(URI.create(target))
              .method(ex.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
      headers.forEach(
          (k, v) -> {
            if (!HOP.contains(k)) {
              b.header(k, v);
            }
          });
      HttpResponse<InputStream> res;
      try {
        res = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ex.sendResponseHeaders(502, -1);
        return;
      }
      res.headers()
          .map()
          .forEach(
              (k, v) -> {
                if (!HOP.contains(k.toLowerCase(Locale.ROOT)) && !k.startsWith(":")) {
                  ex.getResponseHeaders().put(k, v);
                }
              });
      try (InputStream in = res.body()) {
        relaying.add(in);
        ex.sendResponseHeaders(res.statusCode(), 0);
        OutputStream out = ex.getResponseBody();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) >= 0) {
          out.write(buf, 0, n);
          out.flush();
        }
      } finally {
        relaying.remove(res.body());
      }
    }
  }

  /**
   * Breaks every response being relayed now (a long-lived listen stream among them): the client
   * sees its stream end without the server's answer, as when a connection drops.
   */
  void dropStreams() {
    for (InputStream in : relaying) {
      try {
        in.close();
      } catch (IOException e) {
        // already closed
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
