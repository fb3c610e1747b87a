package dev.toolnexus.client;

import java.util.List;
import java.util.Map;

/**
 * The answer of {@link LlmClient#translate}, OpenAI-shaped.
 *
 * @param text the assistant text; empty when the model only called tools
 * @param toolCalls every tool call, in provider order; {@link ToolCall#arguments()} is a JSON
 *     string, the OpenAI wire form
 * @param finishReason {@code stop}, {@code tool_calls} (always when there is a tool call), {@code
 *     length}, {@code content_filter} or {@code error}
 * @param usage this call's tokens
 * @param model the model transmitted (a {@code beforeLLM} override when one applied)
 * @param raw the provider's decoded response
 * @param finish the same reason with the provider's raw value and message (Gemini's {@code
 *     finishMessage}), so a truncated or blocked answer is visible as such
 * @param message the OpenAI assistant message to append to the conversation for the next call; each
 *     tool call Gemini signed carries its thought signature in {@code
 *     extra_content.google.thought_signature} (where Google's OpenAI-compatible endpoint puts it),
 *     and a later translate request reads it back from there, so Gemini 3 accepts the history
 */
public record TranslateResult(
    String text,
    List<ToolCall> toolCalls,
    String finishReason,
    Usage usage,
    String model,
    Map<String, Object> raw,
    FinishReason finish,
    Map<String, Object> message) {

  /** Freezes the list; fills {@code finish} and {@code message} when null. */
  public TranslateResult {
    toolCalls = List.copyOf(toolCalls);
    finish =
        finish == null
            ? new FinishReason(FinishReason.of(false, finishReason).kind(), null)
            : finish;
    message = message == null ? plainMessage(text, toolCalls) : message;
  }

  /** A result without provider finish detail or signatures. */
  public TranslateResult(
      String text,
      List<ToolCall> toolCalls,
      String finishReason,
      Usage usage,
      String model,
      Map<String, Object> raw) {
    this(text, toolCalls, finishReason, usage, model, raw, null, null);
  }

  private static Map<String, Object> plainMessage(String text, List<ToolCall> calls) {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("role", "assistant");
    m.put("content", (text == null || text.isEmpty()) && !calls.isEmpty() ? null : text);
    if (!calls.isEmpty()) {
      List<Map<String, Object>> wire = new java.util.ArrayList<>();
      for (ToolCall c : calls) {
        Map<String, Object> call = new java.util.LinkedHashMap<>();
        call.put("id", c.id());
        call.put("type", "function");
        call.put("function", Map.of("name", c.name(), "arguments", c.arguments()));
        wire.add(call);
      }
      m.put("tool_calls", wire);
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  /**
   * The OpenAI finish reason for a turn: {@code tool_calls} whenever it called a tool, else the
   * provider's stop reason mapped as {@link FinishReason#of(boolean, String)} maps it.
   */
  public static String finishReason(boolean calledTools, String providerStop) {
    return FinishReason.of(calledTools, providerStop).kind().id();
  }
}
