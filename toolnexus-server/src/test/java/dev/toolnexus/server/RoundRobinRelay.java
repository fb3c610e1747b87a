package dev.toolnexus.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A load balancer for tests: forwards each POST on 127.0.0.1 to the next backend in turn, with no
 * stickiness, and records which backend answered what.
 */
final class RoundRobinRelay implements AutoCloseable {
  /** One forwarded request: the backend's index, its status and any session id it minted. */
  record Hop(int backend, String method, int status, String sessionId) {}

  private static final Set<String> FORWARDED =
      Set.of(
          "content-type",
          "accept",
          "authorization",
          "mcp-protocol-version",
          "mcp-method",
          "mcp-name",
          "mcp-session-id");

  private final HttpServer server;
  private final List<URI> backends;
  private final AtomicInteger next = new AtomicInteger();
  private final List<Hop> hops = new ArrayList<>();
  private final Map<String, String> params = new LinkedHashMap<>();
  private final HttpClient http = HttpClient.newHttpClient();

  private RoundRobinRelay(HttpServer server, List<URI> backends) {
    this.server = server;
    this.backends = backends;
  }

  static RoundRobinRelay start(List<URI> backends) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    RoundRobinRelay relay = new RoundRobinRelay(server, backends);
    server.createContext("/", relay::forward);
    server.start();
    return relay;
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp");
  }

  synchronized List<Hop> hops() {
    return List.copyOf(hops);
  }

  /**
   * The {@code Mcp-Param-*} headers the client sent, by lower-cased name, the last value of each.
   */
  synchronized Map<String, String> params() {
    return new LinkedHashMap<>(params);
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      int index = Math.floorMod(next.getAndIncrement(), backends.size());
      byte[] body = exchange.getRequestBody().readAllBytes();
      HttpRequest.Builder b =
          HttpRequest.newBuilder(backends.get(index))
              .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
      exchange
          .getRequestHeaders()
          .forEach(
              (name, values) -> {
                if (name != null
                    && (FORWARDED.contains(name.toLowerCase(Locale.ROOT))
                        || name.toLowerCase(Locale.ROOT).startsWith("mcp-param-"))) {
                  values.forEach(v -> b.header(name, v));
                }
              });
      HttpResponse<byte[]> r;
      try {
        r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      }
      synchronized (this) {
        exchange
            .getRequestHeaders()
            .forEach(
                (name, values) -> {
                  if (name != null && name.toLowerCase(Locale.ROOT).startsWith("mcp-param-")) {
                    params.put(name.toLowerCase(Locale.ROOT), values.get(values.size() - 1));
                  }
                });
        hops.add(
            new Hop(
                index,
                exchange.getRequestHeaders().getFirst("Mcp-Method"),
                r.statusCode(),
                r.headers().firstValue("Mcp-Session-Id").orElse(null)));
      }
      r.headers()
          .firstValue("Content-Type")
          .ifPresent(t -> exchange.getResponseHeaders().add("Content-Type", t));
      byte[] out = r.body();
      exchange.sendResponseHeaders(r.statusCode(), out.length == 0 ? -1 : out.length);
      if (out.length > 0) {
        try (OutputStream o = exchange.getResponseBody()) {
          o.write(out);
        }
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
