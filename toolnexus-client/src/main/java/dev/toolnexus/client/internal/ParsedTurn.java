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
 * @param finishMessage the provider's explanation of the stop (Gemini {@code finishMessage}); may
 *     be null
 */
public record ParsedTurn(
    String text,
    List<ToolCall> toolCalls,
    Usage usage,
    String finishReason,
    Map<String, Object> extras,
    Map<String, Object> raw,
    String finishMessage) {

  /** A turn whose provider gave no stop explanation. */
  public ParsedTurn(
      String text,
      List<ToolCall> toolCalls,
      Usage usage,
      String finishReason,
      Map<String, Object> extras,
      Map<String, Object> raw) {
    this(text, toolCalls, usage, finishReason, extras, raw, null);
  }

  /** This turn's finish reason in the one vocabulary, with the raw value and message. */
  public dev.toolnexus.client.FinishReason finish() {
    return dev.toolnexus.client.FinishReason.of(!toolCalls.isEmpty(), finishReason, finishMessage);
  }

  /** Normalises nulls. */
  public ParsedTurn {
    text = text == null ? "" : text;
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    usage = usage == null ? Usage.ZERO : usage;
    extras = extras == null ? Map.of() : extras;
    raw = raw == null ? Map.of() : raw;
  }
}
