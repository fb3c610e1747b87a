package dev.toolnexus.oauth;

import dev.toolnexus.oauth.internal.ClientMetadata;
import dev.toolnexus.oauth.internal.ClientRegistration;
import dev.toolnexus.oauth.internal.LoopbackListener;
import dev.toolnexus.oauth.internal.OAuthHttp;
import dev.toolnexus.oauth.internal.Pkce;
import dev.toolnexus.oauth.internal.Redirects;
import dev.toolnexus.oauth.internal.SignInTimedOut;
import dev.toolnexus.oauth.internal.TokenReplies;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One authorization code sign-in with PKCE: the client identity chosen, the user's step run, the
 * redirect caught on the loopback listener (or completed by the host), the code exchanged.
 */
final class SignIn {
  private final OAuthCredentials.Builder options;
  private final OAuthHttp http;

  SignIn(OAuthCredentials.Builder options, OAuthHttp http) {
    this.options = options;
    this.http = http;
  }

  /**
   * Signs in to {@code resource} at {@code server} for {@code scopes}; {@code previous} (may be
   * null) supplies a dynamically registered client to reuse.
   */
  StoredToken run(
      ClientMetadata.Resource resource,
      ClientMetadata.Server server,
      List<String> scopes,
      StoredToken previous) {
    if (options.userStep == null) {
      throw new IllegalStateException(
          "OAuth: "
              + resource.resource()
              + " needs a sign-in and no user step is configured (OAuthCredentials.builder()"
              + ".userStep(..))");
    }
    requireSecure(server.authorizationEndpoint(), "authorization endpoint");
    requireSecure(server.tokenEndpoint(), "token endpoint");
    Pkce pkce = Pkce.create();
    String state = Pkce.random();
    PendingLogin[] pending = new PendingLogin[1];
    java.util.concurrent.CompletableFuture<PendingLogin> ready =
        new java.util.concurrent.CompletableFuture<>();
    try (LoopbackListener listener =
        LoopbackListener.start(
            options.redirectPort,
            params -> {
              PendingLogin p = ready.join();
              try {
                p.code().complete(Redirects.code(params, state, p.issuer(), p.issRequired()));
              } catch (IllegalArgumentException e) {
                p.code().completeExceptionally(e);
              }
            })) {
      URI redirect = listener.redirectUri();
      ClientRegistration.Client client = client(server, redirect, scopes, previous);
      URI url =
          authorizationUrl(server, client.clientId(), redirect, scopes, state, pkce, resource);
      pending[0] =
          new PendingLogin(url, redirect, state, server.issuer(), server.issParameterSupported());
      ready.complete(pending[0]);
      options.userStep.begin(pending[0]);
      String code = await(pending[0]);
      Map<String, String> form = new LinkedHashMap<>();
      form.put("grant_type", "authorization_code");
      form.put("code", code);
      form.put("redirect_uri", redirect.toString());
      form.put("code_verifier", pkce.verifier());
      form.put("resource", resource.resource());
      OAuthHttp.Reply r =
          http.postForm(
              server.tokenEndpoint(),
              form,
              client.clientId(),
              client.clientSecret(),
              client.basicAuth(server));
      return TokenReplies.token(
          r,
          "exchanging the authorization code",
          resource.resource(),
          server.issuer(),
          server.tokenEndpoint().toString(),
          client.clientId(),
          client.clientSecret(),
          scopes,
          null);
    }
  }

  private ClientRegistration.Client client(
      ClientMetadata.Server server, URI redirect, List<String> scopes, StoredToken previous) {
    if (options.clientId != null) {
      return new ClientRegistration.Client(options.clientId, options.clientSecret);
    }
    if (options.metadataDocumentUrl != null && server.clientIdMetadataDocuments()) {
      return new ClientRegistration.Client(options.metadataDocumentUrl, null);
    }
    if (previous != null
        && previous.clientId() != null
        && server.issuer().equals(previous.issuer())) {
      return new ClientRegistration.Client(previous.clientId(), previous.clientSecret());
    }
    if (server.registrationEndpoint() != null) {
      return ClientRegistration.register(
          http, server.registrationEndpoint(), options.clientName, redirect, scopes);
    }
    throw new IllegalStateException(
        "OAuth: the authorization server "
            + server.issuer()
            + " offers no client registration"
            + (options.metadataDocumentUrl != null ? " nor client id metadata documents" : "")
            + "; configure a pre-registered client id (OAuthCredentials.builder().clientId(..))");
  }

  private static URI authorizationUrl(
      ClientMetadata.Server server,
      String clientId,
      URI redirect,
      List<String> scopes,
      String state,
      Pkce pkce,
      ClientMetadata.Resource resource) {
    Map<String, String> q = new LinkedHashMap<>();
    q.put("response_type", "code");
    q.put("client_id", clientId);
    q.put("redirect_uri", redirect.toString());
    if (!scopes.isEmpty()) {
      q.put("scope", String.join(" ", scopes));
    }
    q.put("state", state);
    q.put("code_challenge", pkce.challenge());
    q.put("code_challenge_method", "S256");
    q.put("resource", resource.resource());
    StringBuilder b = new StringBuilder(server.authorizationEndpoint().toString());
    b.append(server.authorizationEndpoint().getRawQuery() == null ? '?' : '&');
    q.forEach(
        (k, v) ->
            b.append(k)
                .append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8))
                .append('&'));
    b.setLength(b.length() - 1);
    return URI.create(b.toString());
  }

  private String await(PendingLogin p) {
    Duration t = options.loginTimeout;
    try {
      return p.code().get(t.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new SignInTimedOut(t);
    } catch (ExecutionException e) {
      throw new IllegalStateException("OAuth: " + e.getCause().getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.util.concurrent.CancellationException("interrupted while signing in");
    }
  }

  /** Endpoints are HTTPS, except on this machine's loopback interface. */
  static void requireSecure(URI uri, String what) {
    if ("https".equalsIgnoreCase(uri.getScheme())) {
      return;
    }
    try {
      if ("http".equalsIgnoreCase(uri.getScheme())
          && InetAddress.getByName(uri.getHost()).isLoopbackAddress()) {
        return;
      }
    } catch (java.net.UnknownHostException e) {
      // not resolvable: not loopback
    }
    throw new IllegalStateException("OAuth: the " + what + " " + uri + " is not HTTPS");
  }
}
