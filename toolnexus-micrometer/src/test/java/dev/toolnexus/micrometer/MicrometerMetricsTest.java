package dev.toolnexus.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Source;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.Style;
import dev.toolnexus.client.memory.InMemoryConversationStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MicrometerMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final MicrometerMetrics sink = MicrometerMetrics.of(registry);

  @Test
  void llmEventsCountRequestsTokensAndDuration() {
    sink.accept(new MetricEvent.LlmEvent("gpt-x", MetricEvent.Status.OK, 120, 3, 2));
    sink.accept(new MetricEvent.LlmEvent("gpt-x", MetricEvent.Status.ERROR, 30, 0, 0));

    assertThat(
            registry
                .get("toolnexus.llm.requests")
                .tags("model", "gpt-x", "status", "ok")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(registry.get("toolnexus.llm.requests").tags("status", "error").counter().count())
        .isEqualTo(1.0);
    assertThat(registry.get("toolnexus.llm.tokens").tag("type", "prompt").counter().count())
        .isEqualTo(3.0);
    assertThat(registry.get("toolnexus.llm.tokens").tag("type", "completion").counter().count())
        .isEqualTo(2.0);
    var timer = registry.get("toolnexus.llm.request.duration").tag("model", "gpt-x").timer();
    assertThat(timer.count()).isEqualTo(2);
    assertThat(timer.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(150.0);
  }

  @Test
  void toolEventsKeepPendingApartFromErrors() {
    sink.accept(new MetricEvent.ToolEvent("ask", Source.BUILTIN, false, 0, true));
    sink.accept(new MetricEvent.ToolEvent("add", Source.NATIVE, true, 5, false));

    assertThat(
            registry
                .get("toolnexus.tool.calls")
                .tags("tool", "ask", "source", "builtin", "is_error", "false", "pending", "true")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(
            registry
                .get("toolnexus.tool.calls")
                .tags("tool", "add", "is_error", "true", "pending", "false")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(registry.get("toolnexus.tool.duration").tag("tool", "add").timer().count())
        .isEqualTo(1);
  }

  @Test
  void onlyFailedRunsCountAsRunErrors() {
    sink.accept(new MetricEvent.RunEvent("gpt-x", 1, 0, 10, 5, null));
    assertThat(registry.find("toolnexus.run.errors").counter()).isNull();

    sink.accept(new MetricEvent.RunEvent("gpt-x", 1, 0, 10, 5, "boom"));
    assertThat(registry.get("toolnexus.run.errors").tag("model", "gpt-x").counter().count())
        .isEqualTo(1.0);
  }

  @Test
  void aRealRunRecordsIntoTheRegistry() throws Exception {
    Deque<String> replies = new ArrayDeque<>();
    replies.add(
        "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,"
            + "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"add\","
            + "\"arguments\":\"{\\\"a\\\":1,\\\"b\\\":2}\"}}]},\"finish_reason\":\"tool_calls\"}],"
            + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":4,\"total_tokens\":14}}");
    replies.add(
        "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"3\"},"
            + "\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":1,\"total_tokens\":21}}");
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        ex -> {
          ex.getRequestBody().readAllBytes();
          byte[] body = replies.poll().getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(200, body.length);
          ex.getResponseBody().write(body);
          ex.close();
        });
    server.start();
    try {
      Toolkit kit =
          Toolkit.of(
              Tools.define(
                  "add",
                  "Adds",
                  "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\"},"
                      + "\"b\":{\"type\":\"number\"}}}",
                  (args, ctx) -> "3"));
      LlmClient client =
          LlmClient.create(
              ClientOptions.builder()
                  .baseUrl("http://127.0.0.1:" + server.getAddress().getPort() + "/v1")
                  .style(Style.OPENAI)
                  .model("gpt-x")
                  .apiKey("k")
                  .onMetric(sink)
                  .build());

      assertThat(client.run("1+2?", kit).text()).isEqualTo("3");

      assertThat(registry.get("toolnexus.llm.requests").tag("status", "ok").counter().count())
          .isEqualTo(2.0);
      assertThat(registry.get("toolnexus.llm.tokens").tag("type", "prompt").counter().count())
          .isEqualTo(30.0);
      assertThat(registry.get("toolnexus.tool.calls").tag("tool", "add").counter().count())
          .isEqualTo(1.0);
    } finally {
      server.stop(0);
    }
  }

  @Test
  void aBoundStoreReportsItsSizeAndEvictionsByReasonAtEachRead() {
    InMemoryConversationStore store =
        InMemoryConversationStore.builder().maxConversations(1).build();
    MicrometerMetrics.bindStore("conversations", store, registry);
    store.save("a", List.of());
    store.save("b", List.of());
    store.save("c", List.of());

    assertThat(registry.get("toolnexus.store.size").tag("store", "conversations").gauge().value())
        .isEqualTo(1.0);
    assertThat(
            registry
                .get("toolnexus.store.evictions")
                .tags("store", "conversations", "reason", "size")
                .functionCounter()
                .count())
        .isEqualTo(2.0);
    assertThat(
            registry
                .get("toolnexus.store.evictions")
                .tags("store", "conversations", "reason", "age")
                .functionCounter()
                .count())
        .isEqualTo(0.0);
  }
}
