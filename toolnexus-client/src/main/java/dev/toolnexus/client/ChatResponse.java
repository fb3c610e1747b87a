package dev.toolnexus.client;

import dev.toolnexus.client.Message.AssistantMessage;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one {@link ChatModel} call answered: the assistant message (text, tool calls in the model's
 * order, provider data to send back), the call's token usage, why it stopped, and the provider's
 * payload for {@code afterLLM}.
 *
 * @param message the assistant turn
 * @param usage this call's tokens; {@link Usage#ZERO} when unknown
 * @param finishReason why the model stopped; derived from the message when null
 * @param raw the provider payload ({@code afterLLM} sees it); empty when the model has none, and
 *     the loop then hands {@code afterLLM} an OpenAI-shaped completion instead
 */
public record ChatResponse(
    AssistantMessage message, Usage usage, FinishReason finishReason, Map<String, Object> raw) {

  /** Requires the message; normalises the rest. */
  public ChatResponse {
    Objects.requireNonNull(message, "message");
    usage = usage == null ? Usage.ZERO : usage;
    finishReason =
        finishReason == null ? FinishReason.of(!message.toolCalls().isEmpty(), null) : finishReason;
    raw = raw == null ? Map.of() : raw;
  }

  /** A final answer. */
  public static ChatResponse text(String text) {
    return new ChatResponse(AssistantMessage.of(text), null, null, null);
  }

  /** A turn that calls these tools. */
  public static ChatResponse toolCalls(ToolCall... calls) {
    return new ChatResponse(new AssistantMessage("", List.of(calls), Map.of()), null, null, null);
  }

  /** This response with its token usage. */
  public ChatResponse withUsage(Usage value) {
    return new ChatResponse(message, value, finishReason, raw);
  }

  /** The answer text; empty when it only called tools. */
  public String text() {
    return message.text();
  }

  /** The tool calls, in the model's order. */
  public List<ToolCall> toolCalls() {
    return message.toolCalls();
  }
}
