package dev.toolnexus.client.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** Checks a client's base URL before anything else reads it, so its mistake is named first. */
public final class BaseUrls {
  private BaseUrls() {}

  /**
   * Refuses a base URL that is not an absolute {@code http://} or {@code https://} URL with a host;
   * null (the style's default) passes.
   *
   * @throws IllegalArgumentException naming the URL and what it lacks
   */
  public static void check(String baseUrl) {
    if (baseUrl == null) {
      return;
    }
    String url = baseUrl.strip();
    if (!url.contains("://")) {
      // "127.0.0.1:1" or "localhost:8080/v1" would parse as a scheme, or not at all
      boolean local =
          url.startsWith("127.") || url.startsWith("localhost") || url.startsWith("[::1]");
      throw new IllegalArgumentException(
          "baseUrl \""
              + baseUrl
              + "\" has no http:// or https:// scheme (did you mean "
              + (local ? "http://" : "https://")
              + url
              + " ?)");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "baseUrl \"" + baseUrl + "\" is not a valid URL: " + e.getMessage(), e);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
      throw new IllegalArgumentException(
          "baseUrl \"" + baseUrl + "\" has no http:// or https:// scheme and host");
    }
  }
}
