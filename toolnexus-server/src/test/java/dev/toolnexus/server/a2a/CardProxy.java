package dev.toolnexus.server.a2a;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in front of our served agent with a v0.3-only card (no {@code supportedInterfaces}), so
 * our client speaks v0.3 to it; with {@code hybridOnly} it also answers the v0.3 method names
 * "method not found", as other toolnexus ports do, so our client falls back to the toolnexus
 * dialect. Everything else is forwarded as it is, headers included; it records each method.
 */
final class CardProxy implements AutoCloseable {
  final List<String> methods = new CopyOnWriteArrayList<>();
  private final HttpServer server;
  private final URI target;
  private final boolean hybridOnly;
  private final HttpClient http = HttpClient.newHttpClient();

  CardProxy(URI target, boolean hybridOnly) throws IOException {
    this.target = target;
    this.hybridOnly = hybridOnly;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/.well-known/agent-card.json", this::card);
    server.createContext("/", this::rpc);
    server.start();
  }

  String card() {
    return base() + "/.well-known/agent-card.json";
  }

  private String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void card(HttpExchange ex) throws IOException {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(target.resolve("/.well-known/agent-card.json")).build(),
              HttpResponse.BodyHandlers.ofString());
      Map<String, Object> card = new LinkedHashMap<>(Json.parseObject(r.body()));
      card.remove("supportedInterfaces");
      card.put("url", base() + "/");
      reply(ex, Json.write(card));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  private void rpc(HttpExchange ex) throws IOException {
    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Map<String, Object> request = Json.parseObject(body);
    String method = String.valueOf(request.get("method"));
    methods.add(method);
    if (hybridOnly && method.contains("/")) {
      reply(
          ex,
          Json.write(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "id",
                  request.get("id"),
                  "error",
                  Map.of("code", -32601, "message", "Method not found"))));
      return;
    }
    HttpRequest.Builder b =
        HttpRequest.newBuilder(target).POST(HttpRequest.BodyPublishers.ofString(body));
    ex.getRequestHeaders()
        .forEach(
            (name, values) -> {
              if (name.equalsIgnoreCase("Authorization") || name.equalsIgnoreCase("A2A-Version")) {
                values.forEach(v -> b.header(name, v));
              }
            });
    b.header("Content-Type", "application/json");
    try {
      reply(ex, http.send(b.build(), HttpResponse.BodyHandlers.ofString()).body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  private static void reply(HttpExchange ex, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(200, bytes.length);
    ex.getResponseBody().write(bytes);
    ex.close();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
