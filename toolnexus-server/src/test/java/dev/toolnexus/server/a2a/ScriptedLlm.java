package dev.toolnexus.server.a2a;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local endpoint speaking OpenAI chat completions, answering from the last message so any number
 * of runs can share it at once: after a tool result it answers {@code done: <result>}; a user
 * message {@code echo <x>} is answered {@code echo: <x>}, {@code ask} calls {@code ask_user},
 * {@code slow} calls {@code wait}, {@code lookup} calls {@code lookup}, {@code fail} gets HTTP 400;
 * anything else is echoed back.
 */
final class ScriptedLlm implements AutoCloseable {
  private final HttpServer server;
  final AtomicInteger calls = new AtomicInteger();

  ScriptedLlm() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", this::handle);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  private void handle(HttpExchange ex) throws IOException {
    calls.incrementAndGet();
    Map<String, Object> body =
        Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    List<?> messages = (List<?>) body.get("messages");
    Map<?, ?> last = (Map<?, ?>) messages.get(messages.size() - 1);
    String content =
        last.get("content") instanceof String s ? s : String.valueOf(last.get("content"));
    if ("tool".equals(last.get("role"))) {
      reply(ex, 200, answer("done: " + content));
    } else if (content.startsWith("echo ")) {
      reply(ex, 200, answer("echo: " + content.substring(5)));
    } else if (content.equals("ask")) {
      reply(ex, 200, toolCall("ask_user"));
    } else if (content.equals("slow")) {
      reply(ex, 200, toolCall("wait"));
    } else if (content.equals("lookup")) {
      reply(ex, 200, toolCall("lookup"));
    } else if (content.equals("fail")) {
      reply(ex, 400, Map.of("error", Map.of("message", "the model refused", "type", "invalid")));
    } else {
      reply(ex, 200, answer("you said " + content));
    }
  }

  private static Map<String, Object> answer(String text) {
    return Map.of(
        "id",
        "chatcmpl-1",
        "model",
        "scripted",
        "choices",
        List.of(
            Map.of(
                "index",
                0,
                "message",
                Map.of("role", "assistant", "content", text),
                "finish_reason",
                "stop")),
        "usage",
        Map.of("prompt_tokens", 5, "completion_tokens", 2, "total_tokens", 7));
  }

  private static Map<String, Object> toolCall(String name) {
    return Map.of(
        "id",
        "chatcmpl-2",
        "model",
        "scripted",
        "choices",
        List.of(
            Map.of(
                "index",
                0,
                "message",
                Map.of(
                    "role",
                    "assistant",
                    "tool_calls",
                    List.of(
                        Map.of(
                            "id", "call-1",
                            "type", "function",
                            "function", Map.of("name", name, "arguments", "{}")))),
                "finish_reason",
                "tool_calls")),
        "usage",
        Map.of("prompt_tokens", 5, "completion_tokens", 2, "total_tokens", 7));
  }

  private static void reply(HttpExchange ex, int status, Object body) throws IOException {
    byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length);
    ex.getResponseBody().write(bytes);
    ex.close();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
