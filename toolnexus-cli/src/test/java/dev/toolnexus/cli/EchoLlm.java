package dev.toolnexus.cli;

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

/**
 * The model behind the served agent of these tests (the only fake): a local endpoint speaking
 * OpenAI chat completions that answers {@code echo: <the last message>}.
 */
final class EchoLlm implements AutoCloseable {
  private final HttpServer server;

  EchoLlm() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", this::handle);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  private void handle(HttpExchange ex) throws IOException {
    Map<String, Object> body =
        Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    List<?> messages = (List<?>) body.get("messages");
    Map<?, ?> last = (Map<?, ?>) messages.get(messages.size() - 1);
    Map<String, Object> answer =
        Map.of(
            "id",
            "chatcmpl-1",
            "model",
            "echo",
            "choices",
            List.of(
                Map.of(
                    "index",
                    0,
                    "message",
                    Map.of("role", "assistant", "content", "echo: " + last.get("content")),
                    "finish_reason",
                    "stop")),
            "usage",
            Map.of("prompt_tokens", 5, "completion_tokens", 2, "total_tokens", 7));
    byte[] bytes = Json.write(answer).getBytes(StandardCharsets.UTF_8);
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
