package dev.toolnexus.client.internal;

import dev.toolnexus.Tool;
import dev.toolnexus.client.Style;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * One wire dialect (a {@link Style}): how the neutral transcript, tools and options become a
 * request body, where it is sent and with which auth headers, and how a response or a stream
 * becomes a {@link ParsedTurn}. Stateless and thread-safe. To add a style, implement this and
 * register it in {@link Codecs#forStyle}.
 */
public interface WireCodec {

  /** The style this codec speaks. */
  Style style();

  /** The URL of one call (the model may be part of the path, the stream flag of the query). */
  URI endpoint(String baseUrl, String model, boolean stream);

  /** The auth headers for this key, in order; their values are never logged. */
  Map<String, String> authHeaders(String apiKey);

  /** The environment variables that may hold a key for this base URL, in precedence order. */
  List<String> apiKeyEnv(String baseUrl);

  /** The provider-shaped tool schema of these tools. */
  List<Map<String, Object>> toolSchema(List<Tool> tools);

  /**
   * The request body, as ordered maps (so the same inputs give byte-identical JSON). Empty tool
   * lists omit the tool keys. Content parts go through {@link WireRequest#parts()}.
   */
  Map<String, Object> body(WireRequest request);

  /**
   * Reads a non-streaming response body.
   *
   * @throws dev.toolnexus.client.LlmException when the body is not a response of this style
   */
  ParsedTurn parseResponse(Map<String, Object> response);

  /** A fresh decoder for one streamed response. */
  StreamDecoder streamDecoder();

  /**
   * The turn with each call's wire name mapped back to its tool's name, for styles that rename
   * tools on the wire (gemini aliases names it rejects); identity by default.
   */
  default ParsedTurn resolveNames(ParsedTurn turn, List<Tool> tools) {
    return turn;
  }

  /** The provider's error message inside an error body, or null. */
  default String errorMessage(Object errorBody) {
    if (errorBody instanceof Map<?, ?> m) {
      Object err = m.get("error");
      if (err instanceof Map<?, ?> e && e.get("message") != null) {
        return String.valueOf(e.get("message"));
      }
      if (err instanceof String s) {
        return s;
      }
      if (m.get("message") != null) {
        return String.valueOf(m.get("message"));
      }
    }
    return null;
  }
}
