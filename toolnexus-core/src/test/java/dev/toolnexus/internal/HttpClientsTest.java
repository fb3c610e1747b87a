package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolResult;
import dev.toolnexus.http.HttpTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Clients and requests configured for their URL: HTTP/1.1 with no {@code Upgrade: h2c} on plain
 * http, seen as raw bytes on a 127.0.0.1 socket, and a TLS context that is not loaded until used.
 */
class HttpClientsTest {
  private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
  private final CompletableFuture<List<String>> head = new CompletableFuture<>();

  HttpClientsTest() throws IOException {
    Threads.start("raw-http", this::answerOne);
  }

  @AfterEach
  void stop() throws IOException {
    socket.close();
  }

  private String url() {
    return "http://127.0.0.1:" + socket.getLocalPort() + "/x";
  }

  /** Accepts one connection, records its request head line by line and answers 200 "ok". */
  private void answerOne() {
    try (Socket s = socket.accept()) {
      InputStream in = s.getInputStream();
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      while (!bytes.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
        int b = in.read();
        if (b < 0) {
          break;
        }
        bytes.write(b);
      }
      head.complete(List.of(bytes.toString(StandardCharsets.ISO_8859_1).split("\r\n")));
      OutputStream out = s.getOutputStream();
      out.write(
          ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n"
                  + "Connection: close\r\n\r\nok")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
    } catch (IOException e) {
      head.completeExceptionally(e);
    }
  }

  private List<String> headerNames() throws Exception {
    List<String> names = new ArrayList<>();
    for (String line : head.get(10, TimeUnit.SECONDS).subList(1, head.get().size())) {
      names.add(line.substring(0, line.indexOf(':')).toLowerCase(Locale.ROOT));
    }
    return names;
  }

  @Test
  void anHttpToolSendsHttp11WithNoUpgradeOfferToAPlainUrl() throws Exception {
    HttpTool tool = HttpTool.builder().name("get").method("GET").url(url()).build();

    ToolResult r = tool.execute(Map.of(), null);

    assertThat(r.output()).isEqualTo("ok");
    assertThat(head.get(10, TimeUnit.SECONDS).get(0)).isEqualTo("GET /x HTTP/1.1");
    assertThat(headerNames()).doesNotContain("upgrade", "http2-settings", "connection");
  }

  @Test
  void aClientBuiltForAPlainUrlSendsHttp11WithNoUpgradeOffer() throws Exception {
    URI uri = URI.create(url());
    HttpClient client = HttpClients.builderFor(uri).build();

    HttpResponse<String> r =
        client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());

    assertThat(r.body()).isEqualTo("ok");
    assertThat(head.get(10, TimeUnit.SECONDS).get(0)).isEqualTo("GET /x HTTP/1.1");
    assertThat(headerNames()).doesNotContain("upgrade", "http2-settings", "connection");
  }

  @Test
  void aClientBuiltForAPlainUrlHandsTheResponseToNoWorkerPool() throws Exception {
    URI uri = URI.create(url());
    HttpClient client = HttpClients.builderFor(uri).build();
    List<String> handledOn = new ArrayList<>();

    HttpResponse<String> r =
        client.send(
            HttpRequest.newBuilder(uri).build(),
            info -> {
              handledOn.add(Thread.currentThread().getName());
              return HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8);
            });

    assertThat(r.body()).isEqualTo("ok");
    // the JDK's default executor names its threads HttpClient-<n>-Worker-<m>
    assertThat(handledOn).hasSize(1);
    assertThat(handledOn.get(0)).doesNotContain("-Worker-");
  }

  @Test
  void theLazyContextIsNotAskedForWhileOnlyPlainHttpIsSpoken() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    SSLContext lazy =
        new LazySslContext(
            () -> {
              asked.incrementAndGet();
              return jvmDefault();
            });
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .sslContext(lazy)
            .sslParameters(new SSLParameters(null, new String[] {"TLSv1.3", "TLSv1.2"}))
            .build();

    client.send(
        HttpRequest.newBuilder(URI.create(url())).build(), HttpResponse.BodyHandlers.ofString());

    assertThat(asked.get()).isZero();
  }

  @Test
  void theLazyContextAsksForTheRealOneOnFirstTlsUseAndKeepsIt() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    SSLContext lazy =
        new LazySslContext(
            () -> {
              asked.incrementAndGet();
              return jvmDefault();
            });

    lazy.createSSLEngine("example.test", 443);
    lazy.createSSLEngine("example.test", 443);

    assertThat(asked.get()).isEqualTo(1);
  }

  @Test
  void aPlainUrlGetsHttp11AndAnHttpsUrlKeepsTheClientsChoice() {
    HttpRequest plain =
        HttpClients.versionFor(
                HttpRequest.newBuilder(URI.create("http://h/x")), URI.create("http://h/x"))
            .build();
    HttpRequest tls =
        HttpClients.versionFor(
                HttpRequest.newBuilder(URI.create("https://h/x")), URI.create("https://h/x"))
            .build();

    assertThat(plain.version()).contains(HttpClient.Version.HTTP_1_1);
    assertThat(tls.version()).isEmpty();
  }

  private static SSLContext jvmDefault() {
    try {
      return SSLContext.getDefault();
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
