package dev.toolnexus.micrometer;

import dev.toolnexus.client.MetricEvent;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Records the client's {@link MetricEvent}s into a Micrometer {@link MeterRegistry}: the same six
 * metrics as the client's built-in Prometheus text, with the same tags, named the Micrometer way
 * ({@code toolnexus.llm.requests}, {@code toolnexus.llm.tokens}, {@code
 * toolnexus.llm.request.duration}, {@code toolnexus.tool.calls}, {@code toolnexus.tool.duration},
 * {@code toolnexus.run.errors}), so a Prometheus registry exposes them as {@code
 * toolnexus_llm_requests_total} and so on.
 *
 * <pre>{@code
 * ClientOptions.builder()...onMetric(MicrometerMetrics.of(meterRegistry)).build();
 * }</pre>
 */
public final class MicrometerMetrics implements Consumer<MetricEvent> {
  private final MeterRegistry registry;

  private MicrometerMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /** A sink recording into {@code registry}; pass it as the client's {@code onMetric}. */
  public static MicrometerMetrics of(MeterRegistry registry) {
    return new MicrometerMetrics(Objects.requireNonNull(registry, "registry"));
  }

  /** Records one event. */
  @Override
  public void accept(MetricEvent event) {
    if (event instanceof MetricEvent.LlmEvent e) {
      Counter.builder("toolnexus.llm.requests")
          .description("Total LLM requests.")
          .tag("model", e.model())
          .tag("status", e.status().id())
          .register(registry)
          .increment();
      if (e.status() == MetricEvent.Status.OK) {
        tokens("prompt", e.promptTokens());
        tokens("completion", e.completionTokens());
      }
      Timer.builder("toolnexus.llm.request.duration")
          .description("LLM request duration.")
          .tag("model", e.model())
          .register(registry)
          .record(Duration.ofMillis(e.ms()));
    } else if (event instanceof MetricEvent.ToolEvent e) {
      Counter.builder("toolnexus.tool.calls")
          .description("Total tool calls.")
          .tag("tool", e.tool())
          .tag("source", e.source().id())
          .tag("is_error", String.valueOf(e.isError()))
          .tag("pending", String.valueOf(e.pending()))
          .register(registry)
          .increment();
      Timer.builder("toolnexus.tool.duration")
          .description("Tool execution duration.")
          .tag("tool", e.tool())
          .register(registry)
          .record(Duration.ofMillis(e.ms()));
    } else if (event instanceof MetricEvent.RunEvent e && e.error() != null) {
      Counter.builder("toolnexus.run.errors")
          .description("Total run errors.")
          .tag("model", e.model())
          .register(registry)
          .increment();
    }
  }

  private void tokens(String type, long count) {
    Counter.builder("toolnexus.llm.tokens")
        .description("Total tokens, by type.")
        .tag("type", type)
        .register(registry)
        .increment(count);
  }
}
