package dev.toolnexus.server.auth;

import java.util.Objects;
import java.util.Set;

/** What an {@link Authenticator} decided about a request: allowed as someone, or refused. */
public sealed interface AuthOutcome {

  /**
   * The request may go on.
   *
   * @param subject who is calling (a token's {@code sub} or client id); null when not known
   * @param scopes the scopes the caller was granted; empty when the credential carries none
   */
  record Allowed(String subject, Set<String> scopes) implements AuthOutcome {
    /** Freezes the scopes. */
    public Allowed {
      scopes = scopes == null ? Set.of() : Set.copyOf(scopes);
    }
  }

  /**
   * The request is refused with this HTTP status and {@code WWW-Authenticate} challenge.
   *
   * @param status 401 for missing or bad credentials, 403 for credentials that lack a scope
   * @param challenge the {@code WWW-Authenticate} header value
   * @param message what the response body says; never the credential itself
   */
  record Refused(int status, String challenge, String message) implements AuthOutcome {
    /** Checks the status and that a challenge is given. */
    public Refused {
      if (status != 401 && status != 403) {
        throw new IllegalArgumentException("a refusal is 401 or 403, got " + status);
      }
      Objects.requireNonNull(challenge, "challenge");
      message = message == null ? "" : message;
    }
  }
}
