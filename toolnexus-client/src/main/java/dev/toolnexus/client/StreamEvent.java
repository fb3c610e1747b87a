package dev.toolnexus.client;

import dev.toolnexus.Request;
import java.util.Map;

/**
 * What {@link LlmClient#stream} yields: text deltas, tool calls about to run, their results, usage,
 * a suspension, and finally {@link Done} with the {@link RunResult}.
 */
public sealed interface StreamEvent
    permits StreamEvent.Text,
        StreamEvent.ToolCallStart,
        StreamEvent.ToolResultEvent,
        StreamEvent.UsageEvent,
        StreamEvent.Pending,
        StreamEvent.Done {

  /** The wire name: text, tool_call, tool_result, usage, pending or done. */
  String type();

  /** An assistant text delta. */
  record Text(String delta) implements StreamEvent {
    @Override
    public String type() {
      return "text";
    }
  }

  /** A tool about to run. */
  record ToolCallStart(String id, String name, Map<String, Object> args) implements StreamEvent {
    @Override
    public String type() {
      return "tool_call";
    }
  }

  /** A tool that ran, in tool-call order. */
  record ToolResultEvent(String id, String name, String output, boolean isError)
      implements StreamEvent {
    @Override
    public String type() {
      return "tool_result";
    }
  }

  /** Usage summed so far, after each model call. */
  record UsageEvent(Usage usage) implements StreamEvent {
    @Override
    public String type() {
      return "usage";
    }
  }

  /** A tool suspended; emitted before {@code waitFor} runs so a host can push the link at once. */
  record Pending(Request request) implements StreamEvent {
    @Override
    public String type() {
      return "pending";
    }
  }

  /** The run ended; always the last event of a successful stream. */
  record Done(RunResult result) implements StreamEvent {
    @Override
    public String type() {
      return "done";
    }

    /**
     * Why the run's last model call stopped ({@link RunResult#finishReason()}): a cut-off or
     * blocked answer shows here as {@code length} or {@code content_filter}; null when the run made
     * no model call.
     */
    public FinishReason finishReason() {
      return result.finishReason();
    }
  }
}
