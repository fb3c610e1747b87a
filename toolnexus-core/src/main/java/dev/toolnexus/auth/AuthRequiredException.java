package dev.toolnexus.auth;

/**
 * Thrown by an {@link HttpAuth} when the server needs the user to sign in and nobody can do the
 * user's part now (no {@code waitFor} slot, or it declined). The server's status becomes {@code
 * needs_auth} with this message as the reason; the rest of the toolkit keeps working.
 */
public class AuthRequiredException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A sign-in is needed, and why it cannot happen now (never a token or secret). */
  public AuthRequiredException(String reason) {
    super(reason);
  }
}
