package dev.toolnexus.oauth;

import java.time.Instant;
import java.util.List;

/**
 * The credentials kept for one protected resource: the access token and refresh token the
 * authorization server issued, when the access token expires, the scopes granted, and the client
 * they were issued to (a dynamically registered client is remembered so the next run reuses it).
 * {@link #toString()} never shows a token or secret.
 *
 * @param resource the protected resource's canonical URI (the {@code resource} parameter sent)
 * @param issuer the authorization server that issued the tokens
 * @param tokenEndpoint where the tokens are refreshed
 * @param clientId the client the tokens were issued to
 * @param clientSecret that client's secret; null for a public client
 * @param accessToken the bearer access token
 * @param refreshToken the refresh token; null when none was issued
 * @param expiresAt when the access token expires; null when the server did not say
 * @param scopes the scopes granted (or asked for, when the server did not say)
 */
public record StoredToken(
    String resource,
    String issuer,
    String tokenEndpoint,
    String clientId,
    String clientSecret,
    String accessToken,
    String refreshToken,
    Instant expiresAt,
    List<String> scopes) {

  /** Freezes the scope list. */
  public StoredToken {
    scopes = scopes == null ? List.of() : List.copyOf(scopes);
  }

  /** This token with {@code expiresAt} replaced (used to age a token, as in tests). */
  public StoredToken withExpiresAt(Instant expiresAt) {
    return new StoredToken(
        resource,
        issuer,
        tokenEndpoint,
        clientId,
        clientSecret,
        accessToken,
        refreshToken,
        expiresAt,
        scopes);
  }

  /** This token with {@code accessToken} replaced. */
  public StoredToken withAccessToken(String accessToken) {
    return new StoredToken(
        resource,
        issuer,
        tokenEndpoint,
        clientId,
        clientSecret,
        accessToken,
        refreshToken,
        expiresAt,
        scopes);
  }

  /** Names the resource, issuer, client, expiry and scopes; never a token or secret. */
  @Override
  public String toString() {
    return "StoredToken[resource="
        + resource
        + ", issuer="
        + issuer
        + ", clientId="
        + clientId
        + ", expiresAt="
        + expiresAt
        + ", scopes="
        + scopes
        + ", refreshable="
        + (refreshToken != null)
        + "]";
  }
}
