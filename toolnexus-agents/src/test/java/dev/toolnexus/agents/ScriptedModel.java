package dev.toolnexus.agents;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The fixtures' scripted LLM as a local OpenAI-style endpoint on 127.0.0.1: each request is
 * answered by the script of the model it names, every answer carries the fixtures' usage (30 + 10 =
 * 40 tokens). It counts the calls in flight at once, can hold the first calls of a model until a
 * given number are in flight together (so concurrency is proven, not assumed), and holds the slow
 * model until released.
 */
final class ScriptedModel implements AutoCloseable {

  /** One parsed request. */
  record Call(String model, List<Map<String, Object>> messages, List<Object> tools) {
    List<Map<String, Object>> toolMessages() {
      return messages.stream().filter(m -> "tool".equals(m.get("role"))).toList();
    }

    String lastUserText() {
      for (int i = messages.size() - 1; i >= 0; i--) {
        if ("user".equals(messages.get(i).get("role"))) {
          return String.valueOf(messages.get(i).get("content"));
        }
      }
      return "";
    }
  }

  /** A scripted reply: text, or tool calls. */
  record Reply(String text, List<Map<String, Object>> calls) {
    static Reply text(String text) {
      return new Reply(text, List.of());
    }

    static Reply call(String name, Map<String, Object> args) {
      return new Reply(null, List.of(Map.of("name", name, "args", args)));
    }
  }

  private final HttpServer server;
  private final AtomicInteger threads = new AtomicInteger();
  private final ExecutorService pool =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "scripted-model-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
  private final Map<String, Function<Call, Reply>> scripts = new ConcurrentHashMap<>();
  private final List<Call> calls = new CopyOnWriteArrayList<>();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger highWater = new AtomicInteger();
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<String, CountDownLatch> together = new ConcurrentHashMap<>();
  final CountDownLatch slowStarted = new CountDownLatch(1);
  final CountDownLatch slowRelease = new CountDownLatch(1);
  private final List<String> bodies = Collections.synchronizedList(new ArrayList<>());

  ScriptedModel() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(pool);
    server.createContext("/", this::handle);
    server.start();
    fixtureScripts();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** Holds the first {@code n} calls to {@code model} until all {@code n} are in flight at once. */
  ScriptedModel together(String model, int n) {
    together.put(model, new CountDownLatch(n));
    return this;
  }

  /** Adds or replaces a model's script. */
  ScriptedModel script(String model, Function<Call, Reply> script) {
    scripts.put(model, script);
    return this;
  }

  int highWater() {
    return highWater.get();
  }

  List<Call> calls() {
    return List.copyOf(calls);
  }

  /** How many requests named {@code model}. */
  long requestsFor(String model) {
    return calls.stream().filter(c -> model.equals(c.model())).count();
  }

  List<String> bodies() {
    return List.copyOf(bodies);
  }

  private void fixtureScripts() {
    script(
        "m-coordinator",
        c ->
            c.toolMessages().isEmpty()
                ? new Reply(
                    null,
                    List.of(
                        Map.of(
                            "name", "task", "args", Map.of("agent", "explore", "prompt", "find A")),
                        Map.of(
                            "name",
                            "task",
                            "args",
                            Map.of("agent", "explore", "prompt", "find B"))))
                : Reply.text(
                    "synthesis: "
                        + String.join(
                            " + ",
                            c.toolMessages().stream()
                                .map(m -> String.valueOf(m.get("content")))
                                .toList())));
    script(
        "m-explore",
        c ->
            c.toolMessages().isEmpty()
                ? Reply.call("lookup", Map.of("q", "x"))
                : Reply.text("found:" + c.toolMessages().get(0).get("content")));
    script("m-loop", c -> Reply.call("lookup", Map.of("q", "again")));
    script(
        "m-approver-parent",
        c ->
            c.toolMessages().isEmpty()
                ? Reply.call("task", Map.of("agent", "asker", "prompt", "get the secret"))
                : Reply.text(
                    "parent-final: "
                        + c.toolMessages().get(c.toolMessages().size() - 1).get("content")));
    script(
        "m-asker",
        c ->
            c.toolMessages().stream()
                    .anyMatch(m -> String.valueOf(m.get("content")).contains("secret-token"))
                ? Reply.text("asker-done: secret-token")
                : Reply.call("check_secret", Map.of()));
    script(
        "m-peer",
        c -> {
          long items = c.lastUserText().lines().filter(l -> l.matches("^\\d+\\..*")).count();
          return Reply.text("processed " + items + " items");
        });
    script(
        "m-slow",
        c -> {
          slowStarted.countDown();
          await(slowRelease);
          return Reply.text("slow-done");
        });
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(20, TimeUnit.SECONDS)) {
        throw new IllegalStateException("latch never released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void handle(HttpExchange ex) throws IOException {
    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    bodies.add(body);
    int now = inFlight.incrementAndGet();
    highWater.accumulateAndGet(now, Math::max);
    int status;
    String json;
    try {
      Map<String, Object> req = Json.parseObject(body);
      String model = String.valueOf(req.get("model"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> messages = (List<Map<String, Object>>) req.get("messages");
      @SuppressWarnings("unchecked")
      List<Object> tools = (List<Object>) req.getOrDefault("tools", List.of());
      Call call = new Call(model, messages, tools);
      calls.add(call);
      CountDownLatch gate = together.get(model);
      if (gate != null && gate.getCount() > 0) {
        gate.countDown();
        await(gate);
      }
      Function<Call, Reply> script = scripts.get(model);
      Reply reply = script == null ? Reply.text("ok") : script.apply(call);
      status = 200;
      json = Json.write(completion(model, reply));
    } catch (RuntimeException e) {
      status = 500;
      json = "{\"error\":{\"message\":\"" + e.getMessage() + "\"}}";
    } finally {
      // before the answer goes out: once the client has it, its next call may arrive at once
      inFlight.decrementAndGet();
    }
    respond(ex, status, json);
  }

  private Map<String, Object> completion(String model, Reply reply) {
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("role", "assistant");
    message.put("content", reply.text());
    if (!reply.calls().isEmpty()) {
      List<Map<String, Object>> tc = new ArrayList<>();
      for (Map<String, Object> c : reply.calls()) {
        tc.add(
            Map.of(
                "id",
                "call_" + ids.incrementAndGet(),
                "type",
                "function",
                "function",
                Map.of("name", c.get("name"), "arguments", Json.write(c.get("args")))));
      }
      message.put("tool_calls", tc);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", "chatcmpl-" + ids.incrementAndGet());
    out.put("object", "chat.completion");
    out.put("model", model);
    out.put(
        "choices",
        List.of(
            Map.of(
                "index",
                0,
                "message",
                message,
                "finish_reason",
                reply.calls().isEmpty() ? "stop" : "tool_calls")));
    out.put("usage", Map.of("prompt_tokens", 30, "completion_tokens", 10, "total_tokens", 40));
    return out;
  }

  private static void respond(HttpExchange ex, int status, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    try {
      ex.sendResponseHeaders(status, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    } catch (IOException e) {
      // the client went away (an aborted call); nothing to answer
    } finally {
      ex.close();
    }
  }

  @Override
  public void close() {
    slowRelease.countDown();
    together
        .values()
        .forEach(
            l -> {
              while (l.getCount() > 0) {
                l.countDown();
              }
            });
    server.stop(0);
    pool.shutdownNow();
  }
}
