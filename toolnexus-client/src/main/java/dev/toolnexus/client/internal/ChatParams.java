package dev.toolnexus.client.internal;

import dev.toolnexus.client.Style;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link dev.toolnexus.client.ChatRequest}'s per-call parameters (OpenAI names: {@code
 * tool_choice}, {@code max_tokens}) as body keys of one wire style: the output cap is {@code
 * max_completion_tokens} on OpenAI (which deprecated {@code max_tokens}), {@code max_tokens} on
 * Anthropic and {@code generationConfig.maxOutputTokens} on Gemini.
 */
public final class ChatParams {
  private static final Logger log = LoggerFactory.getLogger(ChatParams.class);

  /** The OpenAI name of the tool-choice parameter. */
  public static final String TOOL_CHOICE = "tool_choice";

  /** The OpenAI name of the structured-output parameter ({@code json_schema} only). */
  public static final String RESPONSE_FORMAT = "response_format";

  /** The OpenAI name of the output-cap parameter. */
  public static final String MAX_TOKENS = "max_tokens";

  private ChatParams() {}

  /** The parameters in {@code style}'s body keys; unknown keys pass through unchanged. */
  public static Map<String, Object> toWire(Map<String, Object> params, Style style) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (params.isEmpty()) {
      return out;
    }
    params.forEach(
        (k, v) -> {
          if (!k.equals(TOOL_CHOICE) && !k.equals(MAX_TOKENS) && !k.equals(RESPONSE_FORMAT)) {
            out.put(k, v);
          }
        });
    Object toolChoice = params.get(TOOL_CHOICE);
    if (toolChoice != null) {
      switch (style) {
        case OPENAI -> out.put("tool_choice", toolChoice);
        case ANTHROPIC -> {
          Object c = anthropicChoice(toolChoice);
          if (c != null) {
            out.put("tool_choice", c);
          }
        }
        case GEMINI -> {
          Object c = geminiChoice(toolChoice);
          if (c != null) {
            out.put("toolConfig", c);
          }
        }
      }
    }
    Map<String, Object> generation = new LinkedHashMap<>();
    if (params.get(MAX_TOKENS) instanceof Number n && n.intValue() > 0) {
      switch (style) {
        // max_tokens is deprecated in Chat Completions and refused by reasoning models
        case OPENAI -> out.put("max_completion_tokens", n.intValue());
        case ANTHROPIC -> out.put("max_tokens", n.intValue());
        case GEMINI -> generation.put("maxOutputTokens", n.intValue());
      }
    }
    Object format = params.get(RESPONSE_FORMAT);
    if (format != null) {
      switch (style) {
        case OPENAI -> out.put(RESPONSE_FORMAT, format);
        case GEMINI -> {
          generation.put("responseMimeType", "application/json");
          if (format instanceof Map<?, ?> f
              && f.get("json_schema") instanceof Map<?, ?> js
              && js.get("schema") != null) {
            generation.put("responseJsonSchema", js.get("schema"));
          }
        }
        // Anthropic has no such body field: the caller forces an answer tool instead
        case ANTHROPIC -> log.debug("response_format has no anthropic body field; left out");
      }
    }
    if (!generation.isEmpty()) {
      out.put("generationConfig", generation);
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
      Map<String, Object> forced = new LinkedHashMap<>(); // type first, in every body alike
      forced.put("type", "tool");
      forced.put("name", name);
      return forced;
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
}
