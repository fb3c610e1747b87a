package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.FinishReason;
import dev.toolnexus.client.Generate;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.Usage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@link ChatModel} answered by a host {@link Generate}: OpenAI-shaped messages in, one
 * assistant message out; the library derives the finish reason, builds the {@code choices} envelope
 * handed to {@code afterLLM}, and encodes map arguments as JSON text. Streaming is refused.
 */
public final class GenerateModel implements ChatModel {
  private final Generate generate;
  private final PartGate gate;

  /** A model over this generate function, encoding content parts through {@code gate}. */
  public GenerateModel(Generate generate, PartGate gate) {
    this.generate = generate;
    this.gate = gate;
  }

  @Override
  public ChatResponse call(ChatRequest request) {
    if (request.streaming()) {
      throw new UnsupportedOperationException("an in-process model cannot stream");
    }
    request.cancel().throwIfCancelled();
    String model = request.model();
    Generate.Response r;
    try {
      r =
          generate.generate(
              new Generate.Request(
                  model, OpenAiCodec.messages(request.messages(), gate), request.tools()));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new LlmException("in-process generate failed: " + e.getMessage(), e);
    }
    if (r == null) {
      throw new LlmException("in-process generate returned no message", null);
    }
    List<ToolCall> calls = new ArrayList<>();
    for (Generate.Call c : r.toolCalls()) {
      String id = c.id() == null || c.id().isEmpty() ? "call_" + calls.size() : c.id();
      Object a = c.arguments();
      calls.add(
          new ToolCall(id, c.name(), a == null ? "{}" : a instanceof String s ? s : Json.write(a)));
    }
    String finish = calls.isEmpty() ? "stop" : "tool_calls";
    String content = r.content() == null ? "" : r.content();
    Usage usage = r.usage() == null ? Usage.ZERO : r.usage();
    Map<String, Object> raw =
        OpenAiCodec.completion(model, OpenAiCodec.assistantMessage(content, calls), finish, usage);
    return new ChatResponse(
        new AssistantMessage(content, calls, Map.of()),
        usage,
        FinishReason.of(!calls.isEmpty(), finish),
        raw);
  }
}
