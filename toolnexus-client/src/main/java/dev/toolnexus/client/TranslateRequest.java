package dev.toolnexus.client;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One OpenAI-shaped chat request for {@link LlmClient#translate}: the caller owns the conversation
 * and runs tools itself; toolnexus only translates it to the client's style, makes one call and
 * translates the answer back.
 *
 * @param messages OpenAI {@code messages}, verbatim: assistant {@code tool_calls} (arguments as a
 *     JSON string or an object) and {@code tool} results with {@code tool_call_id} included; on
 *     Gemini, a tool call's {@code extra_content.google.thought_signature} goes back as its {@code
 *     thoughtSignature}, and a step of the current turn (after the last {@code user} message) whose
 *     calls carry none gets Google's placeholder signature {@code
 *     context_engineering_is_the_way_to_go} on its first call, so Gemini 3 accepts history written
 *     by another client; older turns go unsigned
 * @param tools OpenAI {@code tools}, verbatim; declared, never executed
 * @param toolkit a toolkit declared to the model and never executed (declared before {@code
 *     tools}); null for none
 * @param toolChoice OpenAI {@code tool_choice}, verbatim (a string or an object); null to omit
 * @param system overrides the system/developer messages when not null
 * @param maxTokens the output cap; 0 for the provider's (or the client's) default
 * @param cancel aborts the call
 * @param output the type of a typed answer ({@link TranslateResult#value(Class)}); null for text
 */
public record TranslateRequest(
    List<Map<String, Object>> messages,
    List<Map<String, Object>> tools,
    Toolkit toolkit,
    Object toolChoice,
    String system,
    int maxTokens,
    CancelToken cancel,
    Class<?> output) {

  /** Requires the messages; normalises the rest. */
  public TranslateRequest {
    messages = List.copyOf(Objects.requireNonNull(messages, "messages"));
    tools = tools == null ? List.of() : List.copyOf(tools);
    cancel = cancel == null ? new CancelToken() : cancel;
    if (maxTokens < 0) {
      throw new IllegalArgumentException("maxTokens must be 0 or more, got " + maxTokens);
    }
  }

  /** A request for a text answer. */
  public TranslateRequest(
      List<Map<String, Object>> messages,
      List<Map<String, Object>> tools,
      Toolkit toolkit,
      Object toolChoice,
      String system,
      int maxTokens,
      CancelToken cancel) {
    this(messages, tools, toolkit, toolChoice, system, maxTokens, cancel, null);
  }

  /** A request carrying only these messages. */
  public static TranslateRequest of(List<Map<String, Object>> messages) {
    return new TranslateRequest(messages, null, null, null, null, 0, null, null);
  }

  /** This request declaring these OpenAI tools. */
  public TranslateRequest withTools(List<Map<String, Object>> value) {
    return new TranslateRequest(
        messages, value, toolkit, toolChoice, system, maxTokens, cancel, output);
  }

  /** This request declaring a toolkit's tools (never executed). */
  public TranslateRequest withToolkit(Toolkit value) {
    return new TranslateRequest(
        messages, tools, value, toolChoice, system, maxTokens, cancel, output);
  }

  /** This request with an OpenAI {@code tool_choice}. */
  public TranslateRequest withToolChoice(Object value) {
    return new TranslateRequest(messages, tools, toolkit, value, system, maxTokens, cancel, output);
  }

  /** This request with a system prompt overriding the messages' own. */
  public TranslateRequest withSystem(String value) {
    return new TranslateRequest(
        messages, tools, toolkit, toolChoice, value, maxTokens, cancel, output);
  }

  /** This request with an output cap. */
  public TranslateRequest withMaxTokens(int value) {
    return new TranslateRequest(
        messages, tools, toolkit, toolChoice, system, value, cancel, output);
  }

  /**
   * This request asking for the answer as a {@code type} (a record or a bean) through the
   * provider's structured-output mechanism: OpenAI {@code response_format} and, on Gemini 3 and
   * later models, Gemini {@code responseJsonSchema} (both also beside tools); older Gemini models
   * ({@code responseJsonSchema}) and Anthropic (a forced {@code final_answer} tool) only in a
   * request that declares no tools. The answer is checked and bound once, with no repair turn
   * (translate makes exactly one call); null asks for text.
   */
  public TranslateRequest withOutput(Class<?> type) {
    return new TranslateRequest(
        messages, tools, toolkit, toolChoice, system, maxTokens, cancel, type);
  }

  /** This request observing {@code token}. */
  public TranslateRequest withCancel(CancelToken token) {
    return new TranslateRequest(
        messages, tools, toolkit, toolChoice, system, maxTokens, token, output);
  }
}
