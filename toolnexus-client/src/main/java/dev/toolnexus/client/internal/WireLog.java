package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Request and response logging at DEBUG for a model that asks for it (logger {@code
 * dev.toolnexus.client.wire}): the endpoint without its query, the headers with every value but a
 * few harmless ones redacted (keys, tokens, headers a host filled from the environment), and the
 * JSON body with each inline media part shown as {@code {type, mimeType, bytes}} instead of its
 * base64 data.
 */
public final class WireLog {
  /** The logger every line goes to. */
  public static final String LOGGER = "dev.toolnexus.client.wire";

  private static final Logger LOG = LoggerFactory.getLogger(LOGGER);
  private static final Set<String> SHOWN =
      Set.of("content-type", "accept", "anthropic-version", "anthropic-beta", "user-agent");
  private static final int MAX_CHARS = 64 * 1024;

  private WireLog() {}

  /** Whether a line would be written (the option is on and DEBUG is enabled for the logger). */
  public static boolean enabled(boolean option) {
    return option && LOG.isDebugEnabled();
  }

  /** Logs one request. */
  public static void request(URI endpoint, HttpHeaders headers, byte[] body) {
    LOG.debug(
        "LLM request POST {} headers {} body {}",
        ErrorBodies.safeEndpoint(endpoint),
        headers(headers),
        body(new String(body, java.nio.charset.StandardCharsets.UTF_8)));
  }

  /** Logs one whole response. */
  public static void response(URI endpoint, int status, String body) {
    LOG.debug(
        "LLM response {} from {} body {}", status, ErrorBodies.safeEndpoint(endpoint), body(body));
  }

  /** Logs one event of a streamed response. */
  public static void event(URI endpoint, String data) {
    LOG.debug("LLM stream event from {}: {}", ErrorBodies.safeEndpoint(endpoint), body(data));
  }

  /** Header names with their values, redacted unless harmless. */
  static Map<String, String> headers(HttpHeaders headers) {
    Map<String, String> out = new TreeMap<>();
    headers
        .map()
        .forEach(
            (name, values) ->
                out.put(
                    name,
                    SHOWN.contains(name.toLowerCase(Locale.ROOT))
                        ? String.join(", ", values)
                        : "***"));
    return out;
  }

  /** The body as compact JSON with media parts summarized, capped at 64 KiB; else the text. */
  static String body(String text) {
    String out;
    try {
      out = Json.write(summarize(Json.parse(text)));
    } catch (IllegalArgumentException notJson) {
      out = text;
    }
    return out.length() > MAX_CHARS ? out.substring(0, MAX_CHARS) + "… (truncated)" : out;
  }

  private static Object summarize(Object value) {
    if (value instanceof Map<?, ?> m) {
      Object media = media(m);
      if (media != null) {
        return media;
      }
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), summarize(v)));
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(v -> out.add(summarize(v)));
      return out;
    }
    if (value instanceof String s && s.startsWith("data:") && s.contains(";base64,")) {
      int comma = s.indexOf(',');
      String mime = s.substring("data:".length(), s.indexOf(';'));
      return part("data-url", mime, s.length() - comma - 1);
    }
    return value;
  }

  /** A base64-carrying map (Anthropic source, Gemini inlineData, neutral part) as a summary. */
  private static Map<String, Object> media(Map<?, ?> m) {
    if (!(m.get("data") instanceof String data) || data.length() < 64) {
      return null;
    }
    Object mime =
        m.get("mimeType") != null
            ? m.get("mimeType")
            : m.get("media_type") != null ? m.get("media_type") : m.get("mime_type");
    if (mime == null) {
      return null;
    }
    Object type = m.get("type") == null ? "inline" : m.get("type");
    return part(String.valueOf(type), String.valueOf(mime), data.length());
  }

  private static Map<String, Object> part(String type, String mime, int base64Chars) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", type);
    out.put("mimeType", mime);
    out.put("bytes", (long) base64Chars * 3 / 4);
    return out;
  }
}
