package dev.toolnexus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.Style;
import dev.toolnexus.http.HttpTool;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenTelemetryTracingTest {
  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final OpenTelemetrySdk sdk = InMemoryTracing.sdk(exporter);
  private final List<String> traceparents = new CopyOnWriteArrayList<>();
  private HttpServer weatherServer;

  @BeforeEach
  void startWeather() throws IOException {
    weatherServer =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    weatherServer.createContext(
        "/weather",
        ex -> {
          String tp = ex.getRequestHeaders().getFirst("traceparent");
          traceparents.add(tp == null ? "<none>" : tp);
          byte[] body = "{\"sky\":\"clear\"}".getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(200, body.length);
          ex.getResponseBody().write(body);
          ex.close();
        });
    weatherServer.start();
  }

  @AfterEach
  void stop() {
    weatherServer.stop(0);
    sdk.close();
  }

  private Toolkit toolkit() {
    return Toolkit.of(
        Tools.define(
            "add",
            "Adds two numbers",
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\"},"
                + "\"b\":{\"type\":\"number\"}}}",
            (args, ctx) -> "3"),
        HttpTool.builder()
            .name("weather")
            .description("Weather in a city")
            .method("GET")
            .url("http://127.0.0.1:" + weatherServer.getAddress().getPort() + "/weather")
            .query("city")
            .inputSchema(
                Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"))))
            .build());
  }

  private RunResult run(OpenTelemetry otel, OpenTelemetryTracing tracing, ScriptedOpenAi llm) {
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(llm.baseUrl())
                .style(Style.OPENAI)
                .model("gpt-x")
                .apiKey("k")
                .observer(tracing)
                .onMetric(OpenTelemetryMetrics.of(otel))
                .build());
    return client.run("1+2, and the weather in Oslo?", toolkit());
  }

  private static SpanData named(List<SpanData> spans, String name, int index) {
    return spans.stream().filter(s -> s.getName().equals(name)).toList().get(index);
  }

  @Test
  void aTwoToolRunIsOneInvokeAgentSpanWithTwoChatSpansAndTwoToolSpans() throws Exception {
    try (ScriptedOpenAi llm =
        new ScriptedOpenAi(
            List.of(ScriptedOpenAi.twoToolCalls(), ScriptedOpenAi.answer("3, clear")))) {
      RunResult result = run(sdk, OpenTelemetryTracing.of(sdk), llm);
      assertThat(result.text()).isEqualTo("3, clear");

      List<SpanData> spans = exporter.getFinishedSpanItems();
      assertThat(spans)
          .extracting(SpanData::getName)
          .containsExactlyInAnyOrder(
              "invoke_agent",
              "chat gpt-x",
              "execute_tool add",
              "execute_tool weather",
              "chat gpt-x");

      SpanData run = named(spans, "invoke_agent", 0);
      assertThat(run.getParentSpanContext().isValid()).isFalse();
      assertThat(run.getKind()).isEqualTo(SpanKind.INTERNAL);
      assertThat(run.getAttributes().asMap())
          .isEqualTo(
              Attributes.builder()
                  .put("gen_ai.operation.name", "invoke_agent")
                  .put("gen_ai.provider.name", "openai")
                  .put("gen_ai.system", "openai")
                  .put("gen_ai.request.model", "gpt-x")
                  .put("gen_ai.response.model", "gpt-x")
                  .put("gen_ai.usage.input_tokens", 30L)
                  .put("gen_ai.usage.output_tokens", 5L)
                  .put("toolnexus.run.status", "done")
                  .build()
                  .asMap());

      SpanData firstChat = named(spans, "chat gpt-x", 0);
      SpanData secondChat = named(spans, "chat gpt-x", 1);
      for (SpanData chat : List.of(firstChat, secondChat)) {
        assertThat(chat.getParentSpanId()).isEqualTo(run.getSpanId());
        assertThat(chat.getTraceId()).isEqualTo(run.getTraceId());
        assertThat(chat.getKind()).isEqualTo(SpanKind.CLIENT);
      }
      assertThat(firstChat.getAttributes().asMap())
          .isEqualTo(
              Attributes.builder()
                  .put("gen_ai.operation.name", "chat")
                  .put("gen_ai.provider.name", "openai")
                  .put("gen_ai.system", "openai")
                  .put("gen_ai.request.model", "gpt-x")
                  .put("server.address", "127.0.0.1")
                  .put("server.port", (long) llm.port())
                  .put("gen_ai.response.model", "gpt-x-2026")
                  .put("gen_ai.response.id", "chatcmpl-1")
                  .put(
                      AttributeKey.stringArrayKey("gen_ai.response.finish_reasons"),
                      List.of("tool_calls"))
                  .put("gen_ai.usage.input_tokens", 10L)
                  .put("gen_ai.usage.output_tokens", 4L)
                  .build()
                  .asMap());
      assertThat(secondChat.getAttributes().get(AttributeKey.stringKey("gen_ai.response.id")))
          .isEqualTo("chatcmpl-2");
      assertThat(
              secondChat
                  .getAttributes()
                  .get(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons")))
          .containsExactly("stop");

      SpanData add = named(spans, "execute_tool add", 0);
      SpanData weather = named(spans, "execute_tool weather", 0);
      assertThat(add.getParentSpanId()).isEqualTo(run.getSpanId());
      assertThat(weather.getParentSpanId()).isEqualTo(run.getSpanId());
      assertThat(add.getAttributes().asMap())
          .isEqualTo(
              Attributes.builder()
                  .put("gen_ai.operation.name", "execute_tool")
                  .put("gen_ai.tool.name", "add")
                  .put("gen_ai.tool.call.id", "c1")
                  .put("gen_ai.tool.type", "function")
                  .put("toolnexus.tool.source", "native")
                  .build()
                  .asMap());
      assertThat(weather.getAttributes().asMap())
          .isEqualTo(
              Attributes.builder()
                  .put("gen_ai.operation.name", "execute_tool")
                  .put("gen_ai.tool.name", "weather")
                  .put("gen_ai.tool.call.id", "c2")
                  .put("gen_ai.tool.type", "function")
                  .put("toolnexus.tool.source", "http")
                  .build()
                  .asMap());
      assertThat(add.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    }
  }

  @Test
  void anHttpToolSendsTheTraceparentOfItsToolSpan() throws Exception {
    try (ScriptedOpenAi llm =
        new ScriptedOpenAi(
            List.of(ScriptedOpenAi.twoToolCalls(), ScriptedOpenAi.answer("3, clear")))) {
      run(sdk, OpenTelemetryTracing.of(sdk), llm);

      SpanData weather = named(exporter.getFinishedSpanItems(), "execute_tool weather", 0);
      assertThat(traceparents)
          .containsExactly(
              "00-"
                  + weather.getTraceId()
                  + "-"
                  + weather.getSpanId()
                  + "-"
                  + weather.getSpanContext().getTraceFlags().asHex());
    }
  }

  @Test
  void aToolErrorResultMarksItsSpanAsFailed() throws Exception {
    String failingCall =
        ScriptedOpenAi.twoToolCalls().replace("\\\"a\\\":1,\\\"b\\\":2", "\\\"a\\\":\\\"x\\\"");
    try (ScriptedOpenAi llm =
        new ScriptedOpenAi(List.of(failingCall, ScriptedOpenAi.answer("sorry")))) {
      run(sdk, OpenTelemetryTracing.of(sdk), llm);

      SpanData add = named(exporter.getFinishedSpanItems(), "execute_tool add", 0);
      assertThat(add.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
      assertThat(add.getAttributes().get(AttributeKey.stringKey("error.type")))
          .isEqualTo("tool_error");
    }
  }

  @Test
  void aFailedModelCallIsRecordedOnTheChatAndRunSpans() throws Exception {
    try (ScriptedOpenAi llm = new ScriptedOpenAi(List.of())) {
      LlmClient client =
          LlmClient.create(
              ClientOptions.builder()
                  .baseUrl(llm.baseUrl())
                  .style(Style.OPENAI)
                  .model("gpt-x")
                  .apiKey("k")
                  .retries(0)
                  .observer(OpenTelemetryTracing.of(sdk))
                  .build());
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> client.run("hi", toolkit()))
          .isInstanceOf(dev.toolnexus.client.LlmException.class);

      List<SpanData> spans = exporter.getFinishedSpanItems();
      SpanData chat = named(spans, "chat gpt-x", 0);
      SpanData run = named(spans, "invoke_agent", 0);
      assertThat(chat.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
      assertThat(chat.getAttributes().get(AttributeKey.stringKey("error.type")))
          .isEqualTo("dev.toolnexus.client.LlmException");
      assertThat(chat.getEvents()).extracting(e -> e.getName()).containsExactly("exception");
      assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    }
  }

  @Test
  void contentIsLeftOutUnlessTheUserOptsIn() throws Exception {
    try (ScriptedOpenAi llm =
        new ScriptedOpenAi(
            List.of(ScriptedOpenAi.twoToolCalls(), ScriptedOpenAi.answer("3, clear")))) {
      run(sdk, OpenTelemetryTracing.of(sdk), llm);
      for (SpanData span : exporter.getFinishedSpanItems()) {
        assertThat(span.getAttributes().asMap().keySet())
            .extracting(AttributeKey::getKey)
            .doesNotContain(
                "gen_ai.input.messages",
                "gen_ai.output.messages",
                "gen_ai.tool.call.arguments",
                "gen_ai.tool.call.result");
      }
    }
  }

  @Test
  void capturedContentHoldsTheMessagesArgumentsAndResults() throws Exception {
    try (ScriptedOpenAi llm =
        new ScriptedOpenAi(
            List.of(ScriptedOpenAi.twoToolCalls(), ScriptedOpenAi.answer("3, clear")))) {
      run(sdk, OpenTelemetryTracing.builder(sdk).captureContent(true).build(), llm);

      List<SpanData> spans = exporter.getFinishedSpanItems();
      SpanData add = named(spans, "execute_tool add", 0);
      assertThat(add.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.arguments")))
          .isEqualTo("{\"a\":1,\"b\":2}");
      assertThat(add.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.result")))
          .isEqualTo("3");
      SpanData firstChat = named(spans, "chat gpt-x", 0);
      assertThat(firstChat.getAttributes().get(AttributeKey.stringKey("gen_ai.input.messages")))
          .isEqualTo(
              "[{\"role\":\"user\",\"parts\":[{\"type\":\"text\","
                  + "\"content\":\"1+2, and the weather in Oslo?\"}]}]");
      SpanData secondChat = named(spans, "chat gpt-x", 1);
      assertThat(secondChat.getAttributes().get(AttributeKey.stringKey("gen_ai.output.messages")))
          .isEqualTo(
              "[{\"role\":\"assistant\",\"parts\":[{\"type\":\"text\",\"content\":\"3, clear\"}]}]");
    }
  }

  @Test
  void anAgentNameNamesTheRunSpan() throws Exception {
    try (ScriptedOpenAi llm = new ScriptedOpenAi(List.of(ScriptedOpenAi.answer("hi")))) {
      run(sdk, OpenTelemetryTracing.builder(sdk).agentName("researcher").build(), llm);

      SpanData run = named(exporter.getFinishedSpanItems(), "invoke_agent researcher", 0);
      assertThat(run.getAttributes().get(AttributeKey.stringKey("gen_ai.agent.name")))
          .isEqualTo("researcher");
    }
  }

  @Test
  void withoutAnSdkNothingIsRecordedAndNoHeaderIsSent() throws Exception {
    try (ScriptedOpenAi llm =
        new ScriptedOpenAi(
            List.of(ScriptedOpenAi.twoToolCalls(), ScriptedOpenAi.answer("3, clear")))) {
      RunResult result = run(OpenTelemetry.noop(), OpenTelemetryTracing.global(), llm);

      assertThat(result.text()).isEqualTo("3, clear");
      assertThat(exporter.getFinishedSpanItems()).isEmpty();
      assertThat(traceparents).containsExactly("<none>");
    }
  }
}
