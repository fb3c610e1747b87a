package dev.toolnexus.oauth.internal;

import dev.toolnexus.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The client's requests to metadata, registration and token endpoints: JSON asked for with {@code
 * Accept: application/json}; failures name the endpoint and the server's {@code error}, never a
 * token or secret sent or received.
 */
public final class OAuthHttp {
  private final HttpClient http;
  private final Duration timeout;

  /** Requests bounded by {@code timeout} each; redirects are not followed. */
  public OAuthHttp(Duration timeout) {
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /** A response: its status and JSON object body (empty when the body is not a JSON object). */
  public record Reply(int status, Map<String, Object> body) {}

  /** GETs a JSON document. */
  public Reply get(URI uri) {
    return send(HttpRequest.newBuilder(uri).GET(), uri);
  }

  /** POSTs a JSON document. */
  public Reply postJson(URI uri, Map<String, Object> body) {
    return send(
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))),
        uri);
  }

  /**
   * POSTs a form to a token endpoint, authenticating with HTTP Basic when {@code clientSecret} is
   * set (else the form carries {@code client_id}).
   */
  public Reply postForm(URI uri, Map<String, String> form, String clientId, String clientSecret) {
    return postForm(uri, form, clientId, clientSecret, true);
  }

  /**
   * POSTs a form to a token endpoint; a client with a secret authenticates with HTTP Basic ({@code
   * client_secret_basic}) when {@code basic}, else with {@code client_id} and {@code client_secret}
   * in the form ({@code client_secret_post}); one without carries just {@code client_id}.
   */
  public Reply postForm(
      URI uri, Map<String, String> form, String clientId, String clientSecret, boolean basic) {
    StringJoiner body = new StringJoiner("&");
    form.forEach(
        (k, v) -> {
          if (v != null) {
            body.add(enc(k) + "=" + enc(v));
          }
        });
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri).header("Content-Type", "application/x-www-form-urlencoded");
    if (clientSecret != null && basic) {
      String credentials = enc(clientId) + ":" + enc(clientSecret);
      b.header(
          "Authorization",
          "Basic "
              + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
    } else {
      body.add("client_id=" + enc(clientId));
      if (clientSecret != null) {
        body.add("client_secret=" + enc(clientSecret));
      }
    }
    return send(b.POST(HttpRequest.BodyPublishers.ofString(body.toString())), uri);
  }

  private Reply send(HttpRequest.Builder b, URI uri) {
    try {
      HttpResponse<String> r =
          http.send(
              b.header("Accept", "application/json").timeout(timeout).build(),
              HttpResponse.BodyHandlers.ofString());
      Map<String, Object> body;
      try {
        body = Json.parseObject(r.body());
      } catch (RuntimeException notJson) {
        body = Map.of();
      }
      return new Reply(r.statusCode(), body);
    } catch (IOException e) {
      throw new IllegalStateException(
          "OAuth: " + uri + " could not be reached: " + e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.util.concurrent.CancellationException("interrupted");
    }
  }

  /** {@code error (error_description)} of an error reply, for messages; never a token. */
  public static String error(Reply r) {
    Object e = r.body().get("error");
    Object d = r.body().get("error_description");
    return "HTTP " + r.status() + (e == null ? "" : ": " + e) + (d == null ? "" : " (" + d + ")");
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
