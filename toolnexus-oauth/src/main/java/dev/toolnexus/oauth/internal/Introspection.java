package dev.toolnexus.oauth.internal;

import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.TokenIntrospectionRequest;
import com.nimbusds.oauth2.sdk.TokenIntrospectionResponse;
import com.nimbusds.oauth2.sdk.TokenIntrospectionSuccessResponse;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.id.Audience;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.token.BearerAccessToken;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Checks opaque access tokens by asking the authorization server (RFC 7662), as the resource server
 * client that may: the token must be active, issued by the issuer, meant for this resource (when
 * the answer names an audience) and not expired.
 */
public final class Introspection {
  private final URI endpoint;
  private final ClientSecretBasic auth;
  private final String issuer;
  private final String resource;
  private final Duration clockSkew;

  /** Introspection at {@code endpoint} as {@code clientId} with {@code clientSecret}. */
  public Introspection(
      URI endpoint,
      String clientId,
      String clientSecret,
      String issuer,
      String resource,
      Duration clockSkew) {
    this.endpoint = endpoint;
    this.auth = new ClientSecretBasic(new ClientID(clientId), new Secret(clientSecret));
    this.issuer = issuer;
    this.resource = resource;
    this.clockSkew = clockSkew;
  }

  /** Checks {@code token}; the reason of an invalid one never contains the token. */
  public TokenCheck check(String token) {
    TokenIntrospectionResponse response;
    try {
      response =
          TokenIntrospectionResponse.parse(
              new TokenIntrospectionRequest(endpoint, auth, new BearerAccessToken(token))
                  .toHTTPRequest()
                  .send());
    } catch (IOException | ParseException e) {
      return new TokenCheck.Invalid(
          "the access token could not be introspected at " + endpoint + ": " + e.getMessage());
    }
    if (!response.indicatesSuccess()) {
      return new TokenCheck.Invalid(
          "the authorization server refused to introspect the access token ("
              + response.toErrorResponse().getErrorObject().getCode()
              + ")");
    }
    TokenIntrospectionSuccessResponse answer = response.toSuccessResponse();
    if (!answer.isActive()) {
      return new TokenCheck.Invalid("the access token is not active (revoked, expired or unknown)");
    }
    if (answer.getIssuer() != null && !issuer.equals(answer.getIssuer().getValue())) {
      return new TokenCheck.Invalid("the access token was not issued by " + issuer);
    }
    List<Audience> audiences = answer.getAudience();
    if (audiences != null
        && !audiences.isEmpty()
        && audiences.stream().noneMatch(a -> resource.equals(a.getValue()))) {
      return new TokenCheck.Invalid("the access token is not for " + resource);
    }
    if (answer.getExpirationTime() != null
        && answer.getExpirationTime().toInstant().plus(clockSkew).isBefore(Instant.now())) {
      return new TokenCheck.Invalid("the access token has expired");
    }
    String subject =
        answer.getSubject() != null
            ? answer.getSubject().getValue()
            : answer.getClientID() == null ? null : answer.getClientID().getValue();
    Set<String> scopes =
        answer.getScope() == null ? Set.of() : Set.copyOf(answer.getScope().toStringList());
    return new TokenCheck.Valid(subject, scopes);
  }
}
