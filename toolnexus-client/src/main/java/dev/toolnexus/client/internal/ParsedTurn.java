package dev.toolnexus.client.internal;

import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.Usage;
import java.util.List;
import java.util.Map;

/**
 * One assistant turn as a codec read it from a response or a stream.
 *
 * @param text the assistant text
 * @param toolCalls the tool calls, in the model's order
 * @param usage this call's tokens
 * @param finishReason the provider's stop reason, verbatim; may be null
 * @param extras provider data to keep on the assistant message (keyed by style); empty for none
 * @param raw the provider payload handed to {@code afterLLM}
 */
public record ParsedTurn(
    String text,
    List<ToolCall> toolCalls,
    Usage usage,
    String finishReason,
    Map<String, Object> extras,
    Map<String, Object> raw) {

  /** Normalises nulls. */
  public ParsedTurn {
    text = text == null ? "" : text;
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    usage = usage == null ? Usage.ZERO : usage;
    extras = extras == null ? Map.of() : extras;
    raw = raw == null ? Map.of() : raw;
  }
}
