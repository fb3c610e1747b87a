package dev.toolnexus.oauth;

import dev.toolnexus.oauth.internal.Redirects;
import java.net.URI;
import java.util.concurrent.CompletableFuture;

/**
 * A sign-in waiting for the user: the authorization URL to open and the redirect URI the
 * authorization server will send the browser back to. The loopback listener completes it when the
 * redirect arrives; a host that catches the redirect itself calls {@link #complete} with the URL
 * (or just the code). {@link #toString()} shows no code.
 */
public final class PendingLogin {
  private final URI authorizationUrl;
  private final URI redirectUri;
  private final String state;
  private final String issuer;
  private final boolean issRequired;
  private final CompletableFuture<String> code = new CompletableFuture<>();

  PendingLogin(URI authorizationUrl, URI redirectUri, String state) {
    this(authorizationUrl, redirectUri, state, null, false);
  }

  /**
   * A sign-in at the authorization server {@code issuer}, whose redirect's {@code iss} must match
   * it (and be there when {@code issRequired}).
   */
  PendingLogin(
      URI authorizationUrl, URI redirectUri, String state, String issuer, boolean issRequired) {
    this.authorizationUrl = authorizationUrl;
    this.redirectUri = redirectUri;
    this.state = state;
    this.issuer = issuer;
    this.issRequired = issRequired;
  }

  /** The URL the user opens to sign in and consent. */
  public URI authorizationUrl() {
    return authorizationUrl;
  }

  /** Where the authorization server redirects the browser afterwards. */
  public URI redirectUri() {
    return redirectUri;
  }

  /**
   * Completes the sign-in with the redirect URL the browser arrived at ({@code code} and {@code
   * state} are read from it and the state checked, and its {@code iss} against the authorization
   * server's issuer) or with the bare authorization code.
   *
   * @throws IllegalArgumentException when the URL carries an error, no code, another state or
   *     another issuer
   */
  public void complete(String redirectUrlOrCode) {
    code.complete(Redirects.code(redirectUrlOrCode, state, issuer, issRequired));
  }

  String issuer() {
    return issuer;
  }

  boolean issRequired() {
    return issRequired;
  }

  /** Fails the sign-in (the user cancelled, or the redirect carried an error). */
  public void fail(String reason) {
    code.completeExceptionally(new IllegalStateException(reason));
  }

  /** Whether the sign-in has been completed or failed. */
  public boolean isDone() {
    return code.isDone();
  }

  CompletableFuture<String> code() {
    return code;
  }

  @Override
  public String toString() {
    return "PendingLogin[" + authorizationUrl + "]";
  }
}
