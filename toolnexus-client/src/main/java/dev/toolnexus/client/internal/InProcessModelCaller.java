package dev.toolnexus.client.internal;

import dev.toolnexus.Adapters;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.client.Generate;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.Usage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A model call answered by a host {@link Generate} (SPEC §8 "In-process models"): OpenAI-shaped
 * messages in, one assistant message out; the library derives the finish reason, builds the {@code
 * choices} envelope handed to {@code afterLLM}, and encodes map arguments as JSON text. Streaming
 * is refused.
 */
public final class InProcessModelCaller implements ModelCaller {
  private final Generate generate;
  private final PartGate gate;

  /** A caller over this generate function. */
  public InProcessModelCaller(Generate generate, PartGate gate) {
    this.generate = generate;
    this.gate = gate;
  }

  @Override
  public List<Map<String, Object>> toolSchema(List<Tool> tools) {
    return Adapters.toOpenAI(tools);
  }

  @Override
  public ParsedTurn call(
      String model,
      List<Message> messages,
      List<Map<String, Object>> tools,
      Consumer<String> text,
      CancelToken cancel) {
    if (text != null) {
      throw new UnsupportedOperationException("an in-process model cannot stream");
    }
    Generate.Response r;
    try {
      r =
          generate.generate(
              new Generate.Request(model, OpenAiCodec.messages(messages, gate), tools));
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
    return new ParsedTurn(content, calls, usage, finish, Map.of(), raw);
  }
}
