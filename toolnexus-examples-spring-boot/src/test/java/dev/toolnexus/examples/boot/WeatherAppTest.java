package dev.toolnexus.examples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class WeatherAppTest {
  @Test
  void theAppAnswersItsQuestionWithItsToolMethodBean() throws Exception {
    Deque<String> replies = new ArrayDeque<>();
    replies.add(
        "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,"
            + "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{"
            + "\"name\":\"forecast\",\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]},"
            + "\"finish_reason\":\"tool_calls\"}]}");
    replies.add(
        "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
            + "\"content\":\"Sunny in Oslo.\"},\"finish_reason\":\"stop\"}]}");
    List<String> requests = new CopyOnWriteArrayList<>();
    HttpServer llm =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    llm.createContext(
        "/",
        ex -> {
          requests.add(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          byte[] body = replies.poll().getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(200, body.length);
          ex.getResponseBody().write(body);
          ex.close();
        });
    llm.start();
    PrintStream out = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      WeatherApp.main(
          new String[] {
            "--toolnexus.client.base-url=http://127.0.0.1:" + llm.getAddress().getPort() + "/v1",
            "--toolnexus.client.api-key=test",
            "--spring.main.banner-mode=off",
            "--question=Weather in Oslo?"
          });
    } finally {
      System.setOut(out);
      llm.stop(0);
    }

    assertThat(printed.toString(StandardCharsets.UTF_8))
        .isEqualTo("Sunny in Oslo." + System.lineSeparator());
    assertThat(requests.get(1)).contains("Sunny, 21°C in Oslo");
  }
}
