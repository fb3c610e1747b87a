package dev.toolnexus.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.Test;

/** Which redirects a tool follows and what the next request carries. */
class RedirectsTest {

  private static HttpRequest request(String method, String url) {
    return HttpRequest.newBuilder(URI.create(url))
        .method(
            method,
            method.equals("POST")
                ? HttpRequest.BodyPublishers.ofString("{}")
                : HttpRequest.BodyPublishers.noBody())
        .header("Authorization", "Bearer t")
        .header("X-Key", "k")
        .header("Content-Type", "application/json")
        .header("X-Trace", "1")
        .build();
  }

  private static HttpResponse<String> response(
      HttpRequest request, int status, String... location) {
    HttpHeaders headers =
        HttpHeaders.of(
            location.length == 0 ? Map.of() : Map.of("Location", List.of(location[0])),
            (a, b) -> true);
    return new HttpResponse<>() {
      @Override
      public int statusCode() {
        return status;
      }

      @Override
      public HttpRequest request() {
        return request;
      }

      @Override
      public Optional<HttpResponse<String>> previousResponse() {
        return Optional.empty();
      }

      @Override
      public HttpHeaders headers() {
        return headers;
      }

      @Override
      public String body() {
        return "";
      }

      @Override
      public Optional<SSLSession> sslSession() {
        return Optional.empty();
      }

      @Override
      public URI uri() {
        return request.uri();
      }

      @Override
      public HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
      }
    };
  }

  private static Optional<HttpRequest> next(HttpRequest r, int status, String... location) {
    return Redirects.next(r, response(r, status, location), Set.of("X-Key"));
  }

  @Test
  void httpsIsNeverDowngradedToHttp() {
    HttpRequest r = request("GET", "https://api.test/a");

    assertThat(next(r, 302, "http://api.test/b")).isEmpty();
  }

  @Test
  void relativeLocationResolvesAgainstTheRequest() {
    HttpRequest r = request("GET", "https://api.test/v1/a?x=1");

    assertThat(next(r, 301, "../v2/b").orElseThrow().uri())
        .isEqualTo(URI.create("https://api.test/v2/b"));
  }

  @Test
  void sameOriginKeepsEveryHeader() {
    HttpRequest r = request("GET", "https://api.test/a");

    HttpRequest n = next(r, 302, "/b").orElseThrow();

    assertThat(n.headers().map().keySet())
        .containsExactlyInAnyOrder("Authorization", "X-Key", "Content-Type", "X-Trace");
  }

  @Test
  void anotherPortIsAnotherOrigin() {
    HttpRequest r = request("GET", "https://api.test/a");

    HttpRequest n = next(r, 307, "https://api.test:8443/b").orElseThrow();

    assertThat(n.headers().map().keySet()).containsExactlyInAnyOrder("Content-Type", "X-Trace");
  }

  @Test
  void temporaryAndPermanentRedirectKeepMethodWhileSeeOtherBecomesGet() {
    HttpRequest post = request("POST", "https://api.test/a");

    assertThat(next(post, 307, "/b").orElseThrow().method()).isEqualTo("POST");
    assertThat(next(post, 308, "/b").orElseThrow().method()).isEqualTo("POST");
    assertThat(next(post, 302, "/b").orElseThrow().method()).isEqualTo("GET");
    HttpRequest seeOther = next(post, 303, "/b").orElseThrow();
    assertThat(seeOther.method()).isEqualTo("GET");
    assertThat(seeOther.headers().firstValue("Content-Type")).isEmpty();
    assertThat(next(request("HEAD", "https://api.test/a"), 303, "/b").orElseThrow().method())
        .isEqualTo("HEAD");
    assertThat(next(request("PUT", "https://api.test/a"), 301, "/b").orElseThrow().method())
        .isEqualTo("PUT");
  }

  @Test
  void notARedirectOrNoUsableLocationIsNotFollowed() {
    HttpRequest r = request("GET", "https://api.test/a");

    assertThat(next(r, 200, "/b")).isEmpty();
    assertThat(next(r, 304, "/b")).isEmpty();
    assertThat(next(r, 302)).isEmpty();
    assertThat(next(r, 302, "ftp://api.test/b")).isEmpty();
    assertThat(next(r, 302, "http://bad host/")).isEmpty();
  }
}
