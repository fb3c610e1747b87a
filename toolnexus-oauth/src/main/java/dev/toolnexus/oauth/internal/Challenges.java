package dev.toolnexus.oauth.internal;

import java.util.Collection;

/**
 * The {@code WWW-Authenticate} values a protected resource answers with (RFC 6750, RFC 9728): each
 * names the protected resource metadata, so a client can find the authorization server.
 */
public final class Challenges {
  private Challenges() {}

  /** For a request without a token: where to find the metadata, and the scopes to ask for. */
  public static String missing(String metadataUrl, Collection<String> scopes) {
    StringBuilder b =
        new StringBuilder("Bearer resource_metadata=\"").append(metadataUrl).append('"');
    if (!scopes.isEmpty()) {
      b.append(", scope=\"").append(String.join(" ", scopes)).append('"');
    }
    return b.toString();
  }

  /** For a token that is not valid here. */
  public static String invalid(String metadataUrl, String reason) {
    return "Bearer error=\"invalid_token\", error_description=\""
        + quoted(reason)
        + "\", resource_metadata=\""
        + metadataUrl
        + '"';
  }

  /** For a valid token without the scopes a request needs: the scopes to ask for. */
  public static String insufficient(String metadataUrl, Collection<String> scopes, String reason) {
    return "Bearer error=\"insufficient_scope\", scope=\""
        + String.join(" ", scopes)
        + "\", error_description=\""
        + quoted(reason)
        + "\", resource_metadata=\""
        + metadataUrl
        + '"';
  }

  private static String quoted(String s) {
    return s.replace("\\", "\\\\").replace("\"", "'");
  }
}
