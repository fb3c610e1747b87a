package dev.toolnexus.a2a.internal;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A real JDK HTTP client that also keeps every request it sends, so a test can read the timeout
 * each request was given.
 */
final class RecordingHttpClient extends HttpClient {
  final List<HttpRequest> sent = new CopyOnWriteArrayList<>();
  private final HttpClient http = HttpClient.newHttpClient();

  /** The timeouts of the POSTs (the JSON-RPC calls), in order. */
  List<Duration> postTimeouts() {
    return sent.stream()
        .filter(r -> r.method().equals("POST"))
        .map(r -> r.timeout().orElseThrow())
        .toList();
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return http.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return http.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return http.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return http.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return http.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return http.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return http.authenticator();
  }

  @Override
  public Version version() {
    return http.version();
  }

  @Override
  public Optional<Executor> executor() {
    return http.executor();
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    sent.add(request);
    return http.send(request, handler);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    sent.add(request);
    return http.sendAsync(request, handler);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> push) {
    sent.add(request);
    return http.sendAsync(request, handler, push);
  }
}
