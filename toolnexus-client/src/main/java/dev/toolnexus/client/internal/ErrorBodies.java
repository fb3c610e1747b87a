package dev.toolnexus.client.internal;

import dev.toolnexus.Json;
import dev.toolnexus.client.LlmException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Provider failure bodies made safe to surface: account identifiers redacted in the message and the
 * typed body, 401/403 bodies left out of the message, the message's excerpt capped at 200
 * characters, and the endpoint named without its query string.
 */
public final class ErrorBodies {
  private static final Set<String> ACCOUNT_KEYS =
      Set.of("user_id", "account_id", "org_id", "organization");
  private static final Pattern ACCOUNT_TEXT =
      Pattern.compile("\"(user_id|account_id|org_id|organization)\"\\s*:\\s*(\"[^\"]*\"|[0-9]+)");
  private static final String REDACTED = "«redacted»";

  private ErrorBodies() {}

  /** The typed exception for a non-2xx response. */
  public static LlmException httpError(
      int status, URI endpoint, String body, String retryAfter, WireCodec codec) {
    return httpError(status, endpoint, body, retryAfter, null, codec);
  }

  /** The typed exception for a non-2xx response whose headers named a request id. */
  public static LlmException httpError(
      int status,
      URI endpoint,
      String body,
      String retryAfter,
      String requestIdHeader,
      WireCodec codec) {
    String redacted = redact(body == null ? "" : body);
    String where = safeEndpoint(endpoint);
    String providerMessage = null;
    String requestId = requestIdHeader;
    try {
      Object parsed = Json.parse(redacted);
      providerMessage = codec.errorMessage(parsed);
      if (requestId == null && parsed instanceof Map<?, ?> m && m.get("request_id") != null) {
        requestId = String.valueOf(m.get("request_id"));
      }
    } catch (IllegalArgumentException notJson) {
      providerMessage = null;
    }
    StringBuilder msg = new StringBuilder("LLM request failed: HTTP ").append(status);
    msg.append(" from ").append(where);
    if (status != 401 && status != 403) {
      String detail = providerMessage != null ? providerMessage : redacted.strip();
      if (!detail.isEmpty()) {
        msg.append(": ").append(detail.length() > 200 ? detail.substring(0, 200) + "…" : detail);
      }
    }
    return new LlmException(
        msg.toString(),
        status,
        redacted,
        retryAfter,
        status == 401 || status == 403 ? null : providerMessage,
        requestId,
        null);
  }

  /**
   * The endpoint as {@code scheme://host[:port]/path}, never with a query (which may hold a key).
   */
  public static String safeEndpoint(URI endpoint) {
    return endpoint.getScheme()
        + "://"
        + endpoint.getHost()
        + (endpoint.getPort() >= 0 ? ":" + endpoint.getPort() : "")
        + (endpoint.getPath() == null ? "" : endpoint.getPath());
  }

  /** Replaces the values of account-identifying keys with {@code «redacted»}. */
  public static String redact(String body) {
    try {
      Object parsed = Json.parse(body);
      if (parsed instanceof Map<?, ?> || parsed instanceof List<?>) {
        return Json.write(redactValue(parsed));
      }
    } catch (IllegalArgumentException notJson) {
      // fall through to the textual rule
    }
    return ACCOUNT_TEXT.matcher(body).replaceAll("\"$1\":\"" + REDACTED + "\"");
  }

  private static Object redactValue(Object value) {
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach(
          (k, v) -> {
            String key = String.valueOf(k);
            out.put(key, ACCOUNT_KEYS.contains(key) ? REDACTED : redactValue(v));
          });
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(v -> out.add(redactValue(v)));
      return out;
    }
    return value;
  }
}
