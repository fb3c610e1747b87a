package dev.toolnexus.client.internal;

import dev.toolnexus.client.Message;
import java.util.List;
import java.util.Map;

/**
 * What a codec turns into a request body.
 *
 * @param model the model transmitted this turn
 * @param messages the neutral transcript, system prompt first when there is one
 * @param tools the provider-shaped tool schema (empty ⇒ the tool keys are omitted)
 * @param stream whether to ask for a stream
 * @param maxTokens the output cap for styles that require one
 * @param parts the content-part gate (allowlist, provenance, size)
 * @param cache the serialised pieces of earlier turns to reuse; null to build the body as plain
 *     values only (a codec may ignore it)
 */
public record WireRequest(
    String model,
    List<Message> messages,
    List<Map<String, Object>> tools,
    boolean stream,
    int maxTokens,
    PartGate parts,
    WireCache cache) {

  /** A request whose body is built as plain values only. */
  public WireRequest(
      String model,
      List<Message> messages,
      List<Map<String, Object>> tools,
      boolean stream,
      int maxTokens,
      PartGate parts) {
    this(model, messages, tools, stream, maxTokens, parts, null);
  }
}
