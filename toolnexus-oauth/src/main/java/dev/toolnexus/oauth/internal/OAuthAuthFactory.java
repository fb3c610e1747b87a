package dev.toolnexus.oauth.internal;

import dev.toolnexus.WaitFor;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.auth.AuthServerHint;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.auth.HttpAuthFactory;
import dev.toolnexus.oauth.OAuthCredentials;
import java.net.URI;
import java.time.Duration;

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
    return create(name, resource, settings, waitFor, hint, null);
  }

  /**
   * The credentials; a sign-in the user has not completed within {@code signInTimeout} (null for
   * five minutes) ends the wait, withdraws the authorization request and leaves the server needing
   * a sign-in.
   */
  @Override
  public HttpAuth create(
      String name,
      URI resource,
      AuthSettings settings,
      WaitFor waitFor,
      AuthServerHint hint,
      Duration signInTimeout) {
    String owner = hint == null ? "MCP server \"" + name + "\"" : hint.owner();
    WaitForStep step = new WaitForStep(name, owner, waitFor);
    OAuthCredentials.Builder builder =
        OAuthCredentials.builder().settings(settings).userStep(step).serverHint(hint);
    if (signInTimeout != null) {
      builder.loginTimeout(signInTimeout);
    }
    OAuthCredentials credentials = builder.build();
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
        } catch (SignInTimedOut e) {
          step.withdraw();
          throw new AuthRequiredException(
              "the sign-in to "
                  + owner
                  + " was not completed within its timeout of "
                  + SignInTimedOut.text(e.timeout()));
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
