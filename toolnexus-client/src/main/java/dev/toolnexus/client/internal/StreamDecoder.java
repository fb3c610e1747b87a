package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.internal.sse.SseParser;
import java.util.Map;
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

  /**
   * One event's data as a JSON object; data that is not one fails the call naming the event, e.g.
   * "malformed openai stream chunk 3: ...".
   *
   * @param what what the provider calls an event, for the message: "openai stream chunk"
   * @param number the event's 1-based position in the stream
   */
  static Map<String, Object> parseJson(String data, String what, int number) {
    try {
      return Json.parseObject(data);
    } catch (IllegalArgumentException e) {
      throw new LlmException("malformed " + what + " " + number + ": " + e.getMessage(), e);
    }
  }
}
