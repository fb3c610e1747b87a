package dev.toolnexus.oauth;

import dev.toolnexus.Json;
import dev.toolnexus.oauth.internal.Challenges;
import dev.toolnexus.oauth.internal.Discovery;
import dev.toolnexus.oauth.internal.Introspection;
import dev.toolnexus.oauth.internal.JwtAccessTokens;
import dev.toolnexus.oauth.internal.TokenCheck;
import dev.toolnexus.server.auth.AuthOutcome;
import dev.toolnexus.server.auth.Authenticator;
import java.net.MalformedURLException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A served toolkit as an OAuth 2.1 protected resource: every request must carry an access token
 * from the configured authorization server, meant for this resource (its canonical URI as the
 * audience), unexpired and granting the required scopes; a tool may need more scopes. JWT access
 * tokens are checked against the server's published keys, opaque ones by introspection. Refusals
 * are 401 or 403 with the {@code WWW-Authenticate} challenge MCP clients follow, naming the
 * protected resource metadata this class also serves. Pass it to {@code
 * McpServeOptions.builder().authenticator(..)} (or the A2A options).
 *
 * <pre>{@code
 * OAuthResourceServer oauth = OAuthResourceServer.builder()
 *     .issuer("https://auth.example.com")
 *     .resource("https://tools.example.com/mcp")
 *     .scopes("tools:read")
 *     .toolScopes(Map.of("delete_repo", List.of("tools:admin")))
 *     .build();
 * McpServe.http(toolkit, McpServeOptions.builder().authenticator(oauth).build());
 * }</pre>
 */
public final class OAuthResourceServer implements Authenticator {
  private final String issuer;
  private final String resource;
  private final List<String> scopes;
  private final Map<String, List<String>> toolScopes;
  private final JwtAccessTokens jwt;
  private final Introspection introspection;
  private final String metadataUrl;
  private final Map<String, String> documents;

  private OAuthResourceServer(Builder b, JwtAccessTokens jwt, Introspection introspection) {
    this.issuer = b.issuer;
    this.resource = b.resource;
    this.scopes = List.copyOf(b.scopes);
    this.toolScopes = Map.copyOf(b.toolScopes);
    this.jwt = jwt;
    this.introspection = introspection;
    URI r = URI.create(resource);
    String path = r.getRawPath() == null || r.getRawPath().equals("/") ? "" : r.getRawPath();
    String origin = r.getScheme() + "://" + r.getRawAuthority();
    this.metadataUrl = origin + "/.well-known/oauth-protected-resource" + path;
    String doc = Json.write(metadata());
    Map<String, String> docs = new LinkedHashMap<>();
    docs.put("/.well-known/oauth-protected-resource" + path, doc);
    docs.put("/.well-known/oauth-protected-resource", doc);
    this.documents = Map.copyOf(docs);
  }

  /** A builder; {@link Builder#issuer} and {@link Builder#resource} are required. */
  public static Builder builder() {
    return new Builder();
  }

  /** The resource's canonical URI, the audience its tokens must name. */
  public String resource() {
    return resource;
  }

  /** Where the protected resource metadata is served, as its challenges name it. */
  public String metadataUrl() {
    return metadataUrl;
  }

