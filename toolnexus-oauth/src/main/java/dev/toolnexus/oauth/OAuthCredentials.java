package dev.toolnexus.oauth;

import dev.toolnexus.auth.AuthServerHint;
import dev.toolnexus.auth.AuthSettings;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.oauth.internal.BearerChallenge;
import dev.toolnexus.oauth.internal.ClientMetadata;
import dev.toolnexus.oauth.internal.OAuthHttp;
import dev.toolnexus.oauth.internal.TokenReplies;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signs in to OAuth-protected servers (MCP servers, A2A agents) as the MCP authorization pages
 * describe, for any transport that takes an {@link HttpAuth}. When a server answers 401, its
 * protected resource metadata and its authorization server's metadata are discovered, and the
 * authorization code flow runs with PKCE (S256), the {@code resource} parameter naming the server
 * and the scopes the challenge or the metadata names. The user's part goes to the {@link UserStep};
 * the redirect is caught on 127.0.0.1. Tokens are kept in the {@link TokenStore}, refreshed shortly
 * before they expire and on a 401, and re-requested with more scopes when a server answers 403
 * {@code insufficient_scope}. Tokens and secrets are never logged nor put in messages.
 *
 * <p>The client identity is, in order: the configured client id (and secret), the configured client
 * id metadata document URL when the authorization server accepts those, then dynamic client
 * registration when the server offers it.
 *
 * <p>With a {@link Builder#serverHint hint} (an A2A agent card's security scheme), a server that
 * publishes no protected resource metadata is signed in to at the hint's endpoints, and a hint that
 * names the client credentials grant gets tokens for the configured client without a user,
 * requested again when they expire.
 */
public final class OAuthCredentials implements HttpAuth {
  private static final Logger log = LoggerFactory.getLogger(OAuthCredentials.class);

  private final Builder options;
  private final ClientMetadata metadata;
  private final OAuthHttp http;
  private final SignIn signIn;
  private final Map<String, Object> locks = new ConcurrentHashMap<>();
  private final Map<String, Discovered> discovered = new ConcurrentHashMap<>();
  private final Map<String, String> signedIn = new ConcurrentHashMap<>();

  private record Discovered(ClientMetadata.Resource resource, ClientMetadata.Server server) {}

  private OAuthCredentials(Builder b) {
    this.options = b.copy();
    this.http = new OAuthHttp(b.requestTimeout);
    this.metadata = new ClientMetadata(http);
    this.signIn = new SignIn(options, http);
  }

  /** A builder: every option has a default (an in-memory store, a free redirect port). */
  public static Builder builder() {
    return new Builder();
  }

  /** The store key of {@code resource}: its canonical URI and the configured client. */
  public String storeKey(URI resource) {
    String client =
        options.clientId != null
            ? options.clientId
            : options.metadataDocumentUrl != null ? options.metadataDocumentUrl : "dynamic";
    return ClientMetadata.canonical(resource) + " " + client;
  }

  @Override
  public String authorizationHeader(URI resource) {
    String key = storeKey(resource);
    Optional<StoredToken> stored = options.store.load(key);
    if (stored.isEmpty()) {
      stored = covering(resource);
      if (stored.isEmpty()) {
        return null;
      }
      options.store.save(key, stored.get());
    }
    StoredToken t = stored.get();
    if (expiring(t) && t.refreshToken() == null && clientCredentials()) {
      synchronized (lock(key)) {
        StoredToken now = options.store.load(key).orElse(t);
        if (Objects.equals(now.accessToken(), t.accessToken())) {
          now = requestClientToken(key, resource, t.scopes());
        }
        t = now;
      }
    } else if (expiring(t) && t.refreshToken() != null) {
      synchronized (lock(key)) {
        StoredToken now = options.store.load(key).orElse(t);
        if (Objects.equals(now.accessToken(), t.accessToken())) {
          now = refresh(key, t);
        }
        t = now;
      }
    }
    return t == null ? null : "Bearer " + t.accessToken();
  }

  @Override
  public boolean onUnauthorized(URI resource, int status, String wwwAuthenticate) {
    BearerChallenge challenge = BearerChallenge.parse(wwwAuthenticate);
    String error = challenge.get("error");
    if (status == 403 && !"insufficient_scope".equals(error)) {
      return false;
    }
    String key = storeKey(resource);
    synchronized (lock(key)) {
      StoredToken stored = options.store.load(key).orElse(null);
      if (status == 401 && stored != null && stored.refreshToken() != null) {
        StoredToken refreshed = refresh(key, stored);
        if (refreshed != null) {
          return true;
        }
      }
      if (clientCredentials()) {
        List<String> scopes = scopes(challenge, null, status == 403 ? stored : null);
        requestClientToken(key, resource, scopes);
        return true;
      }
      Discovered d = discover(resource, challenge.get("resource_metadata"));
      List<String> scopes = scopes(challenge, d.resource(), status == 403 ? stored : null);
      log.info(
          "OAuth: signing in to {} at {} (scopes {})",
          d.resource().resource(),
          d.server().issuer(),
          scopes);
      StoredToken token = signIn.run(d.resource(), d.server(), scopes, stored);
      options.store.save(key, token);
      signedIn.put(ClientMetadata.canonical(URI.create(token.resource())), key);
      log.info("OAuth: signed in to {} as client {}", token.resource(), token.clientId());
      return true;
    }
  }

  /**
   * A token this object signed in for a protected resource that covers {@code resource} (the same
   * URI or one below it), such as the token an A2A agent's card asked for, good for its endpoint on
   * the same resource; so one sign-in serves every URL of the resource.
   */
  private Optional<StoredToken> covering(URI resource) {
    String canonical = ClientMetadata.canonical(resource);
    for (Map.Entry<String, String> e : signedIn.entrySet()) {
      String named = e.getKey();
      if (canonical.equals(named) || canonical.startsWith(named + "/")) {
        Optional<StoredToken> t = options.store.load(e.getValue());
        if (t.isPresent()) {
          return t;
        }
      }
    }
    return Optional.empty();
  }

  /** Forgets the tokens of {@code resource} (signing out locally). */
  public void signOut(URI resource) {
    options.store.remove(storeKey(resource));
  }

  private boolean expiring(StoredToken t) {
    return t.expiresAt() != null
        && !Instant.now().plus(options.refreshSkew).isBefore(t.expiresAt());
  }

  /** The refreshed token, stored; null (the old one forgotten) when the refresh is refused. */
  private StoredToken refresh(String key, StoredToken t) {
    Map<String, String> form = new LinkedHashMap<>();
    form.put("grant_type", "refresh_token");
    form.put("refresh_token", t.refreshToken());
    form.put("resource", t.resource());
    try {
      OAuthHttp.Reply r =
          http.postForm(
              URI.create(t.tokenEndpoint()),
              form,
              t.clientId(),
              t.clientSecret(),
              basicAuthAt(t.tokenEndpoint()));
      StoredToken next =
          TokenReplies.token(
              r,
              "refreshing the token",
              t.resource(),
              t.issuer(),
              t.tokenEndpoint(),
              t.clientId(),
              t.clientSecret(),
              t.scopes(),
              t.refreshToken());
      options.store.save(key, next);
      log.debug("OAuth: refreshed the token for {}", t.resource());
      return next;
    } catch (IllegalStateException e) {
      log.info("OAuth: {}; a new sign-in is needed", e.getMessage());
      return null;
    }
  }

  /**
   * Whether a client with a secret authenticates to {@code tokenEndpoint} with HTTP Basic: as the
   * metadata discovered in this JVM says; HTTP Basic (the default method) when none was.
   */
  private boolean basicAuthAt(String tokenEndpoint) {
    for (Discovered d : discovered.values()) {
      if (d.server().tokenEndpoint().toString().equals(tokenEndpoint)) {
        return d.server().basicAuth();
      }
    }
    return true;
  }

  private Discovered discover(URI endpoint, String metadataUrl) {
    String canonical = ClientMetadata.canonical(endpoint);
    Discovered known = discovered.get(canonical);
    if (known != null && metadataUrl == null) {
      return known;
    }
    ClientMetadata.Resource r;
    try {
      r = metadata.resource(endpoint, metadataUrl);
    } catch (IllegalStateException none) {
      if (options.hint == null || !options.hint.announcesServer()) {
        throw none;
      }
      log.info(
          "OAuth: {}; using the endpoints {} announces", none.getMessage(), options.hint.owner());
      Discovered d =
          new Discovered(
              new ClientMetadata.Resource(canonical, List.of(), options.hint.scopes()),
              hintedServer());
      discovered.put(canonical, d);
      return d;
    }
    String named = ClientMetadata.canonical(URI.create(r.resource()));
    if (!(canonical.equals(named) || canonical.startsWith(named + "/"))) {
      throw new IllegalStateException(
          "OAuth: the protected resource metadata of "
              + endpoint
              + " is for another resource, "
              + r.resource());
    }
    ClientMetadata.Server s = metadata.server(r.authorizationServers().get(0));
    Discovered d = new Discovered(r, s);
    discovered.put(canonical, d);
    return d;
  }

  private boolean clientCredentials() {
    return options.hint != null && options.hint.grant() == AuthServerHint.Grant.CLIENT_CREDENTIALS;
  }

  /** The authorization server the hint names: its discovery document, else its endpoints. */
  private ClientMetadata.Server hintedServer() {
    AuthServerHint h = options.hint;
    if (h.openIdConfiguration() != null) {
      return metadata.serverAt(h.openIdConfiguration());
    }
    URI token = h.tokenEndpoint();
    String issuer = token.getScheme() + "://" + token.getRawAuthority();
    return new ClientMetadata.Server(
        issuer, h.authorizationEndpoint(), token, null, false, false, List.of());
  }

  /** A client credentials token for {@code resource}, stored under {@code key}. */
  private StoredToken requestClientToken(String key, URI resource, List<String> scopes) {
    String owner = options.hint.owner();
    if (options.clientId == null || options.clientSecret == null) {
      throw new IllegalStateException(
          "OAuth: "
              + owner
              + " asks for the client credentials grant; configure auth.clientId and"
              + " auth.clientSecret");
    }
    URI endpoint =
        options.hint.tokenEndpoint() != null
            ? options.hint.tokenEndpoint()
            : hintedServer().tokenEndpoint();
    SignIn.requireSecure(endpoint, "token endpoint");
    String canonical = ClientMetadata.canonical(resource);
    Map<String, String> form = new LinkedHashMap<>();
    form.put("grant_type", "client_credentials");
    if (!scopes.isEmpty()) {
      form.put("scope", String.join(" ", scopes));
    }
    form.put("resource", canonical);
    OAuthHttp.Reply r = http.postForm(endpoint, form, options.clientId, options.clientSecret);
    StoredToken token =
        TokenReplies.token(
            r,
            "requesting a client credentials token for " + owner,
            canonical,
            endpoint.getScheme() + "://" + endpoint.getRawAuthority(),
            endpoint.toString(),
            options.clientId,
            null,
            scopes,
            null);
    options.store.save(key, token);
    log.info("OAuth: obtained a client credentials token for {} as {}", owner, options.clientId);
    return token;
  }

  /**
   * The scopes to ask for: the challenge's (plus the configured ones), else the configured ones,
   * else every scope the resource names; on a step-up also the ones already granted.
   */
  private List<String> scopes(
      BearerChallenge c, ClientMetadata.Resource r, StoredToken alreadyGranted) {
    Set<String> out = new LinkedHashSet<>();
    if (alreadyGranted != null) {
      out.addAll(alreadyGranted.scopes());
    }
    String s = c.get("scope");
    if (s != null && !s.isBlank()) {
      out.addAll(Arrays.asList(s.trim().split("\\s+")));
    }
    out.addAll(options.scopes);
    if (out.isEmpty() && r != null) {
      out.addAll(r.scopesSupported());
    }
    if (out.isEmpty() && options.hint != null) { // the scopes the card names
      out.addAll(options.hint.scopes());
    }
    return new ArrayList<>(out);
  }

  private Object lock(String key) {
    return locks.computeIfAbsent(key, k -> new Object());
  }

  /** Names the client and the store; never a secret or token. */
  @Override
  public String toString() {
    return "OAuthCredentials[client="
        + (options.clientId != null ? options.clientId : "dynamic")
        + ", store="
        + options.store
        + "]";
  }

  /** Options of {@link OAuthCredentials}. */
  public static final class Builder {
    String clientId;
    String clientSecret;
    List<String> scopes = List.of();
    int redirectPort;
    TokenStore store = TokenStore.inMemory();
    String metadataDocumentUrl;
    UserStep userStep;
    String clientName = "toolnexus";
    Duration loginTimeout = Duration.ofMinutes(5);
    Duration refreshSkew = Duration.ofSeconds(30);
    Duration requestTimeout = Duration.ofSeconds(30);
    AuthServerHint hint;

    private Builder() {}

    /**
     * What the server announced about signing in (an A2A agent card's security scheme): its
     * endpoints are used when the server publishes no protected resource metadata, and a client
     * credentials hint gets tokens without a user.
     */
    public Builder serverHint(AuthServerHint hint) {
      this.hint = hint;
      return this;
    }

    /**
     * Takes the client id and secret, scopes, redirect port and token store of a config file's
     * {@code auth} block (its secret already expanded); the store named as {@link TokenStore#named}
     * reads it.
     */
    public Builder settings(AuthSettings settings) {
      clientId = settings.clientId();
      clientSecret = settings.clientSecret();
      scopes = settings.scopes();
      redirectPort = settings.redirectPort();
      store = TokenStore.named(settings.tokenStore());
      return this;
    }

    /** A client id registered with the authorization server beforehand (preferred first). */
    public Builder clientId(String clientId) {
      this.clientId = clientId;
      return this;
    }

    /** The pre-registered client's secret; none for a public client. */
    public Builder clientSecret(String clientSecret) {
      this.clientSecret = clientSecret;
      return this;
    }

    /** Scopes always asked for, besides the ones a server's challenge names. */
    public Builder scopes(String... scopes) {
      this.scopes = List.of(scopes);
      return this;
    }

    /** The loopback redirect's port on 127.0.0.1; 0 (the default) for a free one. */
    public Builder redirectPort(int port) {
      this.redirectPort = port;
      return this;
    }

    /** Where tokens are kept; in memory by default. */
    public Builder tokenStore(TokenStore store) {
      this.store = Objects.requireNonNull(store, "store");
      return this;
    }

    /**
     * The HTTPS URL of this client's metadata document, used as the client id by authorization
     * servers that accept those (second choice, after a pre-registered id).
     */
    public Builder clientMetadataDocument(String url) {
      this.metadataDocumentUrl = url;
      return this;
    }

    /** Hands the user the authorization URL; without one a sign-in fails with a message. */
    public Builder userStep(UserStep step) {
      this.userStep = step;
      return this;
    }

    /** The client name sent with dynamic registration; {@code toolnexus} by default. */
    public Builder clientName(String name) {
      this.clientName = Objects.requireNonNull(name, "name");
      return this;
    }

    /** How long the user has to sign in; five minutes by default. */
    public Builder loginTimeout(Duration timeout) {
      this.loginTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /** How long before its expiry an access token is refreshed; 30 seconds by default. */
    public Builder refreshSkew(Duration skew) {
      this.refreshSkew = Objects.requireNonNull(skew, "skew");
      return this;
    }

    /** The bound of each metadata, registration and token request; 30 seconds by default. */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /** The credentials. */
    public OAuthCredentials build() {
      return new OAuthCredentials(this);
    }

    private Builder copy() {
      Builder b = new Builder();
      b.clientId = clientId;
      b.clientSecret = clientSecret;
      b.scopes = List.copyOf(scopes);
      b.redirectPort = redirectPort;
      b.store = store;
      b.metadataDocumentUrl = metadataDocumentUrl;
      b.userStep = userStep;
      b.clientName = clientName;
      b.loginTimeout = loginTimeout;
      b.refreshSkew = refreshSkew;
      b.requestTimeout = requestTimeout;
      b.hint = hint;
      return b;
    }
  }
}
