package dev.toolnexus.client.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.RunObserver;
import dev.toolnexus.client.StreamEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one run shares between the loop and its tool calls.
 *
 * @param options the client's options with the run's overrides applied
 * @param hooks the run's hooks composed into one; null when there are none
 * @param toolkit the run's tools
 * @param cancel the run's token (external cancel, deadline, stream close)
 * @param deadline when the run's deadline passes; null for none
 * @param events stream events (a no-op for {@code run}); must be thread-safe
 * @param observed the run's observer scope; null when no observer is set
 * @param typed the run's typed answer; null for a text answer
 */
public record RunContext(
    ClientOptions options,
    Hooks hooks,
    Toolkit toolkit,
    CancelToken cancel,
    Instant deadline,
    Consumer<StreamEvent> events,
    RunObserver.Run observed,
    TypedAnswers typed) {
  private static final Logger log = LoggerFactory.getLogger(RunContext.class);

  /** Hands a metric event to the sink; a failing sink is logged, never fatal. */
  public void metric(MetricEvent event) {
    if (options.onMetric() == null) {
      return;
    }
    try {
      options.onMetric().accept(event);
    } catch (RuntimeException e) {
      log.warn("onMetric sink failed on a {} event: {}", event.event(), e.toString());
    }
  }

  /** Milliseconds on the client's clock. */
  public long now() {
    return options.clock().millis();
  }

  /** Time left before the deadline; null when there is none. */
  public Duration remaining() {
    if (deadline == null) {
      return null;
    }
    Duration d = Duration.between(options.clock().instant(), deadline);
    return d.isNegative() ? Duration.ZERO : d;
  }
}
