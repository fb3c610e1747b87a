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
 *     length} or {@code content_filter}
 * @param usage this call's tokens
 * @param model the model transmitted (a {@code beforeLLM} override when one applied)
 * @param raw the provider's decoded response
 */
public record TranslateResult(
    String text,
    List<ToolCall> toolCalls,
    String finishReason,
    Usage usage,
    String model,
    Map<String, Object> raw) {

  /** Freezes the list. */
  public TranslateResult {
    toolCalls = List.copyOf(toolCalls);
  }

  /**
   * The OpenAI finish reason for a turn: {@code tool_calls} whenever it called a tool, else the
   * provider's stop reason mapped: a token limit is {@code length}, a refusal or safety stop is
   * {@code content_filter}, anything else {@code stop}.
   */
  public static String finishReason(boolean calledTools, String providerStop) {
    if (calledTools) {
      return "tool_calls";
    }
    if (providerStop == null) {
      return "stop";
    }
    return switch (providerStop) {
      case "max_tokens", "length", "MAX_TOKENS" -> "length";
      case "refusal",
          "content_filter",
          "SAFETY",
          "RECITATION",
          "BLOCKLIST",
          "PROHIBITED_CONTENT",
          "SPII",
          "IMAGE_SAFETY" ->
          "content_filter";
      default -> "stop";
    };
  }
}
