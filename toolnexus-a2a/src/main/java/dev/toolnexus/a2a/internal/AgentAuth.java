package dev.toolnexus.a2a.internal;

import dev.toolnexus.WaitFor;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.auth.AuthServerHint;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.auth.HttpAuthFactory;
import java.net.URI;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * How one agent is signed in to, decided once its card is read: the {@link HttpAuth} of its
 * options, or the one the toolnexus-oauth module makes of its auth settings (with the card's OAuth
 * scheme as the hint), and what the card asks for that nothing configured gives. Messages name the
 * agent and the setting to add, never a value.
 */
final class AgentAuth {
  private AgentAuth() {}

  /**
   * The outcome: the auth to sign requests with (null for none), or the problem that keeps the
   * agent from being used.
   */
  record Resolved(HttpAuth auth, String problem) {}

  /** The status reason of an agent whose sign-in cannot happen now. */
  static String needsAuth(AuthRequiredException e) {
    return "needs_auth: "
        + e.getMessage()
        + "; load with a waitFor that hands the user the authorization URL";
  }

  /**
   * The auth of an agent's {@code auth} block for reading its card, before the card names how to
   * sign in: used only when the card URL itself answers 401, its challenge then naming the
   * authorization server; null when the block cannot be served (the card's reading reports that).
   */
  static CardAuth forCard(AgentOptions options, WaitFor waitFor) {
    String owner = owner(options);
    Optional<HttpAuthFactory> factory = HttpAuthFactory.find();
    if (options.authSettings() == null || factory.isEmpty()) {
      return null;
    }
    try {
      AuthSettings expanded = options.authSettings().expanded(options.env(), owner);
      return new CardAuth(
          factory
              .get()
              .create(
                  options.id(),
                  options.card(),
                  expanded,
                  waitFor,
                  AuthServerHint.named(owner),
                  options.timeout()));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String owner(AgentOptions options) {
    return "agent \"" + options.id() + "\"";
  }

  /**
   * Decides the auth once the card is read; {@code cardAuth} (may be null) is the one that signed
   * the card in after a 401, kept for every call so the user signs in once.
   */
  static Resolved resolve(
      AgentOptions options, CardSecurity security, Card card, WaitFor waitFor, CardAuth cardAuth) {
    String owner = owner(options);
    Set<String> headers = new HashSet<>();
    options.headers().keySet().forEach(k -> headers.add(k.toLowerCase(Locale.ROOT)));
    HttpAuth auth = options.auth();
    AuthSettings settings = options.authSettings();
    if (auth == null && cardAuth != null && cardAuth.used()) {
      auth = cardAuth;
    } else if (auth == null && settings != null) {
      Optional<HttpAuthFactory> factory = HttpAuthFactory.find();
      if (factory.isEmpty()) {
        return new Resolved(
            null,
            owner
                + "'s \"auth\" block needs the toolnexus-oauth module on the class path"
                + " (dev.toolnexus:toolnexus-oauth); without it the agent cannot sign in");
      }
      AuthSettings expanded;
      try {
        expanded = settings.expanded(options.env(), owner);
      } catch (IllegalArgumentException e) {
        return new Resolved(null, e.getMessage());
      }
      AuthServerHint hint = security.hint(owner, expanded.clientSecret() != null);
      auth =
          factory
              .get()
              .create(options.id(), card.endpoint(), expanded, waitFor, hint, options.timeout());
      if (waitFor == null
          && security.requiresSignIn()
          && hint.grant() != AuthServerHint.Grant.CLIENT_CREDENTIALS
          && auth.authorizationHeader(card.endpoint()) == null) {
        return new Resolved(
            null, needsAuth(new AuthRequiredException(owner + " needs an OAuth sign-in")));
      }
    }
    String missing = security.missing(owner, options.id(), headers, auth != null);
    return new Resolved(missing == null ? auth : null, missing);
  }

  /** An agent's auth for its card, remembering whether the card asked for it (a 401 or 403). */
  static final class CardAuth implements HttpAuth {
    private final HttpAuth delegate;
    private volatile boolean used;

    CardAuth(HttpAuth delegate) {
      this.delegate = delegate;
    }

    /** Whether the card was refused and this auth asked to renew. */
    boolean used() {
      return used;
    }

    @Override
    public String authorizationHeader(URI resource) {
      return delegate.authorizationHeader(resource);
    }

    @Override
    public boolean onUnauthorized(URI resource, int status, String wwwAuthenticate) {
      used = true;
      return delegate.onUnauthorized(resource, status, wwwAuthenticate);
    }

    @Override
    public String toString() {
      return delegate.toString();
    }
  }
}
