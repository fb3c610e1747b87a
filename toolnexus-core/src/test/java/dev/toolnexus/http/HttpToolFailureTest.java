package dev.toolnexus.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Transport failures: each is a distinct, readable error result, never an exception. */
class HttpToolFailureTest {

  private static HttpTool get(String url) {
    return HttpTool.builder()
        .name("t")
        .url(url)
        .timeout(java.time.Duration.ofMillis(5_000))
        .build();
  }

  @Test
  void refusedConnectionNamesHostAndPort() throws Exception {
    // a bound socket that does not listen holds the port (no other test can take it) and refuses
    try (Socket holder = new Socket()) {
      holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      int port = holder.getLocalPort();

      ToolResult r = get("http://127.0.0.1:" + port + "/x?token=abc").execute(Map.of(), null);

      assertThat(r.isError()).isTrue();
      assertThat(r.output())
          .isEqualTo(
              "GET http://127.0.0.1:"
                  + port
                  + "/x failed: connection refused by 127.0.0.1:"
                  + port
                  + " (is the server running?)");
      assertThat(r.metadata()).containsEntry("error", "connection_refused");
    }
  }

  @Test
  void anUnknownHostIsNamedThoughTheJdkWrapsItAsAConnectException() {
    // tests never resolve a real name: the chain is built as the JDK client builds it
    java.net.ConnectException inner = new java.net.ConnectException();
    inner.initCause(new java.nio.channels.UnresolvedAddressException());
    java.net.ConnectException outer = new java.net.ConnectException();
    outer.initCause(inner);

    ToolResult r =
        HttpFailure.classify(
            "GET https://api.invalid/x",
            java.net.URI.create("https://api.invalid/x"),
            java.time.Duration.ofSeconds(5),
            outer);

    assertThat(r.output()).isEqualTo("GET https://api.invalid/x failed: unknown host api.invalid");
    assertThat(r.metadata()).containsEntry("error", "unknown_host");
  }

  @Test
  void slowServerTimesOut() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      HttpTool t =
          HttpTool.builder()
              .name("t")
              .url(server.baseUrl() + "/slow")
              .timeout(java.time.Duration.ofMillis(250))
              .build();

      ToolResult r = t.execute(Map.of(), null);

      assertThat(r.isError()).isTrue();
      assertThat(r.output()).isEqualTo("GET " + server.baseUrl() + "/slow timed out after 250 ms");
      assertThat(r.metadata()).containsEntry("error", "timeout");
    }
  }

  @Test
  void httpsToAPlainHttpPortIsATlsFailure() throws Exception {
    try (ServerSocket plain = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      // answers whatever arrives the way a plain HTTP server answers a TLS hello: a 400 in clear
      // text
      CompletableFuture<Void> answered =
          CompletableFuture.runAsync(
              () -> {
                try (Socket s = plain.accept()) {
                  s.getInputStream().read(new byte[512]);
                  s.getOutputStream()
                      .write(
                          "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                              .getBytes(StandardCharsets.US_ASCII));
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      String url = "https://127.0.0.1:" + plain.getLocalPort() + "/v1/echo";

      ToolResult r = get(url).execute(Map.of(), null);

      assertThat(r.isError()).isTrue();
      assertThat(r.output())
          .startsWith(
              "GET "
                  + url
                  + " failed: TLS handshake with 127.0.0.1:"
                  + plain.getLocalPort()
                  + " failed: ");
      assertThat(r.metadata()).containsEntry("error", "tls");
      answered.get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void untrustedSelfSignedCertificateIsATlsFailure(@TempDir Path dir) throws Exception {
    HttpsServer https = selfSignedServer(dir);
    try {
      String url = "https://127.0.0.1:" + https.getAddress().getPort() + "/hello";

      ToolResult r = get(url).execute(Map.of(), null);

      assertThat(r.isError()).isTrue();
      assertThat(r.output()).startsWith("GET " + url + " failed: TLS handshake with 127.0.0.1:");
      assertThat(r.output()).contains("PKIX path building failed");
      assertThat(r.metadata()).containsEntry("error", "tls");
    } finally {
      https.stop(0);
    }
  }

  @Test
  void cancellingTheContextAbortsAnInFlightRequest() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      HttpTool t = HttpTool.builder().name("t").url(server.baseUrl() + "/slow").build();
      CancelToken cancel = new CancelToken();

      CompletableFuture<ToolResult> call =
          CompletableFuture.supplyAsync(() -> t.execute(Map.of(), ToolContext.of(cancel)));
      assertThat(server.awaitSlow()).isTrue();
      cancel.cancel();
      ToolResult r = call.get(10, TimeUnit.SECONDS);

      assertThat(r.isError()).isTrue();
      assertThat(r.output()).isEqualTo("GET " + server.baseUrl() + "/slow was cancelled");
      assertThat(r.metadata()).containsEntry("error", "cancelled");
    }
  }

  @Test
  void anAlreadyCancelledContextSendsNothing() throws Exception {
    try (PetStoreServer server = new PetStoreServer()) {
      CancelToken cancel = new CancelToken();
      cancel.cancel();

      ToolResult r = get(server.baseUrl() + "/echo").execute(Map.of(), ToolContext.of(cancel));

      assertThat(r.output()).isEqualTo("GET " + server.baseUrl() + "/echo was cancelled");
      assertThat(server.pending()).isZero();
    }
  }

  /** An HTTPS server whose certificate keytool generated just now, trusted by nobody. */
  private static HttpsServer selfSignedServer(Path dir) throws Exception {
    Path store = dir.resolve("server.p12");
    String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    Process p =
        new ProcessBuilder(
                keytool,
                "-J-XX:TieredStopAtLevel=1",
                "-J-XX:+UseSerialGC",
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=127.0.0.1",
                "-ext",
                "san=ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                "changeit",
                "-keypass",
                "changeit")
            .redirectErrorStream(true)
            .start();
    String out;
    try (InputStream in = p.getInputStream()) {
      out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = java.nio.file.Files.newInputStream(store)) {
      ks.load(in, "changeit".toCharArray());
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, "changeit".toCharArray());
    SSLContext ssl = SSLContext.getInstance("TLS");
    ssl.init(kmf.getKeyManagers(), null, null);
    HttpsServer server =
        HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(ssl));
    server.createContext(
        "/",
        ex -> {
          ex.sendResponseHeaders(200, -1);
          ex.close();
        });
    server.start();
    return server;
  }
}
