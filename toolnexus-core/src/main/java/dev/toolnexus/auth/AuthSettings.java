package dev.toolnexus.auth;

import java.util.List;

/**
 * The {@code auth} block of a remote server (or agent) in a config file: how to sign in to it with
 * OAuth. An {@link HttpAuthFactory} turns it into the {@link HttpAuth} the transport uses. As a
 * config file gives it, {@code clientSecret} may still hold {@code ${VAR}} placeholders; they are
 * expanded only when connecting. {@link #toString()} never shows the secret.
 *
 * @param clientId a client id registered with the authorization server beforehand; null to use
 *     dynamic client registration
 * @param clientSecret that client's secret, or a {@code ${VAR}} placeholder for it; null for a
 *     public client
 * @param scopes scopes always asked for, besides the ones the server's challenge names
 * @param redirectPort the loopback redirect's port on 127.0.0.1; 0 for a free one
 * @param tokenStore where tokens are kept: {@code "memory"} (the default) or a file path
 */
public record AuthSettings(
    String clientId,
    String clientSecret,
    List<String> scopes,
    int redirectPort,
    String tokenStore) {

  /** The token store kept in memory only, lost when the process ends. */
  public static final String MEMORY = "memory";

  /** Freezes the scopes; a missing token store is {@link #MEMORY}. */
  public AuthSettings {
    scopes = scopes == null ? List.of() : List.copyOf(scopes);
    tokenStore = tokenStore == null || tokenStore.isBlank() ? MEMORY : tokenStore;
    if (redirectPort < 0 || redirectPort > 65535) {
      throw new IllegalArgumentException("redirectPort must be 0 to 65535, got " + redirectPort);
    }
  }

  /** These settings with {@code clientSecret} replaced (by its expanded value, when connecting). */
  public AuthSettings withClientSecret(String clientSecret) {
    return new AuthSettings(clientId, clientSecret, scopes, redirectPort, tokenStore);
  }

  /** Names the client, scopes, port and store; the secret only as present or absent. */
  @Override
  public String toString() {
    return "AuthSettings[clientId="
        + clientId
        + ", clientSecret="
        + (clientSecret == null ? "none" : "(set)")
        + ", scopes="
        + scopes
        + ", redirectPort="
        + redirectPort
        + ", tokenStore="
        + tokenStore
        + "]";
  }
}
