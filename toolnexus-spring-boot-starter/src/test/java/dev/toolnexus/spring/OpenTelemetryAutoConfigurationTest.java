package dev.toolnexus.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.RunObserver;
import dev.toolnexus.opentelemetry.OpenTelemetryMetrics;
import dev.toolnexus.opentelemetry.OpenTelemetryTracing;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class OpenTelemetryAutoConfigurationTest {
  private static final String ANSWER =
      "{\"id\":\"r1\",\"model\":\"gpt-x-2\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
          + "\"assistant\",\"content\":\"hello\"},\"finish_reason\":\"stop\"}],"
          + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1,\"total_tokens\":4}}";

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final OpenTelemetrySdk sdk =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                  .build())
          .build();
  private HttpServer llm;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ToolnexusAutoConfiguration.class, ToolnexusOpenTelemetryAutoConfiguration.class));

  @AfterEach
  void stop() {
    if (llm != null) {
      llm.stop(0);
    }
    sdk.close();
  }

  private String scriptedOpenAi() throws IOException {
    llm = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    llm.createContext(
        "/",
        ex -> {
          ex.getRequestBody().readAllBytes();
          byte[] body = ANSWER.getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/json");
          ex.sendResponseHeaders(200, body.length);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
          }
        });
    llm.start();
    return "http://127.0.0.1:" + llm.getAddress().getPort() + "/v1";
  }

  @Test
  void anOpenTelemetryBeanTracesTheClientsRuns() throws Exception {
    String baseUrl = scriptedOpenAi();
    runner
        .withBean(OpenTelemetry.class, () -> sdk)
        .withPropertyValues(
            "toolnexus.client.base-url=" + baseUrl,
            "toolnexus.client.style=openai",
            "toolnexus.client.model=gpt-x",
            "toolnexus.client.api-key=k")
        .run(
            ctx -> {
              LlmClient client = ctx.getBean(LlmClient.class);
              assertThat(client.options().observer())
                  .isSameAs(ctx.getBean(OpenTelemetryTracing.class));

              client.run("hi", Toolkit.of());

              assertThat(exporter.getFinishedSpanItems())
                  .extracting(SpanData::getName)
                  .containsExactly("chat gpt-x", "invoke_agent");
              SpanData chat = exporter.getFinishedSpanItems().get(0);
              assertThat(chat.getAttributes().get(AttributeKey.stringKey("gen_ai.response.model")))
                  .isEqualTo("gpt-x-2");
              assertThat(chat.getAttributes().get(AttributeKey.stringKey("gen_ai.input.messages")))
                  .isNull();
            });
  }

  @Test
  void captureContentPutsThePromptOnTheSpans() throws Exception {
    String baseUrl = scriptedOpenAi();
    runner
        .withBean(OpenTelemetry.class, () -> sdk)
        .withPropertyValues(
            "toolnexus.client.base-url=" + baseUrl,
            "toolnexus.client.style=openai",
            "toolnexus.client.model=gpt-x",
            "toolnexus.client.api-key=k",
            "toolnexus.opentelemetry.capture-content=true")
        .run(
            ctx -> {
              ctx.getBean(LlmClient.class).run("hi", Toolkit.of());

              SpanData chat = exporter.getFinishedSpanItems().get(0);
              assertThat(chat.getAttributes().get(AttributeKey.stringKey("gen_ai.input.messages")))
                  .contains("hi");
            });
  }

  @Test
  void withoutAMeterRegistryTheMetricsGoToTheOpenTelemetryMeter() {
    runner
        .withBean(OpenTelemetry.class, () -> sdk)
        .run(
            ctx -> {
              assertThat(ctx).hasSingleBean(OpenTelemetryTracing.class);
              assertThat(ctx).hasSingleBean(OpenTelemetryMetrics.class);
            });
  }

  @Test
  void aMeterRegistryKeepsTheMetricsOnMicrometerOnly() {
    runner
        .withBean(OpenTelemetry.class, () -> sdk)
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .run(
            ctx -> {
              assertThat(ctx).hasSingleBean(OpenTelemetryTracing.class);
              assertThat(ctx).doesNotHaveBean(OpenTelemetryMetrics.class);
            });
  }

  @Test
  void withoutAnOpenTelemetryBeanNothingIsInstrumented() {
    runner.run(
        ctx -> {
          assertThat(ctx).hasNotFailed();
          assertThat(ctx).doesNotHaveBean(OpenTelemetryTracing.class);
          assertThat(ctx).doesNotHaveBean(OpenTelemetryMetrics.class);
        });
  }

  @Test
  void withoutTheOpenTelemetryModuleOnTheClasspathTheStarterStillStarts() {
    runner
        .withClassLoader(new FilteredClassLoader(OpenTelemetryTracing.class))
        .withBean(OpenTelemetry.class, () -> sdk)
        .run(
            ctx -> {
              assertThat(ctx).hasNotFailed();
              assertThat(ctx).hasSingleBean(Toolkit.class);
              assertThat(ctx).doesNotHaveBean(RunObserver.class);
            });
  }

  @Test
  void theApplicationsOwnObserverWins() {
    RunObserver own = info -> null;
    runner
        .withBean(OpenTelemetry.class, () -> sdk)
        .withBean(RunObserver.class, () -> own)
        .withPropertyValues(
            "toolnexus.client.base-url=http://127.0.0.1:1/v1",
            "toolnexus.client.style=openai",
            "toolnexus.client.model=gpt-x",
            "toolnexus.client.api-key=k")
        .run(
            ctx -> {
              assertThat(ctx).doesNotHaveBean(OpenTelemetryTracing.class);
              assertThat(ctx.getBean(LlmClient.class).options().observer()).isSameAs(own);
            });
  }

  @Test
  void disabledByPropertyNothingIsInstrumented() {
    runner
        .withBean(OpenTelemetry.class, () -> sdk)
        .withPropertyValues("toolnexus.opentelemetry.enabled=false")
        .run(
            ctx -> {
              assertThat(ctx).doesNotHaveBean(OpenTelemetryTracing.class);
              assertThat(ctx).doesNotHaveBean(OpenTelemetryMetrics.class);
            });
  }
}
