package dev.toolnexus.oauth.internal;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The redirect target of a native app's sign-in: an HTTP listener on 127.0.0.1 (a chosen port or a
 * free one) that takes the one redirect to {@code /callback} and hands its query on.
 */
public final class LoopbackListener implements AutoCloseable {
  private final HttpServer server;

  private LoopbackListener(HttpServer server) {
    this.server = server;
  }

  /** Listens on 127.0.0.1:{@code port} (0 for a free one), passing each redirect's query on. */
  public static LoopbackListener start(int port, Consumer<Map<String, String>> onRedirect) {
    HttpServer s;
    try {
      s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    } catch (IOException e) {
      throw new IllegalStateException(
          "OAuth: cannot listen for the sign-in redirect on 127.0.0.1:"
              + port
              + " ("
              + e.getMessage()
              + ")");
    }
    s.createContext(
        "/callback",
        ex -> {
          Map<String, String> params = Redirects.query(ex.getRequestURI().getRawQuery());
          boolean ok = params.containsKey("code") && !params.containsKey("error");
          byte[] page =
              (ok
                      ? "Signed in. You can close this window."
                      : "The sign-in did not complete. You can close this window.")
                  .getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
          ex.sendResponseHeaders(ok ? 200 : 400, page.length);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(page);
          }
          onRedirect.accept(params);
        });
    s.start();
    return new LoopbackListener(s);
  }

  /** The redirect URI to register and send: {@code http://127.0.0.1:<port>/callback}. */
  public URI redirectUri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/callback");
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
