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
 * @param value the answer bound to the type the request asked for ({@link
 *     TranslateRequest#output()}); null for a text answer and when the model called tools
 */
public record TranslateResult(
    String text,
    List<ToolCall> toolCalls,
    String finishReason,
    Usage usage,
    String model,
    Map<String, Object> raw,
    FinishReason finish,
    Map<String, Object> message,
    Object value) {

  /** Freezes the list; fills {@code finish} and {@code message} when null. */
  public TranslateResult {
    toolCalls = List.copyOf(toolCalls);
    finish =
        finish == null
            ? new FinishReason(FinishReason.of(false, finishReason).kind(), null)
            : finish;
    message = message == null ? plainMessage(text, toolCalls) : message;
  }

  /** A text answer's result. */
  public TranslateResult(
      String text,
      List<ToolCall> toolCalls,
      String finishReason,
      Usage usage,
      String model,
      Map<String, Object> raw,
      FinishReason finish,
      Map<String, Object> message) {
    this(text, toolCalls, finishReason, usage, model, raw, finish, message, null);
  }

  /**
   * The typed answer of a request that asked for {@code type} ({@link
   * TranslateRequest#withOutput}).
   *
   * @throws IllegalStateException when there is none (the request asked for text, or the model
   *     called tools instead of answering)
   * @throws ClassCastException when the answer is of another type
   */
  public <T> T value(Class<T> type) {
    if (value == null) {
      throw new IllegalStateException(
          toolCalls.isEmpty()
              ? "the request asked for no typed answer; set TranslateRequest.withOutput(type)"
              : "the model called tools instead of answering; run them and translate again");
    }
    return type.cast(value);
  }

  /** A result without provider finish detail or signatures. */
  public TranslateResult(
      String text,
      List<ToolCall> toolCalls,
      String finishReason,
      Usage usage,
      String model,
      Map<String, Object> raw) {
    this(text, toolCalls, finishReason, usage, model, raw, null, null, null);
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
