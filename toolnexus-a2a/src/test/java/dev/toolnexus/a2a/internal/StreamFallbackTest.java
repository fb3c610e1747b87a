package dev.toolnexus.a2a.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.a2a.AgentOptions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An agent whose card says it streams but whose stream fails is polled instead: a refused
 * subscription, a stream that ends before the task settles, and a body that is not a stream.
 */
class StreamFallbackTest {
  private HttpServer server;
  private final List<String> methods = new CopyOnWriteArrayList<>();

  /** How the peer answers {@code tasks/resubscribe}. */
  enum Subscribe {
    REFUSED,
    ENDS_EARLY,
    PLAIN_JSON
  }

  private String start(Subscribe mode) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    server.createContext(
        "/.well-known/agent-card.json",
        ex ->
            json(
                ex,
                Map.of(
                    "name",
                    "Streamer",
                    "protocolVersion",
                    "0.3.0",
                    "url",
                    base + "/rpc",
                    "capabilities",
                    Map.of("streaming", true),
                    "skills",
                    List.of(Map.of("id", "work", "description", "Works")))));
    server.createContext("/rpc", ex -> rpc(ex, mode));
    server.start();
    return base + "/.well-known/agent-card.json";
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private void rpc(HttpExchange ex, Subscribe mode) throws IOException {
    Map<String, Object> req =
        Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    String method = (String) req.get("method");
    methods.add(method);
    Object id = req.get("id");
    switch (method) {
      case "message/send" -> json(ex, result(id, task("working", null)));
      case "tasks/get" -> json(ex, result(id, task("completed", "the answer")));
      case "tasks/resubscribe" -> {
        switch (mode) {
          case REFUSED ->
              json(
                  ex,
                  Map.of(
                      "jsonrpc",
                      "2.0",
                      "id",
                      id,
                      "error",
                      Map.of("code", -32004, "message", "This operation is not supported")));
          case PLAIN_JSON -> json(ex, result(id, task("working", null)));
          case ENDS_EARLY -> {
            byte[] event =
                ("data: " + Json.write(result(id, task("working", null))) + "\n\n")
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "text/event-stream");
            ex.sendResponseHeaders(200, event.length);
            ex.getResponseBody().write(event);
            ex.close();
          }
        }
      }
      default -> json(ex, result(id, task("canceled", null)));
    }
  }

  private static Map<String, Object> task(String state, String artifact) {
    Map<String, Object> t = new java.util.LinkedHashMap<>();
    t.put("kind", "task");
    t.put("id", "t1");
    t.put("contextId", "c1");
    t.put("status", Map.of("state", state));
    if (artifact != null) {
      t.put(
          "artifacts", List.of(Map.of("parts", List.of(Map.of("kind", "text", "text", artifact)))));
    }
    return t;
  }

  private static Map<String, Object> result(Object id, Object result) {
    return Map.of("jsonrpc", "2.0", "id", id, "result", result);
  }

  private static void json(HttpExchange ex, Object body) throws IOException {
    byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(200, bytes.length);
    ex.getResponseBody().write(bytes);
    ex.close();
  }

  private ToolResult run(Subscribe mode) throws IOException {
    String card = start(mode);
    RemoteAgent agent =
        RemoteAgent.open(
            AgentOptions.builder(card).pollEvery(Duration.ofMillis(10)).build(), new CancelToken());
    return agent.tools().get(0).execute(Map.of("task", "go"), ToolContext.empty());
  }

  @Test
  void aRefusedSubscriptionIsPolledInstead() throws Exception {
    ToolResult r = run(Subscribe.REFUSED);
    assertThat(r.output()).isEqualTo("the answer");
    assertThat(r.metadata()).containsEntry("streamed", true).containsEntry("polls", 1);
    assertThat(methods).containsExactly("message/send", "tasks/resubscribe", "tasks/get");
  }

  @Test
  void aStreamThatEndsBeforeTheTaskSettlesIsPolledInstead() throws Exception {
    ToolResult r = run(Subscribe.ENDS_EARLY);
    assertThat(r.output()).isEqualTo("the answer");
    assertThat(r.metadata()).containsEntry("polls", 1);
    assertThat(methods).containsExactly("message/send", "tasks/resubscribe", "tasks/get");
  }

  @Test
  void aSubscriptionAnsweredWithPlainJsonIsPolledInstead() throws Exception {
    ToolResult r = run(Subscribe.PLAIN_JSON);
    assertThat(r.output()).isEqualTo("the answer");
    assertThat(r.metadata()).containsEntry("polls", 1);
    assertThat(methods).containsExactly("message/send", "tasks/resubscribe", "tasks/get");
  }
}
