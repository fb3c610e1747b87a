package dev.toolnexus.oauth.internal;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Finds what a client needs before signing in: the protected resource metadata (from the
 * challenge's {@code resource_metadata}, else the well-known URIs, path-suffixed first, then the
 * root) and the authorization server's metadata (OAuth metadata, then OpenID discovery).
 */
public final class ClientMetadata {
  private final OAuthHttp http;

  /** Lookups through {@code http}. */
  public ClientMetadata(OAuthHttp http) {
    this.http = http;
  }

  /**
   * What the protected resource publishes.
   *
   * @param resource its canonical URI, the {@code resource} parameter to send
   * @param authorizationServers the issuers it trusts, first preferred
   * @param scopesSupported the scopes it names; empty when it names none
   */
  public record Resource(
      String resource, List<String> authorizationServers, List<String> scopesSupported) {}

  /**
   * What the authorization server publishes.
   *
   * @param issuer its issuer identifier
   * @param authorizationEndpoint where the user signs in
   * @param tokenEndpoint where codes and refresh tokens are exchanged
   * @param registrationEndpoint dynamic client registration; null when not offered
   * @param clientIdMetadataDocuments whether client ids may be metadata document URLs
   * @param issParameterSupported whether its authorization responses always carry {@code iss} (RFC
   *     9207), so that one without it must be refused
   * @param tokenEndpointAuthMethods the client authentication methods its token endpoint takes;
   *     empty when it names none ({@code client_secret_basic} is then the default)
   */
  public record Server(
      String issuer,
      URI authorizationEndpoint,
      URI tokenEndpoint,
      URI registrationEndpoint,
      boolean clientIdMetadataDocuments,
      boolean issParameterSupported,
      List<String> tokenEndpointAuthMethods) {
    /** The same server; the list copied. */
    public Server {
      tokenEndpointAuthMethods = List.copyOf(tokenEndpointAuthMethods);
    }

    /**
     * Whether a client with a secret authenticates with HTTP Basic: unless the server names methods
     * that leave {@code client_secret_basic} out and include {@code client_secret_post}.
     */
    public boolean basicAuth() {
      return tokenEndpointAuthMethods.isEmpty()
          || tokenEndpointAuthMethods.contains("client_secret_basic")
          || !tokenEndpointAuthMethods.contains("client_secret_post");
    }
  }

  /** The protected resource metadata of {@code endpoint}. */
  public Resource resource(URI endpoint, String metadataUrl) {
    List<URI> tries = new ArrayList<>();
    if (metadataUrl != null && !metadataUrl.isBlank()) {
      tries.add(endpoint.resolve(metadataUrl));
    }
    String origin = origin(endpoint);
    String path = path(endpoint);
    if (!path.isEmpty()) {
      tries.add(URI.create(origin + "/.well-known/oauth-protected-resource" + path));
    }
    tries.add(URI.create(origin + "/.well-known/oauth-protected-resource"));
    for (URI uri : tries) {
      OAuthHttp.Reply r = http.get(uri);
      if (r.status() == 200 && r.body().get("resource") instanceof String res) {
        List<String> servers = strings(r.body().get("authorization_servers"));
        if (servers.isEmpty()) {
          throw new IllegalStateException(
              "OAuth: the protected resource metadata at "
                  + uri
                  + " names no authorization_servers");
        }
        return new Resource(res, servers, strings(r.body().get("scopes_supported")));
      }
    }
    throw new IllegalStateException(
        "OAuth: "
            + endpoint
            + " asks for a sign-in but publishes no protected resource metadata (tried "
            + tries
            + ")");
  }

  /**
   * The metadata of the authorization server {@code issuer}.
   *
   * @throws IllegalStateException when none is found, or the server does not offer PKCE with S256
   */
  public Server server(String issuer) {
    URI iss = URI.create(issuer);
    String origin = origin(iss);
    String path = path(iss);
    List<URI> tries = new ArrayList<>();
    if (path.isEmpty()) {
      tries.add(URI.create(origin + "/.well-known/oauth-authorization-server"));
      tries.add(URI.create(origin + "/.well-known/openid-configuration"));
    } else {
      tries.add(URI.create(origin + "/.well-known/oauth-authorization-server" + path));
      tries.add(URI.create(origin + "/.well-known/openid-configuration" + path));
      tries.add(URI.create(origin + path + "/.well-known/openid-configuration"));
    }
    for (URI uri : tries) {
      Server found = serverOf(http.get(uri), issuer);
      if (found != null) {
        // RFC 8414: metadata for another issuer than the one looked up must not be used
        if (!found.issuer().equals(issuer)) {
          throw new IllegalStateException(
              "OAuth: the authorization server metadata at "
                  + uri
                  + " is for issuer "
                  + found.issuer()
                  + ", not "
                  + issuer);
        }
        return found;
      }
    }
    throw new IllegalStateException(
        "OAuth: no authorization server metadata for " + issuer + " (tried " + tries + ")");
  }

  /**
   * The authorization server metadata at {@code document} (an OpenID discovery document an A2A
   * agent card names).
   *
   * @throws IllegalStateException when it is not there, or the server does not offer PKCE with S256
   */
  public Server serverAt(URI document) {
    Server found = serverOf(http.get(document), document.toString());
    if (found == null) {
      throw new IllegalStateException("OAuth: no authorization server metadata at " + document);
    }
    return found;
  }

  private static Server serverOf(OAuthHttp.Reply r, String issuer) {
    if (r.status() != 200 || !(r.body().get("authorization_endpoint") instanceof String)) {
      return null;
    }
    Map<String, Object> m = r.body();
    List<String> methods = strings(m.get("code_challenge_methods_supported"));
    if (!methods.contains("S256")) {
      throw new IllegalStateException(
          "OAuth: the authorization server "
              + issuer
              + (methods.isEmpty()
                  ? " does not say it supports PKCE"
                  : " offers PKCE only with " + methods)
              + "; signing in needs PKCE with S256");
    }
    Object reg = m.get("registration_endpoint");
    return new Server(
        m.get("issuer") instanceof String s ? s : issuer,
        URI.create((String) m.get("authorization_endpoint")),
        URI.create(String.valueOf(m.get("token_endpoint"))),
        reg instanceof String rs ? URI.create(rs) : null,
        Boolean.TRUE.equals(m.get("client_id_metadata_document_supported")),
        Boolean.TRUE.equals(m.get("authorization_response_iss_parameter_supported")),
        strings(m.get("token_endpoint_auth_methods_supported")));
  }

  /** The canonical form of a resource URI: lower-case scheme and host, no query or fragment. */
  public static String canonical(URI uri) {
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    if (path.equals("/")) {
      path = "";
    }
    return origin(uri) + path;
  }

  private static String origin(URI u) {
    String scheme = u.getScheme().toLowerCase(Locale.ROOT);
    int port = u.getPort();
    boolean defaultPort =
        port < 0
            || (scheme.equals("http") && port == 80)
            || (scheme.equals("https") && port == 443);
    return scheme + "://" + u.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
  }

  private static String path(URI u) {
    String p = u.getRawPath() == null ? "" : u.getRawPath();
    while (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  private static List<String> strings(Object v) {
    List<String> out = new ArrayList<>();
    if (v instanceof List<?> l) {
      for (Object o : l) {
        if (o instanceof String s) {
          out.add(s);
        }
      }
    }
    return out;
  }
}
