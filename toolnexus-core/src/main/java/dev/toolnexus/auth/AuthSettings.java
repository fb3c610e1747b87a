package dev.toolnexus.auth;

import dev.toolnexus.spi.EnvExpander;
import java.util.List;
import java.util.function.Function;

/**
 * The {@code auth} block of a remote server (or agent) in a config file: how to sign in to it with
 * OAuth. An {@link HttpAuthFactory} turns it into the {@link HttpAuth} the transport uses. As a
 * config file gives it, {@code clientSecret} and {@code tokenStore} may still hold {@code ${VAR}}
 * placeholders; they are expanded only when connecting. {@link #toString()} never shows the secret,
 * nor more of a JDBC store URL than its {@code jdbc:<subprotocol>:} prefix (it may hold a
 * password).
 *
 * @param clientId a client id registered with the authorization server beforehand; null to use
 *     dynamic client registration
 * @param clientSecret that client's secret, or a {@code ${VAR}} placeholder for it; null for a
 *     public client
 * @param scopes scopes always asked for, besides the ones the server's challenge names
 * @param redirectPort the loopback redirect's port on 127.0.0.1; 0 for a free one
 * @param tokenStore where tokens are kept: {@code "memory"} (the default), a JDBC URL ({@code
 *     jdbc:...}, for a database table that several processes or replicas share) or a file path
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

  /**
   * These settings with the {@code ${VAR}} references in {@code clientSecret} and {@code
   * tokenStore} replaced from {@code env}: what a connection uses, never what is logged.
   *
   * @param owner the settings' owner in an error, such as {@code MCP server "notes"}
   * @throws IllegalArgumentException naming the field, the owner and the variable that {@code env}
   *     does not define (never a value)
   */
  public AuthSettings expanded(Function<String, String> env, String owner) {
    return new AuthSettings(
        clientId,
        expand(clientSecret, "auth.clientSecret", env, owner),
        scopes,
        redirectPort,
        expand(tokenStore, "auth.tokenStore", env, owner));
  }

  private static String expand(
      String value, String field, Function<String, String> env, String owner) {
    if (value == null) {
      return null;
    }
    try {
      return EnvExpander.expand(value, env, null);
    } catch (EnvExpander.MissingVariableException e) {
      throw new IllegalArgumentException(
          "field \""
              + field
              + "\" of "
              + owner
              + " uses ${"
              + e.variable()
              + "}, but the environment variable "
              + e.variable()
              + " is not set");
    }
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
        + shownStore()
        + "]";
  }

  private String shownStore() {
    if (!tokenStore.startsWith("jdbc:")) {
      return tokenStore;
    }
    int second = tokenStore.indexOf(':', "jdbc:".length());
    return (second < 0 ? tokenStore : tokenStore.substring(0, second + 1)) + "...";
  }
}
