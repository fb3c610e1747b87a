package dev.toolnexus.opentelemetry;

import dev.toolnexus.client.MetricEvent;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Records the client's {@link MetricEvent}s through an OpenTelemetry {@link Meter}, under the same
 * names and attributes as the Micrometer bridge ({@code toolnexus.llm.requests}, {@code
 * toolnexus.llm.tokens}, {@code toolnexus.llm.request.duration}, {@code toolnexus.tool.calls},
 * {@code toolnexus.tool.duration}, {@code toolnexus.run.errors}), so dashboards work with either.
 * Durations are histograms in seconds.
 *
 * <pre>{@code
 * ClientOptions.builder()...onMetric(OpenTelemetryMetrics.of(openTelemetry)).build();
 * }</pre>
 */
public final class OpenTelemetryMetrics implements Consumer<MetricEvent> {
  private static final AttributeKey<String> MODEL = AttributeKey.stringKey("model");
  private static final AttributeKey<String> STATUS = AttributeKey.stringKey("status");
  private static final AttributeKey<String> TYPE = AttributeKey.stringKey("type");
  private static final AttributeKey<String> TOOL = AttributeKey.stringKey("tool");
  private static final AttributeKey<String> SOURCE = AttributeKey.stringKey("source");
  private static final AttributeKey<String> IS_ERROR = AttributeKey.stringKey("is_error");
  private static final AttributeKey<String> PENDING = AttributeKey.stringKey("pending");

  private final LongCounter llmRequests;
  private final LongCounter llmTokens;
  private final DoubleHistogram llmDuration;
  private final LongCounter toolCalls;
  private final DoubleHistogram toolDuration;
  private final LongCounter runErrors;

  private OpenTelemetryMetrics(Meter meter) {
    llmRequests =
        meter
            .counterBuilder("toolnexus.llm.requests")
            .setDescription("Total LLM requests.")
            .build();
    llmTokens =
        meter
            .counterBuilder("toolnexus.llm.tokens")
            .setDescription("Total tokens, by type.")
            .build();
    llmDuration =
        meter
            .histogramBuilder("toolnexus.llm.request.duration")
            .setDescription("LLM request duration.")
            .setUnit("s")
            .build();
    toolCalls =
        meter.counterBuilder("toolnexus.tool.calls").setDescription("Total tool calls.").build();
    toolDuration =
        meter
            .histogramBuilder("toolnexus.tool.duration")
            .setDescription("Tool execution duration.")
            .setUnit("s")
            .build();
    runErrors =
        meter.counterBuilder("toolnexus.run.errors").setDescription("Total run errors.").build();
  }

  /**
   * A sink recording through {@code openTelemetry}'s meter provider; pass it as {@code onMetric}.
   */
  public static OpenTelemetryMetrics of(OpenTelemetry openTelemetry) {
    Objects.requireNonNull(openTelemetry, "openTelemetry");
    return new OpenTelemetryMetrics(
        openTelemetry.getMeter(OpenTelemetryTracing.INSTRUMENTATION_NAME));
  }

  /** A sink recording through {@link GlobalOpenTelemetry}. */
  public static OpenTelemetryMetrics global() {
    return of(GlobalOpenTelemetry.get());
  }

  /** Records one event. */
  @Override
  public void accept(MetricEvent event) {
    if (event instanceof MetricEvent.LlmEvent e) {
      llmRequests.add(1, Attributes.of(MODEL, e.model(), STATUS, e.status().id()));
      if (e.status() == MetricEvent.Status.OK) {
        llmTokens.add(e.promptTokens(), Attributes.of(TYPE, "prompt"));
        llmTokens.add(e.completionTokens(), Attributes.of(TYPE, "completion"));
      }
      llmDuration.record(e.ms() / 1000.0, Attributes.of(MODEL, e.model()));
    } else if (event instanceof MetricEvent.ToolEvent e) {
      toolCalls.add(
          1,
          Attributes.of(
              TOOL,
              e.tool(),
              SOURCE,
              e.source().id(),
              IS_ERROR,
              String.valueOf(e.isError()),
              PENDING,
              String.valueOf(e.pending())));
      toolDuration.record(e.ms() / 1000.0, Attributes.of(TOOL, e.tool()));
    } else if (event instanceof MetricEvent.RunEvent e && e.error() != null) {
      runErrors.add(1, Attributes.of(MODEL, e.model()));
    }
  }
}
