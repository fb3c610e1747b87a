package dev.toolnexus.a2a;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A peer in the toolnexus dialect, as other toolnexus ports serve it: a v0.3 card, {@code
 * SendMessage}/{@code GetTask} with v0.3 shapes, and "method not found" for {@code message/send}.
 * It records every method called, every Authorization header received and how often its card was
 * read.
 */
final class HybridPeer implements AutoCloseable {
  final List<String> methods = new CopyOnWriteArrayList<>();
  final List<String> authorizations = new CopyOnWriteArrayList<>();
  final AtomicInteger cardReads = new AtomicInteger();
  private final HttpServer server;

  HybridPeer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/.well-known/agent-card.json", this::card);
    server.createContext("/rpc", this::rpc);
    server.start();
  }

  String card() {
    return base() + "/.well-known/agent-card.json";
  }

  private String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void card(HttpExchange ex) throws IOException {
    record(ex);
    cardReads.incrementAndGet();
    reply(
        ex,
        Map.of(
            "name",
            "Nexus Peer",
            "protocolVersion",
            "0.3.0",
            "url",
            base() + "/rpc",
            "skills",
            List.of(Map.of("name", "Summarize", "description", "Summarizes text"))));
  }

  private void rpc(HttpExchange ex) throws IOException {
    record(ex);
    Map<String, Object> req =
        Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    String method = (String) req.get("method");
    methods.add(method);
    Object id = req.get("id");
    Object result =
        switch (method) {
          case "SendMessage" ->
              Map.of(
                  "kind",
                  "task",
                  "id",
                  "t1",
                  "contextId",
                  "c1",
                  "status",
                  Map.of("state", "working"));
          case "GetTask" ->
              Map.of(
                  "kind",
                  "task",
                  "id",
                  "t1",
                  "contextId",
                  "c1",
                  "status",
                  Map.of("state", "completed"),
                  "artifacts",
                  List.of(Map.of("parts", List.of(Map.of("kind", "text", "text", "summary")))));
          default -> null;
        };
    if (result == null) {
      reply(
          ex,
          Map.of(
              "jsonrpc",
              "2.0",
              "id",
              id,
              "error",
              Map.of("code", -32601, "message", "Method not found")));
    } else {
      reply(ex, Map.of("jsonrpc", "2.0", "id", id, "result", result));
    }
  }

  private void record(HttpExchange ex) {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    if (auth != null) {
      authorizations.add(auth);
    }
  }

  private static void reply(HttpExchange ex, Object body) throws IOException {
    byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
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
