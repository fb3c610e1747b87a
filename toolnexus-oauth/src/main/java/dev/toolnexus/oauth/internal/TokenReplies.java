package dev.toolnexus.oauth.internal;

import dev.toolnexus.oauth.StoredToken;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Turns a token endpoint's reply into a {@link StoredToken}. */
public final class TokenReplies {
  private TokenReplies() {}

  /**
   * The token of a successful reply; {@code previous} supplies the refresh token and scopes a
   * refresh reply may leave out.
   *
   * @throws IllegalStateException when the reply is an error or not a bearer token (naming the
   *     endpoint and the server's error, never a token)
   */
  public static StoredToken token(
      OAuthHttp.Reply r,
      String what,
      String resource,
      String issuer,
      String tokenEndpoint,
      String clientId,
      String clientSecret,
      List<String> asked,
      String previousRefresh) {
    Map<String, Object> b = r.body();
    if (r.status() != 200 || !(b.get("access_token") instanceof String access)) {
      throw new IllegalStateException(
          "OAuth: " + what + " at " + tokenEndpoint + " failed: " + OAuthHttp.error(r));
    }
    Object type = b.get("token_type");
    if (type != null && !"bearer".equalsIgnoreCase(type.toString())) {
      throw new IllegalStateException(
          "OAuth: " + tokenEndpoint + " issued a " + type + " token; only Bearer is supported");
    }
    Instant expires =
        b.get("expires_in") instanceof Number n ? Instant.now().plusSeconds(n.longValue()) : null;
    List<String> scopes =
        b.get("scope") instanceof String s && !s.isBlank()
            ? Arrays.asList(s.trim().split("\\s+"))
            : asked;
    String refresh = b.get("refresh_token") instanceof String rt ? rt : previousRefresh;
    return new StoredToken(
        resource, issuer, tokenEndpoint, clientId, clientSecret, access, refresh, expires, scopes);
  }
}
