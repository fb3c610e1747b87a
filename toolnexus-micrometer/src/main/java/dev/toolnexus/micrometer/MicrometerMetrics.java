package dev.toolnexus.micrometer;

import dev.toolnexus.BoundedStore;
import dev.toolnexus.client.MetricEvent;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
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

  /**
   * Binds a bounded in-memory store's metrics into {@code registry}: the gauge {@code
   * toolnexus.store.size} and the counter {@code toolnexus.store.evictions} with tag {@code reason}
   * ({@code size} or {@code age}), both tagged {@code store=name}. The registry reads the store at
   * each scrape, so nothing is recorded on the store's own path.
   *
   * <pre>{@code
   * MicrometerMetrics.bindStore("conversations", store, meterRegistry);
   * }</pre>
   */
  public static void bindStore(String name, BoundedStore store, MeterRegistry registry) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(store, "store");
    Gauge.builder("toolnexus.store.size", store, s -> s.size())
        .description("Entries an in-memory store holds.")
        .tag("store", name)
        .register(registry);
    for (BoundedStore.Eviction reason : BoundedStore.Eviction.values()) {
      FunctionCounter.builder("toolnexus.store.evictions", store, s -> s.evictions(reason))
          .description("Entries an in-memory store dropped, by reason.")
          .tag("store", name)
          .tag("reason", reason.id())
          .register(registry);
    }
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
