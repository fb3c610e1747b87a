package dev.toolnexus.auth;

import dev.toolnexus.WaitFor;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Turns a server's {@code auth} block into the {@link HttpAuth} its transport uses. Found with
 * {@link ServiceLoader}: the toolnexus-oauth module provides one, so a config file can ask for
 * OAuth without the modules that read it depending on an OAuth library.
 */
public interface HttpAuthFactory {

  /**
   * The credentials for one server.
   *
   * @param name the server's name in the config, for messages
   * @param resource the server's URL (the protected resource)
   * @param settings its auth block, with the client secret already expanded
   * @param waitFor the host slot that hands the user the authorization URL (an {@code
   *     authorization} request); null when nobody can sign in now, so a needed sign-in fails with
   *     {@link AuthRequiredException}
   */
  HttpAuth create(String name, URI resource, AuthSettings settings, WaitFor waitFor);

  /**
   * The credentials for one server that also announced how to sign in ({@code hint}, such as an A2A
   * agent card's security scheme), used when the server publishes no OAuth metadata of its own. By
   * default the hint is ignored.
   *
   * @param hint what the server announced; null for none
   */
  default HttpAuth create(
      String name, URI resource, AuthSettings settings, WaitFor waitFor, AuthServerHint hint) {
    return create(name, resource, settings, waitFor);
  }

  /**
   * As {@link #create(String, URI, AuthSettings, WaitFor, AuthServerHint)}, with the user's part of
   * a sign-in bounded by {@code signInTimeout} (the server's or agent's configured timeout): a user
   * who has not signed in by then leaves the server needing a sign-in ({@link
   * AuthRequiredException} naming it and the timeout) instead of holding its connection. By default
   * the bound is ignored.
   *
   * @param signInTimeout how long the user has to sign in; null for the factory's own default
   */
  default HttpAuth create(
      String name,
      URI resource,
      AuthSettings settings,
      WaitFor waitFor,
      AuthServerHint hint,
      Duration signInTimeout) {
    return create(name, resource, settings, waitFor, hint);
  }

  /** The first factory on the class path, if any. */
  static Optional<HttpAuthFactory> find() {
    return ServiceLoader.load(HttpAuthFactory.class, HttpAuthFactory.class.getClassLoader())
        .findFirst();
  }
}
