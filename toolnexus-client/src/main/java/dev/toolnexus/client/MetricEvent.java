package dev.toolnexus.client;

import dev.toolnexus.Source;

/**
 * Semantic observability records handed to {@code onMetric}: one {@link LlmEvent} per model call,
 * one {@link ToolEvent} per tool call, one {@link RunEvent} per run. Readable records, not counter
 * primitives; forward them anywhere (a Prometheus or Micrometer registry is built on top of them).
 */
public sealed interface MetricEvent
    permits MetricEvent.LlmEvent, MetricEvent.ToolEvent, MetricEvent.RunEvent {

  /** {@code llm}, {@code tool} or {@code run}. */
  String event();

  /** Whether a model call succeeded. */
  enum Status {
    /** The call returned an answer. */
    OK,
    /** The call failed (after any retries). */
    ERROR;

    /** The lowercase spelling used as a metric tag: {@code ok} or {@code error}. */
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String toString() {
      return id();
    }
  }

  /**
   * One LLM call.
   *
   * @param model the model transmitted
   * @param status whether the call succeeded
   * @param ms wall time of the call, retries included
   * @param promptTokens prompt tokens of this call
   * @param completionTokens completion tokens of this call
   */
  record LlmEvent(String model, Status status, long ms, long promptTokens, long completionTokens)
      implements MetricEvent {
    @Override
    public String event() {
      return "llm";
    }
  }

  /**
   * One tool call. A suspension is {@code isError=false, pending=true}: never counted as a failure.
   *
   * @param tool the tool name
   * @param source where the tool came from; {@link Source#CUSTOM} for an unknown name
   * @param isError whether the result was an error
   * @param ms wall time of the call
   * @param pending whether the call suspended
   */
  record ToolEvent(String tool, Source source, boolean isError, long ms, boolean pending)
      implements MetricEvent {
    @Override
    public String event() {
      return "tool";
    }
  }

  /**
   * One run.
   *
   * @param model the model of the run's last model call
   * @param turns LLM round trips
   * @param toolCalls tool calls made
   * @param totalTokens tokens summed across turns
   * @param ms wall time of the run
   * @param error the failure message when the run threw; null otherwise
   */
  record RunEvent(String model, int turns, int toolCalls, long totalTokens, long ms, String error)
      implements MetricEvent {
    @Override
    public String event() {
      return "run";
    }
  }
}
