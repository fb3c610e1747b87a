package dev.toolnexus.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One call to a {@link ChatModel}: the model id, the provider-neutral transcript and the tool
 * declarations, plus per-call parameters, an optional listener for streamed text and a cancel
 * token.
 *
 * @param model the model id to ask, sent verbatim
 * @param messages the transcript, system prompt first when there is one
 * @param tools the tool declarations in the model's own shape ({@link ChatModel#declare}); empty
 *     for none
 * @param toolset the tools the declarations were made from, so a model that renames tools on its
 *     wire maps calls back (and a local model may render them its own way); empty for none
 * @param params per-call parameters under their OpenAI names ({@code tool_choice}, {@code
 *     max_tokens}); each model maps them to its own wire; empty for none
 * @param onText receives text deltas as they are generated; null for a whole answer
 * @param cancel aborts the call from any thread
 */
public record ChatRequest(
    String model,
    List<Message> messages,
    List<Map<String, Object>> tools,
    List<Tool> toolset,
    Map<String, Object> params,
    Consumer<String> onText,
    CancelToken cancel) {

  /** Requires the model and messages; normalises the rest. */
  public ChatRequest {
    Objects.requireNonNull(model, "model");
    messages = List.copyOf(Objects.requireNonNull(messages, "messages"));
    tools = tools == null ? List.of() : List.copyOf(tools);
    toolset = toolset == null ? List.of() : List.copyOf(toolset);
    params = params == null ? Map.of() : Map.copyOf(params);
    cancel = cancel == null ? CancelToken.none() : cancel;
  }

  /** A whole-answer request with no tools. */
  public static ChatRequest of(String model, List<Message> messages) {
    return new ChatRequest(model, messages, List.of(), List.of(), Map.of(), null, null);
  }

  /** This request declaring {@code toolset} in {@code chatModel}'s shape. */
  public ChatRequest withTools(ChatModel chatModel, List<Tool> toolset) {
    return new ChatRequest(
        model, messages, chatModel.declare(toolset), toolset, params, onText, cancel);
  }

  /** This request streaming its text deltas to {@code listener}. */
  public ChatRequest withOnText(Consumer<String> listener) {
    return new ChatRequest(model, messages, tools, toolset, params, listener, cancel);
  }

  /** This request observing {@code token}. */
  public ChatRequest withCancel(CancelToken token) {
    return new ChatRequest(model, messages, tools, toolset, params, onText, token);
  }

  /** This request with per-call parameters. */
  public ChatRequest withParams(Map<String, Object> values) {
    return new ChatRequest(model, messages, tools, toolset, values, onText, cancel);
  }

  /** Whether the caller asked for streamed text. */
  public boolean streaming() {
    return onText != null;
  }
}
