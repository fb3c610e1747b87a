package dev.toolnexus.client.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.HookException;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.MetricEvent;
import dev.toolnexus.client.Style;
import dev.toolnexus.client.TranslateRequest;
import dev.toolnexus.client.TranslateResult;
import dev.toolnexus.client.Usage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SPEC §11: one OpenAI-shaped request in, exactly one provider call (with the client's retries,
 * request shaping and {@code llm} metric), one OpenAI-shaped answer out. Nothing executes: the
 * tools are declarations, and no tool hook fires; {@code beforeLLM} and {@code afterLLM} fire once
 * each.
 */
public final class Translator {
  private static final Logger log = LoggerFactory.getLogger(Translator.class);

  private final ClientOptions options;
  private final ModelCaller caller;

  /** A translator over a client's options (with its metric sink) and model caller. */
  public Translator(ClientOptions options, ModelCaller caller) {
    this.options = options;
    this.caller = caller;
  }

  /** Translates and sends one request. */
  public TranslateResult translate(TranslateRequest request) {
    List<Tool> declared = new ArrayList<>();
    if (request.toolkit() != null) {
      declared.addAll(request.toolkit().tools());
    }
    declared.addAll(OpenAiInbound.tools(request.tools()));
    List<Message> messages = OpenAiInbound.messages(request.messages(), request.system());
    List<Map<String, Object>> tools = caller.toolSchema(declared);
    String model = options.model();
    Hooks hooks = options.hooks();
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
    ScheduledFuture<?> timer =
        options.timeout() == null
            ? null
            : Threads.scheduler()
                .schedule(
                    () -> cancel.cancel("timeout"),
                    options.timeout().toMillis(),
                    TimeUnit.MILLISECONDS);
    long t0 = options.clock().millis();
    ParsedTurn turn;
    try {
      turn =
          caller instanceof HttpModelCaller http
              ? http.call(model, messages, tools, null, cancel, extras(request))
              : caller.call(model, messages, tools, null, cancel);
      turn = caller.resolveNames(turn, declared);
    } catch (RuntimeException e) {
      metric(new MetricEvent.LlmEvent(model, "error", options.clock().millis() - t0, 0, 0));
      throw e;
    } finally {
      if (timer != null) {
        timer.cancel(false);
      }
    }
    Usage u = turn.usage();
    metric(
        new MetricEvent.LlmEvent(
            model, "ok", options.clock().millis() - t0, u.promptTokens(), u.completionTokens()));
    if (hooks != null) {
      try {
        hooks.afterLLM(new Hooks.LlmResponseEvent(turn.raw(), model, 0));
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new HookException("afterLLM", e);
      }
    }
    return new TranslateResult(
        turn.text(),
        turn.toolCalls(),
        TranslateResult.finishReason(!turn.toolCalls().isEmpty(), turn.finishReason()),
        u,
        model,
        turn.raw());
  }

  /** The request's tool choice and output cap in this style's body keys. */
  private Map<String, Object> extras(TranslateRequest request) {
    Map<String, Object> out = new LinkedHashMap<>();
    Style style = options.style();
    if (request.toolChoice() != null) {
      switch (style) {
        case OPENAI -> out.put("tool_choice", request.toolChoice());
        case ANTHROPIC -> {
          Object c = anthropicChoice(request.toolChoice());
          if (c != null) {
            out.put("tool_choice", c);
          }
        }
        case GEMINI -> {
          Object c = geminiChoice(request.toolChoice());
          if (c != null) {
            out.put("toolConfig", c);
          }
        }
      }
    }
    if (request.maxTokens() > 0) {
      if (style == Style.GEMINI) {
        out.put("generationConfig", Map.of("maxOutputTokens", request.maxTokens()));
      } else {
        out.put("max_tokens", request.maxTokens());
      }
    }
    return out;
  }

  private static String forcedName(Object choice) {
    if (choice instanceof Map<?, ?> m && m.get("function") instanceof Map<?, ?> f) {
      return f.get("name") == null ? null : String.valueOf(f.get("name"));
    }
    return null;
  }

  /** OpenAI {@code tool_choice} as Anthropic's: auto, any (required), none, or one tool. */
  private static Object anthropicChoice(Object choice) {
    String name = forcedName(choice);
    if (name != null) {
      return Map.of("type", "tool", "name", name);
    }
    return switch (String.valueOf(choice)) {
      case "auto" -> Map.of("type", "auto");
      case "required", "any" -> Map.of("type", "any");
      case "none" -> Map.of("type", "none");
      default -> {
        log.warn("translate: tool_choice {} has no anthropic equivalent; left out", choice);
        yield null;
      }
    };
  }

  /** OpenAI {@code tool_choice} as Gemini's {@code toolConfig.functionCallingConfig}. */
  private static Object geminiChoice(Object choice) {
    String name = forcedName(choice);
    Map<String, Object> config = new LinkedHashMap<>();
    if (name != null) {
      config.put("mode", "ANY");
      config.put("allowedFunctionNames", List.of(name));
    } else {
      String mode =
          switch (String.valueOf(choice)) {
            case "auto" -> "AUTO";
            case "required", "any" -> "ANY";
            case "none" -> "NONE";
            default -> null;
          };
      if (mode == null) {
        log.warn("translate: tool_choice {} has no gemini equivalent; left out", choice);
        return null;
      }
      config.put("mode", mode);
    }
    return Map.of("functionCallingConfig", config);
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
