package dev.toolnexus.oauth;

import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The user of these tests: handed the authorization URL, it signs in and consents on
 * oidc-provider's own interaction pages with a fresh cookie jar, as a browser would, and follows
 * the redirect to the loopback listener. Records every authorization URL it was given.
 */
final class Browser implements UserStep {
  final List<URI> opened = new CopyOnWriteArrayList<>();
  final List<Throwable> failures = new CopyOnWriteArrayList<>();
  private final boolean hostCompletes;
  private String stopAt;
  private volatile String caught;

  /** A user whose browser follows the redirect to the loopback listener. */
  Browser() {
    this(false);
  }

  /**
   * With {@code hostCompletes}, the redirect to the loopback listener is not followed: the host
   * completes the sign-in with the redirect URL instead.
   */
  Browser(boolean hostCompletes) {
    this.hostCompletes = hostCompletes;
  }

  @Override
  public void begin(PendingLogin login) {
    opened.add(login.authorizationUrl());
    Thread t =
        new Thread(
            () -> {
              try {
                signIn(login.authorizationUrl(), login);
              } catch (Exception e) {
                failures.add(e);
                login.fail("the test browser failed: " + e);
              }
            },
            "test-browser");
    t.setDaemon(true);
    t.start();
  }

  /**
   * Signs in at {@code authorizationUrl} as the user would and follows the redirect to the loopback
   * listener (for a sign-in handed over as a {@code waitFor} request).
   */
  static void visit(URI authorizationUrl) throws Exception {
    new Browser().signIn(authorizationUrl, null);
  }

  /**
   * Signs in at {@code authorizationUrl} but stops at the redirect to {@code redirectUri}, as a
   * host that catches the redirect itself; that redirect's URL (with the code and state).
   */
  static String visitUntilRedirect(URI authorizationUrl, URI redirectUri) throws Exception {
    Browser b = new Browser(true);
    b.stopAt = redirectUri.getPath();
    b.signIn(authorizationUrl, null);
    return b.caught;
  }

  private void signIn(URI authorizationUrl, PendingLogin login) throws Exception {
    HttpClient http =
        HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    HttpResponse<String> page =
        follow(login, http, HttpRequest.newBuilder(authorizationUrl).GET().build());
    if (page == null) {
      return;
    }
    for (int step = 0; step < 4 && page.uri().getPath().startsWith("/interaction/"); step++) {
      String form =
          page.body().contains("name=\"prompt\" value=\"login\"")
              ? "prompt=login&login=alice&password=wonderland"
              : "prompt=consent";
      page =
          follow(
              login,
              http,
              HttpRequest.newBuilder(page.uri())
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(HttpRequest.BodyPublishers.ofString(form))
                  .build());
      if (page == null) {
        return;
      }
    }
    if (!page.uri().getPath().equals("/callback") || page.statusCode() != 200) {
      throw new IllegalStateException(
          "the sign-in ended at " + page.uri() + " with HTTP " + page.statusCode());
    }
  }

  /** Sends {@code request} and follows redirects; null once the host completed the sign-in. */
  private HttpResponse<String> follow(PendingLogin login, HttpClient http, HttpRequest request)
      throws Exception {
    HttpResponse<String> res = http.send(request, HttpResponse.BodyHandlers.ofString());
    for (int hop = 0; hop < 10; hop++) {
      String location = res.headers().firstValue("Location").orElse(null);
      if (res.statusCode() / 100 != 3 || location == null) {
        return res;
      }
      URI next = res.uri().resolve(location);
      String redirectPath = login != null ? login.redirectUri().getPath() : stopAt;
      if (hostCompletes && next.getPath().equals(redirectPath)) {
        if (login != null) {
          login.complete(next.toString());
        } else {
          caught = next.toString();
        }
        return null;
      }
      res =
          http.send(
              HttpRequest.newBuilder(next).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
    throw new IllegalStateException("too many redirects");
  }
}
