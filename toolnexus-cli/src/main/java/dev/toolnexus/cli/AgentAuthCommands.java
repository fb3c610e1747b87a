package dev.toolnexus.cli;

import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.a2a.internal.AgentSignIn;
import dev.toolnexus.auth.AuthServerHint;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.internal.ConfigDocument;
import dev.toolnexus.oauth.OAuthCredentials;
import dev.toolnexus.oauth.StoredToken;
import dev.toolnexus.oauth.TokenStore;
import dev.toolnexus.oauth.UserStep;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code toolnexus auth} for the A2A agents of a config's {@code agents} section that have an
 * {@code auth} block. An agent's tokens are kept under its card's endpoint (where its calls go), as
 * a run keeps them, so the login reads the card first; a card that itself answers 401 is signed in
 * to from its challenge, and its token kept under the card URL too. Tokens are never printed.
 */
final class AgentAuthCommands {
  private final Path config;
  private final Io io;

  AgentAuthCommands(Path config, Io io) {
    this.config = config;
    this.io = io;
  }

  /** The agents of the config by id; empty when it has no {@code agents} section. */
  Map<String, AgentOptions> agents() {
    Object section;
    try {
      section = ConfigDocument.read(config).get("agents");
    } catch (IllegalArgumentException e) {
      throw new CliException(e.getMessage());
    }
    if (section == null) {
      return Map.of();
    }
    try {
      return AgentSignIn.configured(section, config.toString(), io.env()::get);
    } catch (IllegalArgumentException e) {
      throw new CliException(e.getMessage());
    }
  }

  /** The agents with an {@code auth} block. */
  Map<String, AgentOptions> signingIn() {
    Map<String, AgentOptions> out = new LinkedHashMap<>();
    agents()
        .forEach(
            (id, a) -> {
              if (a.authSettings() != null) {
                out.put(id, a);
              }
            });
    return out;
  }

  private static String owner(String id) {
    return "agent \"" + id + "\"";
  }

  private AuthSettings settings(String id, AgentOptions a) {
    if (a.authSettings() == null) {
      throw new CliException(
          owner(id) + " in " + config + " has no \"auth\" block to sign in with");
    }
    try {
      return a.authSettings().expanded(io.env()::get, owner(id));
    } catch (IllegalArgumentException e) {
      throw new CliException(e.getMessage());
    }
  }

