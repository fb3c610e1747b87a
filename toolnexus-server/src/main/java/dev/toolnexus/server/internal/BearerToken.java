package dev.toolnexus.server.internal;

import dev.toolnexus.server.auth.AuthOutcome;
import dev.toolnexus.server.auth.Authenticator;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Set;

/**
 * The simple mode: one shared bearer token. Both sides are hashed before they are compared, so the
 * comparison takes the same time whatever the header holds.
 */
final class BearerToken implements Authenticator {
  private static final AuthOutcome.Allowed CALLER = new AuthOutcome.Allowed(null, Set.of());

  private final byte[] digest;

  BearerToken(String token) {
    this.digest = sha256(token);
  }

  @Override
  public AuthOutcome authenticate(String authorization) {
    if (authorization == null) {
      return new AuthOutcome.Refused(401, "Bearer realm=\"toolnexus\"", "Unauthorized");
    }
    boolean ok =
        authorization.length() >= 7
            && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
            && MessageDigest.isEqual(digest, sha256(authorization.substring(7).trim()));
    return ok
        ? CALLER
        : new AuthOutcome.Refused(
            401, "Bearer realm=\"toolnexus\", error=\"invalid_token\"", "Unauthorized");
  }

  private static byte[] sha256(String s) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
