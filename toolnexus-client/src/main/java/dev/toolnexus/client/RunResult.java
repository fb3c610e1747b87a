package dev.toolnexus.client;

import dev.toolnexus.Request;
import java.util.List;

/**
 * The outcome of a run: the final text, the full neutral transcript to pass back as history, every
 * tool call, telemetry, and how the run ended.
 *
 * @param text the final assistant answer (the pending prompt when {@link RunStatus#PENDING})
 * @param messages the full transcript, including history; feed it back as the next run's history.
 *     When {@link RunStatus#PENDING}, it is the transcript the run started from plus what the run
 *     added, without any {@code beforeLLM} replacement (a compaction), which the resume applies
 *     again
 * @param toolCalls every tool call made, in the order the model made them
 * @param toolCallCount {@code toolCalls.size()}
 * @param turns LLM round trips
 * @param usage tokens summed across turns
 * @param model the model of the last model call the run made (the configured one when none was
 *     overridden)
 * @param status done, pending or incomplete
 * @param limit the limit that stopped the run; set only when incomplete
 * @param pending the unresolved suspension; set iff status is pending
 * @param finishReason why the last model call of the run stopped, mapped to one vocabulary with the
 *     provider's raw value: a {@link RunStatus#DONE} run whose answer was cut off by the token
 *     limit has kind {@code length}, a blocked one {@code content_filter}; null when the run made
 *     no model call
 * @param value the answer bound to the type the run asked for ({@link RunOptions#output()}); null
 *     for a text answer and for a run that did not finish
 */
public record RunResult(
    String text,
    List<Message> messages,
    List<ToolCallRecord> toolCalls,
    int toolCallCount,
    int turns,
    Usage usage,
    String model,
    RunStatus status,
    RunLimit limit,
    Request pending,
    FinishReason finishReason,
    Object value) {

  /** A text answer's result. */
  public RunResult(
      String text,
      List<Message> messages,
      List<ToolCallRecord> toolCalls,
      int toolCallCount,
      int turns,
      Usage usage,
      String model,
      RunStatus status,
      RunLimit limit,
      Request pending,
      FinishReason finishReason) {
    this(
        text,
        messages,
        toolCalls,
        toolCallCount,
        turns,
        usage,
        model,
        status,
        limit,
        pending,
        finishReason,
        null);
  }

  /** A result without a finish reason (a run that made no model call). */
  public RunResult(
      String text,
      List<Message> messages,
      List<ToolCallRecord> toolCalls,
      int toolCallCount,
      int turns,
      Usage usage,
      String model,
      RunStatus status,
      RunLimit limit,
      Request pending) {
    this(
        text,
        messages,
        toolCalls,
        toolCallCount,
        turns,
        usage,
        model,
        status,
        limit,
        pending,
        null);
  }

  /** Freezes the lists. */
  public RunResult {
    text = text == null ? "" : text;
    messages = List.copyOf(messages);
    toolCalls = List.copyOf(toolCalls);
  }

  /**
   * The typed answer of a run that asked for {@code type} ({@link RunOptions#withOutput}): in a
   * stream, {@code done.result().value(Weather.class)}.
   *
   * @throws IllegalStateException when the run did not finish with a typed answer (it asked for
   *     none, or it is pending or incomplete)
   * @throws ClassCastException when the answer is of another type
   */
  public <T> T value(Class<T> type) {
    if (value == null) {
      throw new IllegalStateException(
          status != RunStatus.DONE
              ? "the run ended "
                  + status.value()
                  + (limit == null ? "" : " (" + limit + ")")
                  + " before its typed answer"
              : "the run asked for no typed answer; set RunOptions.withOutput(type)");
    }
    return type.cast(value);
  }

  /** Whether the model gave its final answer. */
  public boolean isDone() {
    return status == RunStatus.DONE;
  }

  /** Whether the run halted on a suspension that a host must answer. */
  public boolean isPending() {
    return status == RunStatus.PENDING;
  }
}
