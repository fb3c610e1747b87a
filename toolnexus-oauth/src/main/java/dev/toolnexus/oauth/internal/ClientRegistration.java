package dev.toolnexus.oauth.internal;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Dynamic client registration: a public native client with a loopback redirect. */
public final class ClientRegistration {
  private ClientRegistration() {}

  /**
   * A registered client.
   *
   * @param clientId the id the server assigned
   * @param clientSecret its secret, or null for a public client
   * @param authMethod the token endpoint authentication method the server registered it with; null
   *     when not said (the server's metadata then decides)
   */
  public record Client(String clientId, String clientSecret, String authMethod) {
    /** A client whose authentication method the server's metadata decides. */
    public Client(String clientId, String clientSecret) {
      this(clientId, clientSecret, null);
    }

    /** Whether this client authenticates to {@code server}'s token endpoint with HTTP Basic. */
    public boolean basicAuth(ClientMetadata.Server server) {
      if ("client_secret_post".equals(authMethod)) {
        return false;
      }
      return "client_secret_basic".equals(authMethod) || server.basicAuth();
    }

    @Override
    public String toString() {
      return "Client[" + clientId + "]";
    }
  }

  /** Registers a client named {@code name} redirecting to {@code redirectUri}. */
  public static Client register(
      OAuthHttp http, URI endpoint, String name, URI redirectUri, List<String> scopes) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("client_name", name);
    body.put("redirect_uris", List.of(redirectUri.toString()));
    body.put("grant_types", List.of("authorization_code", "refresh_token"));
    body.put("response_types", List.of("code"));
    body.put("token_endpoint_auth_method", "none");
    body.put("application_type", "native");
    if (!scopes.isEmpty()) {
      body.put("scope", String.join(" ", scopes));
    }
    OAuthHttp.Reply r = http.postJson(endpoint, body);
    if ((r.status() != 201 && r.status() != 200)
        || !(r.body().get("client_id") instanceof String id)) {
      throw new IllegalStateException(
          "OAuth: registering a client at " + endpoint + " failed: " + OAuthHttp.error(r));
    }
    Object secret = r.body().get("client_secret");
    Object method = r.body().get("token_endpoint_auth_method");
    return new Client(
        id, secret instanceof String s ? s : null, method instanceof String m ? m : null);
  }
}
