package dev.toolnexus.oauth.internal;

import dev.toolnexus.WaitFor;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.auth.AuthServerHint;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.auth.HttpAuthFactory;
import dev.toolnexus.oauth.OAuthCredentials;
import java.net.URI;

/**
 * The {@link HttpAuthFactory} of this module (found by {@link java.util.ServiceLoader}): a server's
 * {@code auth} block becomes {@link OAuthCredentials} whose user step is the run's {@code waitFor}.
 */
public final class OAuthAuthFactory implements HttpAuthFactory {

  /** The factory (a service provider needs a public no-argument constructor). */
  public OAuthAuthFactory() {}

  @Override
  public HttpAuth create(String name, URI resource, AuthSettings settings, WaitFor waitFor) {
    return create(name, resource, settings, waitFor, null);
  }

  /** The credentials, with {@code hint} (may be null) naming the owner and the card's endpoints. */
  @Override
  public HttpAuth create(
      String name, URI resource, AuthSettings settings, WaitFor waitFor, AuthServerHint hint) {
    String owner = hint == null ? "MCP server \"" + name + "\"" : hint.owner();
    WaitForStep step = new WaitForStep(name, owner, waitFor);
    OAuthCredentials credentials =
        OAuthCredentials.builder().settings(settings).userStep(step).serverHint(hint).build();
    return new HttpAuth() {
      @Override
      public String authorizationHeader(URI r) {
        return credentials.authorizationHeader(r);
      }

      @Override
      public boolean onUnauthorized(URI r, int status, String wwwAuthenticate) {
        try {
          return credentials.onUnauthorized(r, status, wwwAuthenticate);
        } catch (AuthRequiredException e) {
          throw e;
        } catch (IllegalStateException e) {
          if (step.declined() != null) {
            throw new AuthRequiredException("the sign-in to " + owner + " was " + step.declined());
          }
          throw e;
        }
      }

      @Override
      public String toString() {
        return credentials.toString();
      }
    };
  }
}
