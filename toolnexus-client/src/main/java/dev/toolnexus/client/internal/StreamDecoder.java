package dev.toolnexus.client.internal;

import java.util.function.Consumer;

/** Assembles one streamed response from its SSE events; one instance per response. */
public interface StreamDecoder {

  /**
   * Feeds one event; text deltas go to {@code text} as they arrive.
   *
   * @return true when the event ended the stream ({@code [DONE]}, {@code message_stop})
   * @throws dev.toolnexus.client.LlmException on a malformed event or a provider error event
   */
  boolean onEvent(SseParser.Event event, Consumer<String> text);

  /**
   * The assembled turn once the body ended.
   *
   * @throws dev.toolnexus.client.LlmException when the stream ended before completing
   */
  ParsedTurn finish();
}
