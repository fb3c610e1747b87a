package dev.toolnexus.client.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.FinishReason;
import dev.toolnexus.client.HookException;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.Style;
import dev.toolnexus.client.TranslateRequest;
import dev.toolnexus.client.TranslateResult;
import dev.toolnexus.client.Usage;
import dev.toolnexus.time.Scheduler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Translate: one OpenAI-shaped request in, exactly one provider call (with the client's retries,
 * request shaping and {@code llm} metric), one OpenAI-shaped answer out. Nothing executes: the
 * tools are declarations, and no tool hook fires; {@code beforeLLM} and {@code afterLLM} fire once
 * each.
 */
public final class Translator {
  private static final Logger log = LoggerFactory.getLogger(Translator.class);

  private final ClientOptions options;
  private final ChatModel chatModel;

  /** A translator over a client's options (with its metric sink) and model. */
  public Translator(ClientOptions options, ChatModel chatModel) {
    this.options = options;
    this.chatModel = chatModel;
  }

  /** Translates and sends one request. */
  public TranslateResult translate(TranslateRequest request) {
    List<Tool> declared = new ArrayList<>();
    if (request.toolkit() != null) {
      declared.addAll(request.toolkit().tools());
    }
    declared.addAll(OpenAiInbound.tools(request.tools()));
    List<Message> messages = OpenAiInbound.messages(request.messages(), request.system());
    Map<String, Object> params = params(request);
    TypedAnswers typed = null;
    if (request.output() != null) {
      typed = TypedAnswers.of(request.output(), style(), options.model());
      if (typed.alongsideTools()) {
        params.putAll(typed.turnParams());
      } else if (!declared.isEmpty()) {
        throw new IllegalArgumentException(
            "a typed translate on "
                + (style() == null ? "this model" : style().wireName())
                + " declares no tools (its structured output cannot go beside them): run the"
                + " tools, then translate the typed answer in a request without tools");
      } else {
        params.putAll(typed.answerParams());
        declared = typed.answerTools(List.of());
      }
    }
    List<Map<String, Object>> tools = chatModel.declare(declared);
    String model = options.model();
    Hooks hooks =
        options.hooks().isEmpty() ? null : Hooks.of(options.hooks().toArray(Hooks[]::new));
    if (hooks != null) {
      Hooks.LlmOverride ov;
      try {
        ov = hooks.beforeLLM(new Hooks.LlmRequestEvent(List.copyOf(messages), tools, model, 0));
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new HookException("beforeLLM", e);
      }
      if (ov != null) {
        messages = ov.messages() != null ? List.copyOf(ov.messages()) : messages;
        tools = ov.tools() != null ? List.copyOf(ov.tools()) : tools;
        model = ov.model() != null && !ov.model().isEmpty() ? ov.model() : model;
      }
    }
    CancelToken cancel = request.cancel().child();
    Scheduler.Timer timer =
        options.timeout() == null
            ? null
            : options.scheduler().schedule(options.timeout(), () -> cancel.cancel("timeout"));
    long t0 = options.clock().millis();
    ChatResponse turn;
    try {
      turn =
          chatModel.call(new ChatRequest(model, messages, tools, declared, params, null, cancel));
    } catch (RuntimeException e) {
      metric(
          new MetricEvent.LlmEvent(
              model, MetricEvent.Status.ERROR, options.clock().millis() - t0, 0, 0));
      throw e;
    } finally {
      if (timer != null) {
        timer.cancel();
      }
    }
    Usage u = turn.usage();
    metric(
        new MetricEvent.LlmEvent(
            model,
            MetricEvent.Status.OK,
            options.clock().millis() - t0,
            u.promptTokens(),
            u.completionTokens()));
    if (hooks != null) {
      try {
        hooks.afterLLM(new Hooks.LlmResponseEvent(ModelTurns.raw(turn, model), model, 0));
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new HookException("afterLLM", e);
      }
    }
    if (typed == null || (typed.alongsideTools() && !turn.toolCalls().isEmpty())) {
      return new TranslateResult(
          turn.text(),
          turn.toolCalls(),
          turn.finishReason().kind().id(),
          u,
          model,
          ModelTurns.raw(turn, model),
          turn.finishReason(),
          ThoughtSignatures.openAiMessage(turn.message()));
    }
    // the answer: the text, or the forced answer tool's arguments, as plain assistant text
    String text = typed.answerText(turn);
    List<String> problems = new ArrayList<>();
    Object value = typed.bind(text, problems);
    if (value == null) {
      throw typed.failure(text, problems);
    }
    FinishReason finish =
        turn.finishReason().kind() == FinishReason.Kind.TOOL_CALLS
            ? new FinishReason(FinishReason.Kind.STOP, turn.finishReason().raw(), null)
            : turn.finishReason();
    return new TranslateResult(
        text,
        List.of(),
        finish.kind().id(),
        u,
        model,
        ModelTurns.raw(turn, model),
        finish,
        null,
        value);
  }

  /** The wire style of the client's model; null for a model that is not an HTTP one. */
  private Style style() {
    if (options.modelOptions() != null) {
      return options.modelOptions().style();
    }
    return chatModel instanceof HttpChatModel h ? h.options().style() : null;
  }

  /** The request's tool choice and output cap under their OpenAI names. */
  private static Map<String, Object> params(TranslateRequest request) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (request.toolChoice() != null) {
      out.put(ChatParams.TOOL_CHOICE, request.toolChoice());
    }
    if (request.maxTokens() > 0) {
      out.put(ChatParams.MAX_TOKENS, request.maxTokens());
    }
    return out;
  }

  private void metric(MetricEvent event) {
    if (options.onMetric() == null) {
      return;
    }
    try {
      options.onMetric().accept(event);
    } catch (RuntimeException e) {
      log.warn("onMetric sink failed on a {} event: {}", event.event(), e.toString());
    }
  }
}
