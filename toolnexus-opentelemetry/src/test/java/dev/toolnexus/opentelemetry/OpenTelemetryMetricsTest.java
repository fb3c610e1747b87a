package dev.toolnexus.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Source;
import dev.toolnexus.client.MetricEvent;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenTelemetryMetricsTest {
  private final InMemoryMetricReader reader = InMemoryMetricReader.create();
  private final OpenTelemetrySdk sdk =
      OpenTelemetrySdk.builder()
          .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build())
          .build();
  private final OpenTelemetryMetrics sink = OpenTelemetryMetrics.of(sdk);

  @AfterEach
  void close() {
    sdk.close();
  }

  private Map<String, MetricData> collect() {
    Collection<MetricData> all = reader.collectAllMetrics();
    return all.stream().collect(Collectors.toMap(MetricData::getName, m -> m));
  }

  private static long sum(MetricData m, Attributes attributes) {
    return m.getLongSumData().getPoints().stream()
        .filter(p -> p.getAttributes().equals(attributes))
        .mapToLong(LongPointData::getValue)
        .sum();
  }

  @Test
  void llmEventsCountRequestsTokensAndDurationUnderTheMicrometerNames() {
    sink.accept(new MetricEvent.LlmEvent("gpt-x", MetricEvent.Status.OK, 120, 3, 2));
    sink.accept(new MetricEvent.LlmEvent("gpt-x", MetricEvent.Status.ERROR, 30, 0, 0));

    Map<String, MetricData> m = collect();
    AttributeKey<String> model = AttributeKey.stringKey("model");
    AttributeKey<String> status = AttributeKey.stringKey("status");
    AttributeKey<String> type = AttributeKey.stringKey("type");
    assertThat(sum(m.get("toolnexus.llm.requests"), Attributes.of(model, "gpt-x", status, "ok")))
        .isEqualTo(1);
    assertThat(sum(m.get("toolnexus.llm.requests"), Attributes.of(model, "gpt-x", status, "error")))
        .isEqualTo(1);
    assertThat(sum(m.get("toolnexus.llm.tokens"), Attributes.of(type, "prompt"))).isEqualTo(3);
    assertThat(sum(m.get("toolnexus.llm.tokens"), Attributes.of(type, "completion"))).isEqualTo(2);
    MetricData duration = m.get("toolnexus.llm.request.duration");
    assertThat(duration.getUnit()).isEqualTo("s");
    var point = duration.getHistogramData().getPoints().iterator().next();
    assertThat(point.getCount()).isEqualTo(2);
    assertThat(point.getSum()).isEqualTo(0.15);
  }

  @Test
  void toolEventsKeepPendingApartFromErrors() {
    sink.accept(new MetricEvent.ToolEvent("ask", Source.BUILTIN, false, 0, true));
    sink.accept(new MetricEvent.ToolEvent("add", Source.NATIVE, true, 5, false));

    MetricData calls = collect().get("toolnexus.tool.calls");
    assertThat(
            sum(
                calls,
                Attributes.builder()
                    .put("tool", "ask")
                    .put("source", "builtin")
                    .put("is_error", "false")
                    .put("pending", "true")
                    .build()))
        .isEqualTo(1);
    assertThat(
            sum(
                calls,
                Attributes.builder()
                    .put("tool", "add")
                    .put("source", "native")
                    .put("is_error", "true")
                    .put("pending", "false")
                    .build()))
        .isEqualTo(1);
  }

  @Test
  void onlyFailedRunsCountAsRunErrors() {
    sink.accept(new MetricEvent.RunEvent("gpt-x", 1, 0, 10, 5, null));
    assertThat(collect()).doesNotContainKey("toolnexus.run.errors");

    sink.accept(new MetricEvent.RunEvent("gpt-x", 1, 0, 10, 5, "boom"));
    assertThat(
            sum(
                collect().get("toolnexus.run.errors"),
                Attributes.of(AttributeKey.stringKey("model"), "gpt-x")))
        .isEqualTo(1);
  }
}
