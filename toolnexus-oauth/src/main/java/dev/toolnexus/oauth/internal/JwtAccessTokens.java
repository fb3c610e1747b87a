package dev.toolnexus.oauth.internal;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.jwt.proc.ExpiredJWTException;
import java.net.URL;
import java.text.ParseException;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Checks JWT access tokens: the signature against the authorization server's key set (fetched once,
 * cached, and fetched again when a token names a key it has not seen, so a rotation needs no
 * restart), the {@code at+jwt} or {@code JWT} type and the expiry with a clock skew, then the
 * issuer and the audience (this resource).
 */
public final class JwtAccessTokens {
  private static final Set<JWSAlgorithm> ALGORITHMS =
      Set.of(
          JWSAlgorithm.RS256,
          JWSAlgorithm.RS384,
          JWSAlgorithm.RS512,
          JWSAlgorithm.PS256,
          JWSAlgorithm.PS384,
          JWSAlgorithm.PS512,
          JWSAlgorithm.ES256,
          JWSAlgorithm.ES384,
          JWSAlgorithm.ES512,
          JWSAlgorithm.Ed25519,
          JWSAlgorithm.EdDSA);

  private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
  private final String issuer;
  private final String resource;

  /** Tokens of {@code issuer} for {@code resource}, signed by a key of {@code jwksUri}. */
  public JwtAccessTokens(String issuer, String resource, URL jwksUri, Duration clockSkew) {
    this.issuer = issuer;
    this.resource = resource;
    JWKSource<SecurityContext> keys = JWKSourceBuilder.create(jwksUri).retrying(true).build();
    processor.setJWSTypeVerifier(
        new DefaultJOSEObjectTypeVerifier<>(
            new JOSEObjectType("at+jwt"), JOSEObjectType.JWT, null));
    processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
    DefaultJWTClaimsVerifier<SecurityContext> claims =
        new DefaultJWTClaimsVerifier<>(null, null, Set.of("exp"), null);
    claims.setMaxClockSkew((int) Math.min(Integer.MAX_VALUE, clockSkew.toSeconds()));
    processor.setJWTClaimsSetVerifier(claims);
  }

  /** Whether {@code token} looks like a JWT (three dot-separated parts) rather than opaque. */
  public static boolean looksLikeJwt(String token) {
    int first = token.indexOf('.');
    return first > 0 && token.indexOf('.', first + 1) > first + 1;
  }

  /** Checks {@code token}; the reason of an invalid one never contains the token. */
  public TokenCheck check(String token) {
    JWTClaimsSet claims;
    try {
      claims = processor.process(token, null);
    } catch (ParseException e) {
      return new TokenCheck.Invalid("the access token is not a well-formed JWT");
    } catch (ExpiredJWTException e) {
      return new TokenCheck.Invalid("the access token has expired");
    } catch (BadJWTException e) {
      return new TokenCheck.Invalid(claimsProblem(e));
    } catch (BadJOSEException e) {
      return new TokenCheck.Invalid(
          "the access token's signature or type does not verify against " + issuer + "'s keys");
    } catch (JOSEException e) {
      return new TokenCheck.Invalid("the access token could not be verified: " + e.getMessage());
    }
    if (!issuer.equals(claims.getIssuer())) {
      return new TokenCheck.Invalid("the access token was not issued by " + issuer);
    }
    List<String> audience = claims.getAudience();
    if (audience == null || !audience.contains(resource)) {
      return new TokenCheck.Invalid("the access token is not for " + resource);
    }
    String subject = claims.getSubject();
    if (subject == null) {
      Object client = claims.getClaim("client_id");
      subject = client == null ? null : client.toString();
    }
    return new TokenCheck.Valid(
        subject, Scopes.of(claims.getClaim("scope"), claims.getClaim("scp")));
  }

  private static String claimsProblem(BadJWTException e) {
    String m = String.valueOf(e.getMessage());
    if (m.contains("missing required claims")) {
      return "the access token has no expiry (exp)";
    }
    if (m.contains("before use time")) {
      return "the access token is not valid yet";
    }
    return "the access token's claims are not accepted";
  }
}
