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

  @Override
  public void begin(PendingLogin login) {
    opened.add(login.authorizationUrl());
    Thread t =
        new Thread(
            () -> {
              try {
                signIn(login);
              } catch (Exception e) {
                failures.add(e);
                login.fail("the test browser failed: " + e);
              }
            },
            "test-browser");
    t.setDaemon(true);
    t.start();
  }

  private static void signIn(PendingLogin login) throws Exception {
    HttpClient http =
        HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    HttpResponse<String> page =
        http.send(
            HttpRequest.newBuilder(login.authorizationUrl()).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    for (int step = 0; step < 4 && page.uri().getPath().startsWith("/interaction/"); step++) {
      String form =
          page.body().contains("name=\"prompt\" value=\"login\"")
              ? "prompt=login&login=alice&password=wonderland"
              : "prompt=consent";
      page =
          http.send(
              HttpRequest.newBuilder(page.uri())
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(HttpRequest.BodyPublishers.ofString(form))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    }
    if (!page.uri().getPath().equals("/callback") || page.statusCode() != 200) {
      throw new IllegalStateException(
          "the sign-in ended at " + page.uri() + " with HTTP " + page.statusCode());
    }
  }
}
