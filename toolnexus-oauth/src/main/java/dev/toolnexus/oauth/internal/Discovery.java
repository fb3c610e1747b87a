package dev.toolnexus.oauth.internal;

import com.nimbusds.oauth2.sdk.GeneralException;
import com.nimbusds.oauth2.sdk.as.AuthorizationServerMetadata;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import java.io.IOException;
import java.net.URI;

/**
 * An authorization server's metadata, read from its issuer URL: RFC 8414's {@code
 * /.well-known/oauth-authorization-server} first, then OpenID Connect discovery.
 */
public final class Discovery {
  private Discovery() {}

  /** Where the server publishes its keys and, when it offers it, introspects tokens. */
  public record Endpoints(URI jwksUri, URI introspectionEndpoint) {}

  /**
   * The endpoints of {@code issuer}.
   *
   * @throws IllegalStateException naming the issuer when neither document can be read
   */
  public static Endpoints of(String issuer) {
    Issuer iss = new Issuer(issuer);
    String first;
    try {
      AuthorizationServerMetadata m = AuthorizationServerMetadata.resolve(iss);
      return new Endpoints(m.getJWKSetURI(), m.getIntrospectionEndpointURI());
    } catch (GeneralException | IOException e) {
      first = e.getMessage();
    }
    try {
      OIDCProviderMetadata m = OIDCProviderMetadata.resolve(iss);
      return new Endpoints(m.getJWKSetURI(), m.getIntrospectionEndpointURI());
    } catch (GeneralException | IOException e) {
      throw new IllegalStateException(
          "cannot read the metadata of the authorization server "
              + issuer
              + " (RFC 8414: "
              + first
              + "; OpenID discovery: "
              + e.getMessage()
              + ")",
          e);
    }
  }
}
