package dev.toolnexus.oauth.internal;

import java.time.Duration;

/**
 * The user did not complete a sign-in within the time given: a failure of its own kind, so a
 * server's connection can report it as a sign-in still needed rather than a broken server.
 */
public final class SignInTimedOut extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final transient Duration timeout;

  /** The sign-in that waited {@code timeout} in vain. */
  public SignInTimedOut(Duration timeout) {
    super("OAuth: the sign-in was not completed within " + text(timeout));
    this.timeout = timeout;
  }

  /** How long the sign-in waited. */
  public Duration timeout() {
    return timeout;
  }

  /** {@code d} as whole seconds ({@code "30 s"}) when it is, else in milliseconds. */
  public static String text(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }
}