  /** The protected resource metadata (RFC 9728) this resource publishes. */
  public Map<String, Object> metadata() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("resource", resource);
    m.put("authorization_servers", List.of(issuer));
    Set<String> all = new TreeSet<>(scopes);
    toolScopes.values().forEach(all::addAll);
    if (!all.isEmpty()) {
      m.put("scopes_supported", List.copyOf(all));
    }
    m.put("bearer_methods_supported", List.of("header"));
    return m;
  }

  @Override
  public AuthOutcome authenticate(String authorization) {
    if (authorization == null
        || authorization.length() <= 7
        || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return new AuthOutcome.Refused(
          401,
          Challenges.missing(metadataUrl, scopes),
          "Unauthorized: an access token is required");
    }
    String token = authorization.substring(7).trim();
    TokenCheck check = check(token);
    if (check instanceof TokenCheck.Invalid invalid) {
      return new AuthOutcome.Refused(
          401,
          Challenges.invalid(metadataUrl, invalid.reason()),
          "Unauthorized: " + invalid.reason());
    }
    TokenCheck.Valid valid = (TokenCheck.Valid) check;
    AuthOutcome.Allowed caller = new AuthOutcome.Allowed(valid.subject(), valid.scopes());
    return needs(caller, scopes, "this server needs");
  }

  @Override
  public AuthOutcome authorizeTool(AuthOutcome.Allowed caller, String tool) {
    List<String> needed = toolScopes.get(tool);
    return needed == null ? caller : needs(caller, needed, "tool " + tool + " needs");
  }

  @Override
  public Map<String, String> documents() {
    return documents;
  }

  private TokenCheck check(String token) {
    if (JwtAccessTokens.looksLikeJwt(token) && jwt != null) {
      return jwt.check(token);
    }
    if (introspection != null) {
      return introspection.check(token);
    }
    return new TokenCheck.Invalid(
        "the access token is not a JWT and no introspection is configured");
  }

  private AuthOutcome needs(AuthOutcome.Allowed caller, List<String> needed, String who) {
    List<String> missing = new ArrayList<>();
    for (String s : needed) {
      if (!caller.scopes().contains(s)) {
        missing.add(s);
      }
    }
    if (missing.isEmpty()) {
      return caller;
    }
    Set<String> ask = new LinkedHashSet<>(caller.scopes());
    ask.addAll(needed);
    String reason = who + " scope " + String.join(" ", missing);
    return new AuthOutcome.Refused(
        403, Challenges.insufficient(metadataUrl, ask, reason), "Forbidden: " + reason);
  }

  /** Shows the issuer, resource and scopes; there is no secret to hide but the client secret. */
  @Override
  public String toString() {
    return "OAuthResourceServer[issuer="
        + issuer
        + ", resource="
        + resource
        + ", scopes="
        + scopes
        + ", toolScopes="
        + toolScopes
        + ", introspection="
        + (introspection == null ? "off" : "on")
        + "]";
  }

  /** Builds an {@link OAuthResourceServer}; every setter returns this builder. */
  public static final class Builder {
    private String issuer;
    private String resource;
    private final List<String> scopes = new ArrayList<>();
    private final Map<String, List<String>> toolScopes = new LinkedHashMap<>();
    private URI jwksUri;
    private String introspectionClientId;
    private String introspectionClientSecret;
    private Duration clockSkew = Duration.ofSeconds(60);

    private Builder() {}

    /** The authorization server's issuer URL; its metadata says where its keys are. */
    public Builder issuer(String value) {
      this.issuer = value;
      return this;
    }

    /**
     * This resource's canonical URI (for example {@code https://tools.example.com/mcp}): the
     * audience its tokens must name, and where its metadata's well-known path is derived from.
     */
    public Builder resource(String value) {
      this.resource = value;
      return this;
    }

    /** Scopes every request's token must grant. */
    public Builder scopes(String... values) {
      return scopes(List.of(values));
    }

    /** Scopes every request's token must grant. */
    public Builder scopes(List<String> values) {
      scopes.clear();
      scopes.addAll(values);
      return this;
    }

    /** Scopes a call of each named tool needs besides {@link #scopes}. */
    public Builder toolScopes(Map<String, List<String>> value) {
      toolScopes.clear();
      value.forEach((tool, s) -> toolScopes.put(tool, List.copyOf(s)));
      return this;
    }

    /** The key set to check JWTs against, instead of the one the issuer's metadata names. */
    public Builder jwksUri(URI value) {
      this.jwksUri = value;
      return this;
    }

    /**
     * Checks opaque tokens by introspection at the issuer's introspection endpoint, as this client
     * (the resource server's own registration).
     */
    public Builder introspection(String clientId, String clientSecret) {
      this.introspectionClientId = Objects.requireNonNull(clientId, "clientId");
      this.introspectionClientSecret = Objects.requireNonNull(clientSecret, "clientSecret");
      return this;
    }

    /** How far an expiry may be in the past and still count, for clock drift (default 60 s). */
    public Builder clockSkew(Duration value) {
      if (value == null || value.isNegative()) {
        throw new IllegalArgumentException("clockSkew must be zero or positive, got " + value);
      }
      this.clockSkew = value;
      return this;
    }

    /**
     * The resource server. Reads the issuer's metadata unless {@link #jwksUri} is given and
     * introspection is off.
     *
     * @throws IllegalArgumentException when the issuer or resource is missing or not an absolute
     *     http(s) URI
     * @throws IllegalStateException naming the issuer when its metadata cannot be read
     */
    public OAuthResourceServer build() {
      requireHttpUri(issuer, "issuer");
      requireHttpUri(resource, "resource");
      URI keys = jwksUri;
      URI introspect = null;
      if (keys == null || introspectionClientId != null) {
        Discovery.Endpoints found = Discovery.of(issuer);
        keys = keys != null ? keys : found.jwksUri();
        introspect = found.introspectionEndpoint();
        if (introspectionClientId != null && introspect == null) {
          throw new IllegalStateException(
              "the authorization server " + issuer + " offers no introspection endpoint");
        }
      }
      JwtAccessTokens jwt;
      try {
        jwt = keys == null ? null : new JwtAccessTokens(issuer, resource, keys.toURL(), clockSkew);
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("jwksUri: not a URL: " + keys, e);
      }
      Introspection intro =
          introspectionClientId == null
              ? null
              : new Introspection(
                  introspect,
                  introspectionClientId,
                  introspectionClientSecret,
                  issuer,
                  resource,
                  clockSkew);
      if (jwt == null && intro == null) {
        throw new IllegalStateException(
            "the authorization server "
                + issuer
                + " publishes no key set (jwks_uri): give"
                + " jwksUri(..) or introspection(..)");
      }
      return new OAuthResourceServer(this, jwt, intro);
    }

    private static void requireHttpUri(String value, String field) {
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException(field + " is required");
      }
      URI u;
      try {
        u = URI.create(value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(field + ": not a URI: " + value, e);
      }
      if (!u.isAbsolute()
          || u.getHost() == null
          || !("https".equals(u.getScheme()) || "http".equals(u.getScheme()))) {
        throw new IllegalArgumentException(
            field + ": must be an absolute http(s) URI, got " + value);
      }
      if (u.getRawFragment() != null) {
        throw new IllegalArgumentException(field + ": must have no fragment, got " + value);
      }
    }
  }
}
