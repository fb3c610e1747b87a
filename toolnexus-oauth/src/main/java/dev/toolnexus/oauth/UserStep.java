package dev.toolnexus.oauth;

/**
 * The user's part of signing in: handed the {@link PendingLogin} whose authorization URL the user
 * must open. A desktop app opens a browser; a server app shows the URL to its user. The flow then
 * waits for the loopback redirect or for the host to {@link PendingLogin#complete complete} it.
 */
@FunctionalInterface
public interface UserStep {

  /** Starts the user's sign-in at {@code login.authorizationUrl()}; should return promptly. */
  void begin(PendingLogin login);
}
