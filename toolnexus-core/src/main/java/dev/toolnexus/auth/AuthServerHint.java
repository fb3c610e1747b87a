package dev.toolnexus.auth;

import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * What a server announces about signing in besides its own OAuth metadata, such as the security
 * scheme of an A2A agent card: which grant to use and the authorization server's endpoints (or its
 * OpenID discovery document). The OAuth client uses it when the server publishes no protected
 * resource metadata.
 *
 * @param owner who is signed in to, for messages and the sign-in request, such as {@code agent
 *     "billing"}
 * @param grant the grant the server asks for; null when it announced none (the hint then only names
 *     the owner)
 * @param authorizationEndpoint where the user signs in; null for client credentials or when {@code
 *     openIdConfiguration} is given
 * @param tokenEndpoint where tokens are issued; null when {@code openIdConfiguration} is given
 * @param openIdConfiguration the authorization server's OpenID discovery document; null when the
 *     endpoints are given
 * @param scopes the scopes the server names for the grant; empty when it names none
 */
public record AuthServerHint(
    String owner,
    Grant grant,
    URI authorizationEndpoint,
    URI tokenEndpoint,
    URI openIdConfiguration,
    List<String> scopes) {

  /** The OAuth grants a hint may name. */
  public enum Grant {
    /** The authorization code flow with PKCE: a user signs in. */
    AUTHORIZATION_CODE,
    /** The client credentials grant: the configured client itself, no user. */
    CLIENT_CREDENTIALS
  }

  /** Checks that a grant comes with an endpoint or a discovery document; freezes the scopes. */
  public AuthServerHint {
    Objects.requireNonNull(owner, "owner");
    scopes = scopes == null ? List.of() : List.copyOf(scopes);
    if (grant != null && tokenEndpoint == null && openIdConfiguration == null) {
      throw new IllegalArgumentException("a tokenEndpoint or an openIdConfiguration is required");
    }
    if (grant == Grant.AUTHORIZATION_CODE
        && openIdConfiguration == null
        && authorizationEndpoint == null) {
      throw new IllegalArgumentException("the authorization code grant needs an endpoint");
    }
  }

  /** A hint that only names the owner: the server announced no grant nor endpoints. */
  public static AuthServerHint named(String owner) {
    return new AuthServerHint(owner, null, null, null, null, List.of());
  }

  /** Whether the hint names a grant and where to use it (not only the owner). */
  public boolean announcesServer() {
    return grant != null;
  }
}
