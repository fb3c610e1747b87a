package dev.toolnexus.cli;

import dev.toolnexus.oauth.OAuthResourceServer;
import java.util.List;

/** {@code serve --oauth-issuer}: the served toolkit as an OAuth protected resource. */
final class OAuthServing {
  private OAuthServing() {}

  /**
   * The resource server the flags describe; {@code token} is the static token, which it replaces.
   *
   * @throws CliException for a missing or bad flag, or an issuer whose metadata cannot be read
   */
  static OAuthResourceServer resourceServer(ServeCommand cmd, String token) {
    if (cmd.oauthResource == null || cmd.oauthResource.isBlank()) {
      throw CliException.usage(
          "--oauth-issuer needs --oauth-resource: this server's canonical URI, the audience its"
              + " tokens name");
    }
    if (token != null) {
      throw CliException.usage(
          "--oauth-issuer replaces the bearer token: leave out --token and unset TOOLNEXUS_TOKEN");
    }
    try {
      return OAuthResourceServer.builder()
          .issuer(cmd.oauthIssuer)
          .resource(cmd.oauthResource)
          .scopes(cmd.oauthScopes == null ? List.of() : cmd.oauthScopes)
          .build();
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--oauth-" + e.getMessage());
    } catch (IllegalStateException e) {
      throw new CliException("--oauth-issuer: " + e.getMessage());
    }
  }
}
