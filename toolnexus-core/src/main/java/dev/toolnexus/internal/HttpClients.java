package dev.toolnexus.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import javax.net.ssl.SSLParameters;

/**
 * JDK HTTP clients and requests configured for the URL they talk to. Plain {@code http://} goes out
 * as HTTP/1.1: the JDK's default (HTTP/2) would put an {@code Upgrade: h2c} header on every new
 * plain connection, which no LLM endpoint or local server takes up. A client built for a plain
 * {@code http://} endpoint also defers the TLS context until a TLS connection is made.
 */
public final class HttpClients {
  private HttpClients() {}

  /** Whether {@code uri} is plain (unencrypted) HTTP. */
  public static boolean plain(URI uri) {
    return "http".equalsIgnoreCase(uri.getScheme());
  }

  /**
   * A client builder for {@code endpoint}: {@link #configureFor configured for it}, and for plain
   * {@code http://} with no executor hop; for {@code https://}, the JDK's defaults (HTTP/2
   * negotiated in the TLS handshake).
   *
   * <p>For plain {@code http://} the client runs its dependent tasks where they arise instead of
   * handing each to its own worker pool: the exchange starts on the sending thread and the response
   * is completed on the client's selector thread, so a blocked {@code send} wakes one thread hop
   * sooner. That is safe for HTTP/1.1 without TLS as long as the body handlers given to the client
   * never block (the JDK's own do not: they only hand bytes over); a client whose handlers may wait
   * on other work (a library's reactive pipeline) should use {@link #configureFor} instead.
   */
  public static HttpClient.Builder builderFor(URI endpoint) {
    HttpClient.Builder b = configureFor(HttpClient.newBuilder(), endpoint);
    if (plain(endpoint)) {
      b.executor(Runnable::run);
    }
    return b;
  }

  /**
   * Configures {@code b} for {@code endpoint}: for plain {@code http://}, HTTP/1.1 and a TLS
   * context loaded only if a TLS connection is ever made; for {@code https://}, nothing. Returns
   * {@code b}.
   */
  public static HttpClient.Builder configureFor(HttpClient.Builder b, URI endpoint) {
    if (plain(endpoint)) {
      b.version(HttpClient.Version.HTTP_1_1);
      b.sslContext(LazySslContext.ofDefault());
      // given here so the client does not ask the context for its defaults when it is built
      b.sslParameters(new SSLParameters(null, new String[] {"TLSv1.3", "TLSv1.2"}));
    }
    return b;
  }

  /**
   * Sets HTTP/1.1 on a request to a plain {@code http://} URI, whatever the client's default, so
   * that no {@code Upgrade: h2c} header is sent; a request to {@code https://} is left as is.
   */
  public static HttpRequest.Builder versionFor(HttpRequest.Builder request, URI uri) {
    return plain(uri) ? request.version(HttpClient.Version.HTTP_1_1) : request;
  }
}
