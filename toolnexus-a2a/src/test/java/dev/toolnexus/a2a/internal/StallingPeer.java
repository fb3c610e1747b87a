package dev.toolnexus.a2a.internal;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A v0.3 peer whose task stays {@code working}: it answers the send and the first poll at once and
 * holds the second poll until it is closed. It records each JSON-RPC request's method and headers.
 */
final class StallingPeer implements AutoCloseable {
  /** One JSON-RPC request as received: its method and its headers (names in lower case). */
  record Received(String method, Map<String, String> headers) {}

  final List<Received> received = new CopyOnWriteArrayList<>();
  private final AtomicInteger polls = new AtomicInteger();
  private final CountDownLatch closing = new CountDownLatch(1);
  private final HttpServer server;

  StallingPeer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
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
    reply(
        ex,
        Map.of(
            "name",
            "Staller",
            "protocolVersion",
            "0.3.0",
            "url",
            base() + "/rpc",
            "skills",
            List.of(Map.of("id", "work", "description", "Works for ever"))));
  }

  private void rpc(HttpExchange ex) throws IOException {
    Map<String, Object> req =
        Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    String method = (String) req.get("method");
    Map<String, String> headers = new LinkedHashMap<>();
    ex.getRequestHeaders()
        .forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), String.join(",", v)));
    received.add(new Received(method, headers));
    String state = "working";
    if (method.equals("tasks/get") && polls.incrementAndGet() == 2) {
      try {
        closing.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    } else if (method.equals("tasks/cancel")) {
      state = "canceled";
    }
    reply(
        ex,
        Map.of(
            "jsonrpc",
            "2.0",
            "id",
            req.get("id"),
            "result",
            Map.of(
                "kind", "task", "id", "t1", "contextId", "c1", "status", Map.of("state", state))));
  }

  private static void reply(HttpExchange ex, Object body) throws IOException {
    byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    try {
      ex.sendResponseHeaders(200, bytes.length);
      ex.getResponseBody().write(bytes);
    } catch (IOException gone) {
      // the client gave up on this request already
    }
    ex.close();
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
  }
}
