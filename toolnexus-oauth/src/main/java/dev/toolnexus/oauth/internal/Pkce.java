package dev.toolnexus.oauth.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A PKCE pair (S256 only) and the random {@code state} of one sign-in.
 *
 * @param verifier the code verifier sent with the code exchange
 * @param challenge its S256 challenge sent with the authorization request
 */
public record Pkce(String verifier, String challenge) {
  private static final SecureRandom RANDOM = new SecureRandom();

  /** A fresh pair from 32 random bytes. */
  public static Pkce create() {
    String verifier = random();
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
      return new Pkce(verifier, Base64.getUrlEncoder().withoutPadding().encodeToString(hash));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }

  /** 32 random bytes, base64url without padding: a state value or verifier. */
  public static String random() {
    byte[] b = new byte[32];
    RANDOM.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  @Override
  public String toString() {
    return "Pkce[S256]";
  }
}
