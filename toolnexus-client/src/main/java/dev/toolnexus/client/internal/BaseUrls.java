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
    URI uri;
    try {
      uri = new URI(baseUrl.strip());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "baseUrl \"" + baseUrl + "\" is not a valid URL: " + e.getMessage(), e);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
      throw new IllegalArgumentException(
          "baseUrl \""
              + baseUrl
              + "\" has no http:// or https:// scheme"
              + (baseUrl.contains("://")
                  ? " and host"
                  : " (did you mean https://" + baseUrl.strip() + " ?)"));
    }
  }
}
