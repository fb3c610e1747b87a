package dev.toolnexus.client.internal;

import dev.toolnexus.client.ChatResponse;
import java.util.Map;

/** What the loop derives from a {@link ChatResponse}. */
public final class ModelTurns {
  private ModelTurns() {}

  /**
   * The payload {@code afterLLM} sees: the model's own, or for a model that has none an
   * OpenAI-shaped completion of the answer.
   */
  public static Map<String, Object> raw(ChatResponse response, String model) {
    if (!response.raw().isEmpty()) {
      return response.raw();
    }
    return OpenAiCodec.completion(
        model,
        OpenAiCodec.assistantMessage(response.text(), response.toolCalls()),
        response.finishReason().kind().id(),
        response.usage());
  }
}
