package dev.toolnexus.client.internal;

import dev.toolnexus.client.ClientOptions;
import java.util.List;
import java.util.Set;

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
  public static String resolve(ClientOptions options, WireCodec codec) {
    if (options.apiKey() != null && !options.apiKey().isBlank()) {
      return options.apiKey();
    }
    List<String> names = codec.apiKeyEnv(options.baseUrl());
    for (String name : names) {
      String v = options.env().apply(name);
      if (v != null && !v.isBlank()) {
        return v.trim();
      }
    }
    String host = Codecs.hostOf(options.baseUrl());
    if (LOOPBACK.contains(host)) {
      return null;
    }
    throw new IllegalArgumentException(
        "no API key for the "
            + codec.style().wireName()
            + " style at "
            + (host.isEmpty() ? options.baseUrl() : host)
            + ": pass apiKey or set "
            + String.join(" / ", names));
  }
}
