package dev.toolnexus.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.ToolResult;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An endpoint that answers without end costs the tool its limit, never the heap. */
class HttpToolResponseLimitTest {
  private HttpServer server;
  private final AtomicLong sent = new AtomicLong();
  private final CompletableFuture<Long> streamEnded = new CompletableFuture<>();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/endless",
        ex -> {
          ex.getResponseHeaders().add("Content-Type", "text/plain");
          ex.sendResponseHeaders(200, 0); // chunked, no length
          byte[] chunk = new byte[64 * 1024];
          java.util.Arrays.fill(chunk, (byte) 'x');
          try (OutputStream out = ex.getResponseBody()) {
            while (sent.get() < 1024L * 1024 * 1024) {
              out.write(chunk);
              sent.addAndGet(chunk.length);
            }
          } catch (IOException e) {
            // the client hung up: what the limit is for
          } finally {
            streamEnded.complete(sent.get());
          }
        });
    server.createContext(
        "/declared",
        ex -> {
          ex.sendResponseHeaders(200, 300L * 1024 * 1024);
          // JDK 25's server holds the headers until body bytes are flushed; without this the
          // connection closes before the client sees the declared length.
          OutputStream body = ex.getResponseBody();
          body.write(new byte[16]);
          body.flush();
          ex.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  @Test
  void aBodyOverTheConfiguredLimitFailsTheCallNamingTheLimitAndTheConnectionIsDropped()
      throws Exception {
    HttpTool t =
        HttpTool.builder()
            .name("t")
            .url(url("/endless"))
            .timeout(java.time.Duration.ofMillis(20_000))
            .maxResponseBytes(256 * 1024)
            .build();

    ToolResult r = t.execute(Map.of(), null);

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "GET "
                + url("/endless")
                + " failed: the response is larger than the limit of 262144 bytes"
                + " (maxResponseBytes)");
    assertThat(r.metadata()).containsEntry("error", "too_large");
    // the server's writes fail soon after the limit: nowhere near the gigabyte it meant to send
    assertThat(streamEnded.get(10, TimeUnit.SECONDS)).isLessThan(64L * 1024 * 1024);
  }

  @Test
  void withoutAConfiguredLimitTheDefaultOf16MiBApplies() throws Exception {
    HttpTool t =
        HttpTool.builder()
            .name("t")
            .url(url("/endless"))
            .timeout(java.time.Duration.ofMillis(20_000))
            .build();

    ToolResult r = t.execute(Map.of(), null);

    assertThat(r.output())
        .isEqualTo(
            "GET "
                + url("/endless")
                + " failed: the response is larger than the limit of 16777216 bytes"
                + " (maxResponseBytes)");
    assertThat(streamEnded.get(10, TimeUnit.SECONDS)).isLessThan(128L * 1024 * 1024);
  }

  @Test
  void aDeclaredContentLengthOverTheLimitFailsBeforeAnyBodyIsRead() {
    HttpTool t =
        HttpTool.builder()
            .name("t")
            .url(url("/declared"))
            .timeout(java.time.Duration.ofMillis(20_000))
            .maxResponseBytes(1024)
            .build();

    ToolResult r = t.execute(Map.of(), null);

    assertThat(r.output())
        .isEqualTo(
            "GET "
                + url("/declared")
                + " failed: the response is larger than the limit of 1024 bytes"
                + " (maxResponseBytes)");
  }
}
