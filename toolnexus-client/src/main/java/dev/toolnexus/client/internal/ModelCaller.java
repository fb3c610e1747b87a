package dev.toolnexus.client.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Tool;
import dev.toolnexus.client.Message;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** One model call of the loop: over HTTP through a codec, or in process through a generate. */
public interface ModelCaller {

  /** The provider-shaped tool schema this caller sends. */
  List<Map<String, Object>> toolSchema(List<Tool> tools);

  /** The turn with wire tool names mapped back to the tools' names; identity by default. */
  default ParsedTurn resolveNames(ParsedTurn turn, List<Tool> tools) {
    return turn;
  }

  /**
   * Makes one call.
   *
   * @param model the model to transmit
   * @param messages the neutral transcript
   * @param tools the provider-shaped tools (empty ⇒ omitted)
   * @param text receives text deltas when streaming; null for a non-streaming call
   * @param cancel aborts the call
   */
  ParsedTurn call(
      String model,
      List<Message> messages,
      List<Map<String, Object>> tools,
      Consumer<String> text,
      CancelToken cancel);
}
