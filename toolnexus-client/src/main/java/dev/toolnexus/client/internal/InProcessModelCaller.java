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
import java.util.LinkedHashMap;
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
    List<Map<String, Object>> rawCalls = new ArrayList<>();
    for (Generate.Call c : r.toolCalls()) {
      String id = c.id() == null || c.id().isEmpty() ? "call_" + calls.size() : c.id();
      Object a = c.arguments();
      String args = a == null ? "{}" : a instanceof String s ? s : Json.write(a);
      calls.add(new ToolCall(id, c.name(), args));
      Map<String, Object> fn = new LinkedHashMap<>();
      fn.put("name", c.name());
      fn.put("arguments", args);
      Map<String, Object> call = new LinkedHashMap<>();
      call.put("id", id);
      call.put("type", "function");
      call.put("function", fn);
      rawCalls.add(call);
    }
    String finish = calls.isEmpty() ? "stop" : "tool_calls";
    String content = r.content() == null ? "" : r.content();
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("role", "assistant");
    message.put("content", calls.isEmpty() ? content : r.content());
    if (!rawCalls.isEmpty()) {
      message.put("tool_calls", rawCalls);
    }
    Map<String, Object> choice = new LinkedHashMap<>();
    choice.put("index", 0);
    choice.put("message", message);
    choice.put("finish_reason", finish);
    Usage usage = r.usage() == null ? Usage.ZERO : r.usage();
    Map<String, Object> u = new LinkedHashMap<>();
    u.put("prompt_tokens", usage.promptTokens());
    u.put("completion_tokens", usage.completionTokens());
    u.put("total_tokens", usage.totalTokens());
    Map<String, Object> raw = new LinkedHashMap<>();
    raw.put("model", model);
    raw.put("choices", List.of(choice));
    raw.put("usage", u);
    return new ParsedTurn(content, calls, usage, finish, Map.of(), raw);
  }
}
