package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.internal.sse.SseParser;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Assembles a Gemini {@code streamGenerateContent?alt=sse} stream: every event is a partial {@code
 * GenerateContentResponse}; parts accumulate, the last {@code finishReason} and {@code
 * usageMetadata} win, an {@code error} event fails the call. The stream has no end marker, so a
 * body that ends before any chunk carried a {@code finishReason} is a truncated stream.
 */
final class GeminiStreamDecoder implements StreamDecoder {
  private final GeminiTurn turn = new GeminiTurn();
  private int events;

  @Override
  public boolean onEvent(SseParser.Event event, Consumer<String> sink) {
    String data = event.data().trim();
    if (data.isEmpty()) {
      return false;
    }
    Map<String, Object> chunk;
    try {
      chunk = Json.parseObject(data);
    } catch (IllegalArgumentException e) {
      throw new LlmException(
          "malformed gemini stream event " + (events + 1) + ": " + e.getMessage(), e);
    }
    events++;
    turn.add(chunk, sink);
    return false;
  }

  @Override
  public ParsedTurn finish() {
    if (!turn.finished()) {
      if (!turn.sawCandidate() && events > 0) {
        throw turn.noCandidate(Map.of());
      }
      throw new LlmException(
          "gemini stream ended before a finishReason (after " + events + " events)", null);
    }
    return turn.toParsedTurn(turn.assembled());
  }
}