  /** Signs in to agent {@code id}: the URL printed to {@code out}, the redirect awaited. */
  void login(String id, AgentOptions a, PrintWriter out) {
    AuthSettings s = settings(id, a);
    if (AuthSettings.MEMORY.equals(s.tokenStore())) {
      throw new CliException(
          owner(id)
              + " keeps its tokens in memory, so a sign-in would end with this command; set"
              + " \"auth\": {\"tokenStore\": \"<file or jdbc:URL>\"} in "
              + config);
    }
    TokenStore real = TokenStore.named(s.tokenStore());
    TokenStore fresh = new FreshStore(real);
    UserStep step =
        login -> {
          out.println("Open this URL in a browser to sign in to " + owner(id) + ":");
          out.println();
          out.println("  " + login.authorizationUrl());
          out.println();
          out.println("Waiting for the redirect to " + login.redirectUri() + " ...");
          out.flush();
        };
    OAuthCredentials cardCredentials =
        OAuthCredentials.builder()
            .settings(s)
            .tokenStore(fresh)
            .userStep(step)
            .serverHint(AuthServerHint.named(owner(id)))
            .build();
    boolean[] cardRefused = new boolean[1];
    HttpAuth forCard =
        new HttpAuth() {
          @Override
          public String authorizationHeader(URI resource) {
            return cardCredentials.authorizationHeader(resource);
          }

          @Override
          public boolean onUnauthorized(URI resource, int status, String challenge) {
            cardRefused[0] = true;
            return cardCredentials.onUnauthorized(resource, status, challenge);
          }
        };
    try {
      AgentSignIn.CardInfo info = card(id, a, forCard);
      if (info.endpoint() == null) {
        throw new CliException(owner(id) + "'s card " + a.card() + " refused the token");
      }
      OAuthCredentials credentials;
      if (cardRefused[0]) {
        credentials = cardCredentials;
        credentials.authorizationHeader(info.endpoint()); // keeps the card's token for the calls
      } else {
        credentials =
            OAuthCredentials.builder()
                .settings(s)
                .tokenStore(fresh)
                .userStep(step)
                .serverHint(info.hint())
                .build();
        AgentSignIn.Answer answer = AgentSignIn.probe(a, info);
        if (answer.status() != 401 && answer.status() != 403) {
          throw new CliException(
              owner(id)
                  + " answered HTTP "
                  + answer.status()
                  + " without asking for a sign-in (no 401)");
        }
        credentials.onUnauthorized(info.endpoint(), answer.status(), answer.challenge());
      }
      StoredToken t =
          real.load(credentials.storeKey(info.endpoint()))
              .orElseThrow(() -> new CliException("signing in to " + owner(id) + " kept no token"));
      out.println("Signed in to " + owner(id) + AuthCommand.describe(t));
    } catch (IllegalStateException e) {
      throw new CliException("signing in to " + owner(id) + " failed: " + e.getMessage());
    } catch (IOException e) {
      throw new CliException("cannot reach " + owner(id) + " at " + a.card() + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while signing in to " + owner(id));
    }
  }

  /** What {@code status} says of agent {@code id}: signed in, expired or not, never a token. */
  String state(String id, AgentOptions a) {
    AuthSettings s;
    try {
      s = settings(id, a);
    } catch (CliException e) {
      return "invalid: " + e.getMessage();
    }
    if (AuthSettings.MEMORY.equals(s.tokenStore())) {
      return "not signed in (tokens are kept in memory, for one run only)";
    }
    TokenStore store = TokenStore.named(s.tokenStore());
    Optional<StoredToken> t;
    try {
      t = store.load(key(s, resource(id, a, store, s)));
    } catch (CliException e) {
      return "unknown: " + e.getMessage();
    }
    if (t.isEmpty()) {
      return "not signed in";
    }
    Instant expires = t.get().expiresAt();
    boolean expired = expires != null && !Instant.now().isBefore(expires);
    return (expired ? "expired" : "signed in") + AuthCommand.describe(t.get());
  }

  /** Forgets agent {@code id}'s tokens (the endpoint's and the card's); whether it had any. */
  boolean logout(String id, AgentOptions a) {
    AuthSettings s = settings(id, a);
    TokenStore store = TokenStore.named(s.tokenStore());
    Set<String> keys = new HashSet<>();
    keys.add(key(s, a.card()));
    try {
      keys.add(key(s, resource(id, a, store, s)));
    } catch (CliException e) {
      // the card cannot be read now: its own token is still forgotten
    }
    boolean had = false;
    for (String k : keys) {
      had |= store.load(k).isPresent();
      store.remove(k);
    }
    return had;
  }

  /**
   * Where the agent's tokens are kept: its endpoint, read from its card (with the card's own stored
   * token when the card answers 401, else the card URL).
   */
  private URI resource(String id, AgentOptions a, TokenStore store, AuthSettings s) {
    Optional<StoredToken> cardToken = store.load(key(s, a.card()));
    HttpAuth stored =
        new HttpAuth() {
          @Override
          public String authorizationHeader(URI resource) {
            return cardToken.map(t -> "Bearer " + t.accessToken()).orElse(null);
          }

          @Override
          public boolean onUnauthorized(URI resource, int status, String challenge) {
            return cardToken.isPresent();
          }
        };
    try {
      AgentSignIn.CardInfo info = card(id, a, stored);
      return info.endpoint() != null ? info.endpoint() : a.card();
    } catch (IOException e) {
      throw new CliException("cannot read its card " + a.card() + ": " + e.getMessage());
    }
  }

  private static AgentSignIn.CardInfo card(String id, AgentOptions a, HttpAuth auth)
      throws IOException {
    try {
      return AgentSignIn.card(a, auth);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while reading the card of " + owner(id));
    }
  }

  private static String key(AuthSettings s, URI resource) {
    return OAuthCredentials.builder().clientId(s.clientId()).build().storeKey(resource);
  }

  /**
   * A token store that hides the tokens it held before this login, so the login signs in anew (no
   * refresh of an old token), and keeps what the login saves in {@code delegate}.
   */
  private static final class FreshStore implements TokenStore {
    private final TokenStore delegate;
    private final Set<String> saved = java.util.concurrent.ConcurrentHashMap.newKeySet();

    FreshStore(TokenStore delegate) {
      this.delegate = delegate;
    }

    @Override
    public Optional<StoredToken> load(String key) {
      return saved.contains(key) ? delegate.load(key) : Optional.empty();
    }

    @Override
    public void save(String key, StoredToken token) {
      saved.add(key);
      delegate.save(key, token);
    }

    @Override
    public void remove(String key) {
      saved.remove(key);
      delegate.remove(key);
    }

    @Override
    public String toString() {
      return delegate.toString();
    }
  }
}
