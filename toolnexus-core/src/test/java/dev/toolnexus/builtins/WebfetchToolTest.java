package dev.toolnexus.builtins;

import static dev.toolnexus.builtins.B.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.ContentPart;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WebfetchToolTest {
  private static final String PAGE =
      "<html><head><title>T</title><style>p{color:red}</style>"
          + "<script>alert('x')</script></head><body>"
          + "<h1>Title</h1><p>Hello <b>world</b>, see <a href=\"/docs\">the docs</a>.</p>"
          + "<ul><li>one</li><li>two</li></ul></body></html>";

  private HttpServer server;
  private String base;
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch slowStarted = new CountDownLatch(1);

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/page", ex -> send(ex, 200, "text/html; charset=utf-8", PAGE));
    server.createContext(
        "/untyped",
        ex -> {
          byte[] body = "<!DOCTYPE html><html><body><h2>Hi</h2></body></html>".getBytes();
          ex.sendResponseHeaders(200, body.length);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
          }
        });
    server.createContext(
        "/huge", ex -> sendBytes(ex, 200, "text/plain", new byte[WebfetchTool.MAX_BODY_BYTES + 1]));
    server.createContext("/plain", ex -> send(ex, 200, "text/plain", "just <b>text</b>"));
    server.createContext("/missing", ex -> send(ex, 404, "text/html", "<p>gone</p>"));
    server.createContext(
        "/img", ex -> sendBytes(ex, 200, "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'}));
    server.createContext(
        "/slow",
        ex -> {
          ex.getResponseHeaders().add("Content-Type", "text/plain");
          ex.sendResponseHeaders(200, 0);
          try (OutputStream out = ex.getResponseBody()) {
            out.write("first part ".getBytes(StandardCharsets.UTF_8));
            out.flush();
            slowStarted.countDown();
            release.await(30, TimeUnit.SECONDS); // the rest of the body never comes in time
          } catch (InterruptedException | IOException e) {
            // the client hung up, as expected
          }
        });
    server.setExecutor(Executors.newCachedThreadPool());
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
  }

  private static void send(HttpExchange ex, int status, String type, String body)
      throws IOException {
    sendBytes(ex, status, type, body.getBytes(StandardCharsets.UTF_8));
  }

  private static void sendBytes(HttpExchange ex, int status, String type, byte[] body)
      throws IOException {
    ex.getResponseHeaders().add("Content-Type", type);
    ex.sendResponseHeaders(status, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  private Tool webfetch() {
    return B.tool(BuiltinsOptions.defaults(), "webfetch");
  }

  @Test
  void htmlBecomesMarkdownByDefault() {
    ToolResult r = run(webfetch(), "url", base + "/page");
    assertThat(r.isError()).isFalse();
    assertThat(r.output())
        .isEqualTo("# Title\n\nHello **world**, see [the docs](/docs).\n\n-   one\n-   two");
    assertThat(r.metadata()).containsEntry("status", 200).containsEntry("format", "markdown");
  }

  @Test
  void textFormatDropsMarkupScriptsAndStyles() {
    ToolResult r = run(webfetch(), "url", base + "/page", "format", "text");
    assertThat(r.output()).isEqualTo("Title\n\nHello world, see the docs.\n\none\ntwo");
  }

  @Test
  void htmlFormatReturnsTheBodyAsIs() {
    assertThat(run(webfetch(), "url", base + "/page", "format", "html").output()).isEqualTo(PAGE);
  }

  @Test
  void nonHtmlBodiesAreReturnedUnconverted() {
    assertThat(run(webfetch(), "url", base + "/plain").output()).isEqualTo("just <b>text</b>");
  }

  @Test
  void aResponseWithoutContentTypeThatOpensAsHtmlIsConverted() {
    assertThat(run(webfetch(), "url", base + "/untyped").output()).isEqualTo("## Hi");
  }

  @Test
  void aNon2xxStatusIsAnErrorWithTheStatus() {
    ToolResult r = run(webfetch(), "url", base + "/missing");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("HTTP 404");
    assertThat(r.metadata()).containsEntry("status", 404);
  }

  @Test
  void aSlowBodyIsCutOffAtTheTimeout() throws Exception {
    ToolResult r = run(webfetch(), "url", base + "/slow", "timeout", 1);
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("webfetch: timed out after 1000ms (" + base + "/slow)");
    assertThat(r.metadata()).containsEntry("timedOut", true);
  }

  @Test
  void cancellationStopsAnInFlightFetch() throws Exception {
    CancelToken token = new CancelToken();
    CompletableFuture<ToolResult> call =
        CompletableFuture.supplyAsync(
            () -> webfetch().execute(B.args("url", base + "/slow"), ToolContext.of(token)));
    assertThat(slowStarted.await(20, TimeUnit.SECONDS)).isTrue();
    token.cancel();
    ToolResult r = call.get(20, TimeUnit.SECONDS);
    assertThat(r.output()).isEqualTo("webfetch: request cancelled (" + base + "/slow)");
    assertThat(r.metadata()).containsEntry("cancelled", true);
  }

  @Test
  void aBodyOverTheSizeLimitIsAnError() {
    ToolResult r = run(webfetch(), "url", base + "/huge");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo("webfetch: response body of " + base + "/huge exceeds 5242880 bytes");
  }

  @Test
  void onlyHttpAndHttpsAreAllowed() {
    assertThat(run(webfetch(), "url", "file:///etc/passwd").output())
        .isEqualTo(
            "webfetch: only http and https URLs are supported, got \"file:\" in"
                + " \"file:///etc/passwd\"");
    assertThat(run(webfetch(), "url", "example.com/x").output())
        .isEqualTo(
            "webfetch: only http and https URLs are supported, got no scheme in \"example.com/x\"");
  }

  @Test
  void anImageComesBackAsAPart() {
    ToolResult r = run(webfetch(), "url", base + "/img");
    assertThat(r.output()).isEqualTo(base + "/img (image/png, 4 bytes)");
    assertThat(((ContentPart.Image) r.parts().get(0)).mimeType()).isEqualTo("image/png");
  }

  @Test
  void anUnreachableServerIsAnError() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ToolResult r = run(webfetch(), "url", "http://127.0.0.1:" + port + "/");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).startsWith("webfetch: http://127.0.0.1:" + port + "/: ConnectException");
  }
}
