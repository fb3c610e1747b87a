package dev.toolnexus.a2a.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.auth.HttpAuth;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An agent's event stream refused with 401 is handed to the {@link HttpAuth}, which renews the
 * token, and the stream is opened once more with the new one (the task is followed on the stream,
 * not polled).
 */
class StreamAuthRetryTest {
  private HttpServer server;
  private String card;
  private final List<String> calls = new CopyOnWriteArrayList<>();
  private final List<String> challenges = new CopyOnWriteArrayList<>();
  private volatile boolean streamed;

  @BeforeEach
  void start() throws IOException {
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
    server.createContext("/rpc", this::rpc);
    server.start();
    card = base + "/.well-known/agent-card.json";
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  /**
   * Sends and polls take either token; the stream takes only {@code Bearer t-2} and refuses the
   * first with 401 and a challenge. The task shows completed only once it was streamed, so a client
   * that polls instead of reopening the stream never sees it settle.
   */
  private void rpc(HttpExchange ex) throws IOException {
    Map<String, Object> req =
        Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    String method = (String) req.get("method");
    String authorization = ex.getRequestHeaders().getFirst("Authorization");
    calls.add(method + " " + authorization);
    Object id = req.get("id");
    switch (method) {
      case "message/send" -> json(ex, result(id, task("working", null)));
      case "tasks/get" -> json(ex, result(id, task(streamed ? "completed" : "working", "answer")));
      case "tasks/resubscribe" -> {
        if (!"Bearer t-2".equals(authorization)) {
          ex.getResponseHeaders().add("WWW-Authenticate", "Bearer error=\"invalid_token\"");
          ex.sendResponseHeaders(401, -1);
          ex.close();
          return;
        }
        streamed = true;
        byte[] event =
            ("data: " + Json.write(result(id, task("completed", "answer"))) + "\n\n")
                .getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "text/event-stream");
        ex.sendResponseHeaders(200, event.length);
        ex.getResponseBody().write(event);
        ex.close();
      }
      default -> json(ex, result(id, task("canceled", null)));
    }
  }

  private static Map<String, Object> task(String state, String artifact) {
    Map<String, Object> t = new LinkedHashMap<>();
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

  /** Gives {@code Bearer t-1} until a refusal renews it to {@code Bearer t-2}. */
  private final class RenewingAuth implements HttpAuth {
    private volatile String token = "t-1";

    @Override
    public String authorizationHeader(URI resource) {
      return "Bearer " + token;
    }

    @Override
    public boolean onUnauthorized(URI resource, int status, String wwwAuthenticate) {
      challenges.add(status + " " + resource.getPath() + " " + wwwAuthenticate);
      token = "t-2";
      return true;
    }
  }

  @Test
  void aStreamRefusedWith401IsOpenedAgainWithTheRenewedToken() throws Exception {
    RemoteAgent agent =
        RemoteAgent.open(
            AgentOptions.builder(card)
                .pollEvery(Duration.ofMillis(10))
                .timeout(Duration.ofSeconds(5))
                .auth(new RenewingAuth())
                .build(),
            new CancelToken());

    ToolResult r = agent.tools().get(0).execute(Map.of("task", "go"), ToolContext.empty());

    assertThat(r.output()).isEqualTo("answer");
    assertThat(r.metadata()).containsEntry("streamed", true).containsEntry("polls", 0);
    assertThat(challenges).containsExactly("401 /rpc Bearer error=\"invalid_token\"");
    assertThat(calls)
        .containsExactly(
            "message/send Bearer t-1",
            "tasks/resubscribe Bearer t-1",
            "tasks/resubscribe Bearer t-2",
            "tasks/get Bearer t-2");
  }
}
