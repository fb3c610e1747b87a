package dev.toolnexus.client.internal;

import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Picks the API key by style and host, so one provider's key is never sent to another: OpenRouter
 * hosts take only {@code OPENROUTER_API_KEY}, other openai-style hosts {@code OPENAI_API_KEY},
 * anthropic {@code ANTHROPIC_API_KEY} (the codec names the variables). A loopback endpoint may run
 * without a key.
 */
public final class ApiKeys {
  private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

  private ApiKeys() {}

  /**
   * The key to send, or null for a keyless loopback endpoint.
   *
   * @throws IllegalArgumentException naming the variables to set (never a value)
   */
  public static String resolve(
      String apiKey, UnaryOperator<String> env, String baseUrl, WireCodec codec) {
    if (apiKey != null && !apiKey.isBlank()) {
      return apiKey;
    }
    List<String> names = codec.apiKeyEnv(baseUrl);
    for (String name : names) {
      String v = env.apply(name);
      if (v != null && !v.isBlank()) {
        return v.trim();
      }
    }
    String host = Codecs.hostOf(baseUrl);
    if (LOOPBACK.contains(host)) {
      return null;
    }
    throw new IllegalArgumentException(
        "no API key for the "
            + codec.style().wireName()
            + " style at "
            + (host.isEmpty() ? baseUrl : host)
            + ": pass apiKey or set "
            + String.join(" / ", names));
  }
}
