package dev.toolnexus.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Toolkit;
import dev.toolnexus.annotations.ToolMethod;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.ToolCallRecord;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A whole Boot application: properties, a @ToolMethod bean, a stdio MCP server, a real loop. */
@SpringBootTest
class SpringBootLoopTest {
  private static final Deque<String> REPLIES = new ArrayDeque<>();
  private static final List<String> REQUESTS = new CopyOnWriteArrayList<>();
  private static final HttpServer LLM = scriptedOpenAi();

  /** The application under test. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Bean
    Clock clock() {
      return new Clock();
    }
  }

  /** A bean whose method is a tool. */
  public static class Clock {
    /** The time, fixed so the test can assert it. */
    @ToolMethod("The current time in a city")
    public String time(String city) {
      return "12:00 in " + city;
    }
  }

  private static HttpServer scriptedOpenAi() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext(
          "/",
          ex -> {
            REQUESTS.add(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] body = REPLIES.poll().getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
          });
      server.start();
      return server;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) throws IOException {
    Path dir = Files.createTempDirectory("toolnexus-boot");
    Path config = UpperMcpServer.config(dir);
    registry.add("toolnexus.toolkit.mcp-config", config::toString);
    registry.add(
        "toolnexus.client.base-url",
        () -> "http://127.0.0.1:" + LLM.getAddress().getPort() + "/v1");
    registry.add("toolnexus.client.style", () -> "openai");
    registry.add("toolnexus.client.model", () -> "gpt-x");
    registry.add("toolnexus.client.api-key", () -> "k");
  }

  @AfterAll
  static void stop() {
    LLM.stop(0);
  }

  @Autowired LlmClient client;
  @Autowired Toolkit toolkit;

  @Test
  void aRunCallsTheMcpServerAndTheToolMethodBeanThenAnswers() {
    REPLIES.add(
        "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,"
            + "\"tool_calls\":["
            + "{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"text_upper\","
            + "\"arguments\":\"{\\\"text\\\":\\\"oslo\\\"}\"}},"
            + "{\"id\":\"c2\",\"type\":\"function\",\"function\":{\"name\":\"time\","
            + "\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}],"
            + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":4,\"total_tokens\":14}}");
    REPLIES.add(
        "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
            + "\"content\":\"OSLO: 12:00\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":3,\"total_tokens\":23}}");

    assertThat(toolkit.names()).containsExactlyInAnyOrder("text_upper", "time");
    RunResult result = client.run("What time is it in OSLO?", toolkit);

    assertThat(result.text()).isEqualTo("OSLO: 12:00");
    assertThat(result.toolCalls())
        .extracting(ToolCallRecord::name, ToolCallRecord::output, ToolCallRecord::isError)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("text_upper", "OSLO", false),
            org.assertj.core.groups.Tuple.tuple("time", "12:00 in Oslo", false));
    assertThat(REQUESTS).hasSize(2);
    assertThat(REQUESTS.get(0)).contains("\"model\":\"gpt-x\"").contains("\"name\":\"text_upper\"");
  }
}
