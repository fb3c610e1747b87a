package dev.toolnexus.client.internal;

import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gemini thought signatures on OpenAI-shaped tool history (translate). Gemini 3 refuses a history
 * whose function calls lost the {@code thoughtSignature} it sent with them, so a translate answer
 * puts each call's signature where Google's own OpenAI-compatible endpoint does, {@code
 * tool_calls[i].extra_content.google.thought_signature}, and a translate request reads it back from
 * there. In the neutral transcript the signatures ride the assistant message's extras as {@code
 * gemini.signatures} (tool-call id to signature), which the Gemini codec puts back on each {@code
 * functionCall} part.
 *
 * <p>When no real signature is known for a model step of the current turn (the messages after the
 * last user message), because the history came from another OpenAI client or style, was trimmed, or
 * was stored before signatures were kept, the step's first {@code functionCall} part carries
 * Google's documented placeholder {@link #PLACEHOLDER} instead, the only part Gemini 3 checks.
 * Older turns are never given one, and a real signature is never replaced.
 */
public final class ThoughtSignatures {
  /** The signature Google documents for function calls whose own signature is not known. */
  public static final String PLACEHOLDER = "context_engineering_is_the_way_to_go";

  private ThoughtSignatures() {}

  /** The index of the first message of the current turn: just after the last user message. */
  static int currentTurnStart(List<Message> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof UserMessage) {
        return i + 1;
      }
    }
    return 0;
  }

  /**
   * Whether a model step calls tools without any signature known for it: none read off translate
   * history and none on any of the Gemini parts kept from the turn.
   */
  static boolean needsPlaceholder(AssistantMessage a) {
    if (a.toolCalls().isEmpty() || !of(a).isEmpty()) {
      return false;
    }
    if (a.extras().get(GeminiCodec.KEY) instanceof Map<?, ?> gemini
        && gemini.get("parts") instanceof List<?> parts) {
      for (Object p : parts) {
        if (p instanceof Map<?, ?> part && part.get("thoughtSignature") != null) {
          return false;
        }
      }
    }
    return true;
  }

  /** {@code parts} with {@link #PLACEHOLDER} on the first {@code functionCall} part (a copy). */
  static List<Map<String, Object>> withPlaceholder(List<Map<String, Object>> parts) {
    List<Map<String, Object>> out = new ArrayList<>(parts);
    for (int i = 0; i < out.size(); i++) {
      if (out.get(i).get("functionCall") != null) {
        Map<String, Object> signed = new LinkedHashMap<>(out.get(i));
        signed.put("thoughtSignature", PLACEHOLDER);
        out.set(i, signed);
        break;
      }
    }
    return out;
  }

  /** The signature on one OpenAI-shaped tool call, or null. */
  static String fromToolCall(Map<?, ?> toolCall) {
    if (toolCall.get("extra_content") instanceof Map<?, ?> extra
        && extra.get("google") instanceof Map<?, ?> google
        && google.get("thought_signature") instanceof String sig
        && !sig.isEmpty()) {
      return sig;
    }
    return null;
  }

  /** Assistant-message extras holding these signatures; empty for none. */
  static Map<String, Object> extras(Map<String, Object> signatures) {
    return signatures.isEmpty()
        ? Map.of()
        : Map.of(GeminiCodec.KEY, Map.of("signatures", Map.copyOf(signatures)));
  }

  /**
   * Each tool call's signature (by call id): from the kept Gemini parts of a turn Gemini answered
   * ({@code functionCall} parts in call order), or from signatures read off translate history.
   */
  static Map<String, String> of(AssistantMessage a) {
    Map<String, String> out = new LinkedHashMap<>();
    if (!(a.extras().get(GeminiCodec.KEY) instanceof Map<?, ?> gemini)) {
      return out;
    }
    if (gemini.get("signatures") instanceof Map<?, ?> sigs) {
      sigs.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
    }
    if (gemini.get("parts") instanceof List<?> parts) {
      List<Object> signed = new ArrayList<>();
      for (Object p : parts) {
        if (p instanceof Map<?, ?> part && part.get("functionCall") != null) {
          signed.add(part.get("thoughtSignature"));
        }
      }
      List<ToolCall> calls = a.toolCalls();
      for (int i = 0; i < calls.size() && i < signed.size(); i++) {
        if (signed.get(i) != null) {
          out.put(calls.get(i).id(), String.valueOf(signed.get(i)));
        }
      }
    }
    return out;
  }

  /**
   * The OpenAI-shaped assistant message of a turn, each tool call carrying its Gemini signature in
   * {@code extra_content.google.thought_signature} when it has one.
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> openAiMessage(AssistantMessage a) {
    Map<String, Object> m = OpenAiCodec.assistantMessage(a.text(), a.toolCalls());
    Map<String, String> signatures = of(a);
    if (signatures.isEmpty() || !(m.get("tool_calls") instanceof List<?> wire)) {
      return m;
    }
    for (Object o : wire) {
      Map<String, Object> call = (Map<String, Object>) o;
      String sig = signatures.get(String.valueOf(call.get("id")));
      if (sig != null) {
        call.put("extra_content", Map.of("google", Map.of("thought_signature", sig)));
      }
    }
    return m;
  }
}
