package dev.toolnexus.client;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A host-supplied model for an in-process client: given the request, return exactly one assistant
 * message, either text or tool calls. There is no wire, so messages are OpenAI-shaped plain data
 * and tool arguments cross as JSON text or as a map.
 */
@FunctionalInterface
public interface Generate {

  /**
   * Produces the next assistant message. A thrown exception fails the run (final: nothing is
   * retried).
   */
  Response generate(Request request) throws Exception;

  /**
   * What the model is asked.
   *
   * @param model the model configured (or the turn's {@code beforeLLM} override)
   * @param messages OpenAI chat-completions messages, system prompt first
   * @param tools OpenAI tool schema; empty when there are none
   */
  record Request(
      String model, List<Map<String, Object>> messages, List<Map<String, Object>> tools) {}

  /**
   * One assistant message: text, or tool calls (never both are needed).
   *
   * @param content the answer text; null when calling tools
   * @param toolCalls the calls; empty for a final answer
   * @param usage optional token usage; null when unknown
   */
  record Response(String content, List<Call> toolCalls, Usage usage) {
    /** Normalises nulls. */
    public Response {
      toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    }

    /** A final answer. */
    public static Response text(String content) {
      return new Response(content, List.of(), null);
    }

    /** A turn that calls tools. */
    public static Response calls(Call... calls) {
      return new Response(null, List.of(calls), null);
    }
  }

  /**
   * One flat tool call: {@code {id?, name, arguments}}.
   *
   * @param id the call id; generated when null or empty
   * @param name the tool
   * @param arguments JSON text, or a map encoded by the library
   */
  record Call(String id, String name, Object arguments) {
    /** Requires the name. */
    public Call {
      Objects.requireNonNull(name, "name");
    }
  }
}
