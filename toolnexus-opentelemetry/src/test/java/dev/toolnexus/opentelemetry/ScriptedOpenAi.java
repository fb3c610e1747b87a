package dev.toolnexus.opentelemetry;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** A local endpoint answering OpenAI chat completions from a script, one reply per request. */
final class ScriptedOpenAi implements AutoCloseable {
  private final HttpServer server;
  private final Deque<String> replies;

  ScriptedOpenAi(List<String> script) throws IOException {
    replies = new ArrayDeque<>(script);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        ex -> {
          ex.getRequestBody().readAllBytes();
          String next = replies.poll();
          byte[] body =
              (next == null ? "{\"error\":{\"message\":\"script exhausted\"}}" : next)
                  .getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(next == null ? 500 : 200, body.length);
          ex.getResponseBody().write(body);
          ex.close();
        });
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** A turn calling {@code add} and {@code weather} at once. */
  static String twoToolCalls() {
    return "{\"id\":\"chatcmpl-1\",\"model\":\"gpt-x-2026\",\"choices\":[{\"index\":0,"
        + "\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":["
        + "{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"add\","
        + "\"arguments\":\"{\\\"a\\\":1,\\\"b\\\":2}\"}},"
        + "{\"id\":\"c2\",\"type\":\"function\",\"function\":{\"name\":\"weather\","
        + "\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}],"
        + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":4,\"total_tokens\":14}}";
  }

  /** A final answer. */
  static String answer(String text) {
    return "{\"id\":\"chatcmpl-2\",\"model\":\"gpt-x-2026\",\"choices\":[{\"index\":0,"
        + "\"message\":{\"role\":\"assistant\",\"content\":\""
        + text
        + "\"},\"finish_reason\":\"stop\"}],"
        + "\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":1,\"total_tokens\":21}}";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
