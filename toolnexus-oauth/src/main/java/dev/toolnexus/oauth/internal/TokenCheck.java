package dev.toolnexus.oauth.internal;

import java.util.Set;

/** What checking one access token found: valid for a subject with scopes, or why it is not. */
public sealed interface TokenCheck {

  /**
   * A token that is valid here.
   *
   * @param subject its {@code sub}, else its {@code client_id}; null when it names neither
   * @param scopes the scopes it grants
   */
  record Valid(String subject, Set<String> scopes) implements TokenCheck {}

  /**
   * A token that is not valid here.
   *
   * @param reason what is wrong with it, for the {@code error_description}; never the token
   */
  record Invalid(String reason) implements TokenCheck {}
}
