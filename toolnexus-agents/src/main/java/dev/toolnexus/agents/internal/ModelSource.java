package dev.toolnexus.agents.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Generate;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.TranslateRequest;
import dev.toolnexus.client.TranslateResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One model call on behalf of an agent, made with the host client's own means: its in-process
 * {@code generate} when it has one, else one provider call through a client derived from the host
 * (same endpoint, key, transport, HTTP client and retries; only the model differs), with no hooks
 * and no metric sink of its own — those belong to the agent's loop.
 */
public final class ModelSource {
  private final LlmClient host;
  private final Map<String, LlmClient> wire = new ConcurrentHashMap<>();

  /** A source over the host client. */
  public ModelSource(LlmClient host) {
    this.host = host;
  }

  /** The host's configured model (what {@code inherit} means). */
  public String hostModel() {
    return host.options().model();
  }

  /** The host's options, for the settings an agent's loop inherits. */
  public ClientOptions hostOptions() {
    return host.options();
  }

  /**
   * Asks {@code model} for the next assistant message.
   *
   * @param messages OpenAI-shaped messages, system prompt first
   * @param tools OpenAI tool schema
   * @param cancel aborts the call
   */
  public Generate.Response call(
      String model,
      List<Map<String, Object>> messages,
      List<Map<String, Object>> tools,
      CancelToken cancel)
      throws Exception {
    Generate generate = host.options().generate();
    if (generate != null) {
      return generate.generate(new Generate.Request(model, messages, tools));
    }
    LlmClient client = wire.computeIfAbsent(model, this::derive);
    TranslateResult r =
        client.translate(TranslateRequest.of(messages).withTools(tools).withCancel(cancel));
    List<Generate.Call> calls = new ArrayList<>(r.toolCalls().size());
    for (ToolCall c : r.toolCalls()) {
      calls.add(new Generate.Call(c.id(), c.name(), c.arguments()));
    }
    return new Generate.Response(calls.isEmpty() ? r.text() : null, calls, r.usage());
  }

  private LlmClient derive(String model) {
    return LlmClient.create(
        host.options().toBuilder()
            .model(model)
            .hooks(null)
            .onMetric(null)
            .waitFor(null)
            .httpClient(host.httpClient())
            .build());
  }
}
