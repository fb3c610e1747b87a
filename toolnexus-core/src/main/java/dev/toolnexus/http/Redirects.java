package dev.toolnexus.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Redirect following for HTTP tools, done here rather than by the client so that secrets never
 * travel to another origin: a redirect to a different scheme, host or port drops the tool's static
 * headers and every credential header, and https is never downgraded to http.
 */
final class Redirects {
  /** How many redirects one call follows before it reports the last 3xx response. */
  static final int MAX = 5;

  private static final Set<String> CREDENTIALS =
      Set.of("authorization", "cookie", "proxy-authorization");

  private Redirects() {}

  /**
   * The request that follows a redirect response, or empty when the response is not a redirect the
   * call may follow.
   *
   * @param staticHeaders the names of the tool's configured headers, kept on the same origin only
   */
  static Optional<HttpRequest> next(
      HttpRequest request, HttpResponse<?> response, Set<String> staticHeaders) {
    int status = response.statusCode();
    if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308) {
      return Optional.empty();
    }
    Optional<String> location = response.headers().firstValue("Location");
    if (location.isEmpty()) {
      return Optional.empty();
    }
    URI from = request.uri();
    URI to;
    try {
      to = from.resolve(new URI(location.get()));
    } catch (URISyntaxException | IllegalArgumentException e) {
      return Optional.empty();
    }
    String scheme = to.getScheme() == null ? "" : to.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || to.getHost() == null) {
      return Optional.empty();
    }
    if (from.getScheme().equalsIgnoreCase("https") && scheme.equals("http")) {
      return Optional.empty();
    }
    boolean sameOrigin =
        scheme.equalsIgnoreCase(from.getScheme())
            && to.getHost().equalsIgnoreCase(from.getHost())
            && port(to) == port(from);
    String method = request.method();
    boolean becomesGet =
        !method.equals("HEAD")
            && (status == 303 || (status != 307 && status != 308 && method.equals("POST")));
    HttpRequest.Builder next =
        HttpRequest.newBuilder(
                request,
                (name, value) -> {
                  String lower = name.toLowerCase(Locale.ROOT);
                  if (becomesGet && lower.equals("content-type")) {
                    return false;
                  }
                  return sameOrigin
                      || !(CREDENTIALS.contains(lower)
                          || staticHeaders.stream().anyMatch(name::equalsIgnoreCase));
                })
            .uri(to);
    if (becomesGet) {
      next.method("GET", HttpRequest.BodyPublishers.noBody());
    }
    return Optional.of(next.build());
  }

  private static int port(URI uri) {
    if (uri.getPort() >= 0) {
      return uri.getPort();
    }
    return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
  }
}
