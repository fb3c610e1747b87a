package dev.toolnexus.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HttpSendsTest {
  private HttpServer server;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/hello",
        exchange -> {
          byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  @Test
  void answersWhileEveryCommonPoolWorkerIsBlocked() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    List<CompletableFuture<Void>> blockers = new ArrayList<>();
    int workers = ForkJoinPool.getCommonPoolParallelism();
    CountDownLatch allBlocked = new CountDownLatch(workers);
    for (int i = 0; i < workers; i++) {
      blockers.add(
          CompletableFuture.runAsync(
              () -> {
                allBlocked.countDown();
                try {
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              ForkJoinPool.commonPool()));
    }
    try {
      assertThat(allBlocked.await(10, TimeUnit.SECONDS)).isTrue();
      HttpResponse<String> response =
          HttpSends.sendAsync(
                  http,
                  HttpRequest.newBuilder(uri("/hello")).build(),
                  HttpResponse.BodyHandlers.ofString())
              .get(20, TimeUnit.SECONDS);
      assertThat(response.body()).isEqualTo("hello");
    } finally {
      release.countDown();
      blockers.forEach(CompletableFuture::join);
    }
  }

  @Test
  void cancellingBeforeTheHeadersArriveAbortsTheSend() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      CompletableFuture<HttpResponse<String>> sent =
          HttpSends.sendAsync(
              http,
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      try (java.net.Socket accepted = silent.accept()) {
        assertThat(sent.cancel(true)).isTrue();
        // the aborted exchange closes its connection: the silent server reads end of stream
        accepted.setSoTimeout(20_000);
        InputStream in = accepted.getInputStream();
        byte[] buffer = new byte[8192];
        int n;
        do {
          n = in.read(buffer);
        } while (n > 0);
        assertThat(n).isEqualTo(-1);
      }
    }
  }

  @Test
  void aRefusedConnectionFailsTheFutureWithTheSendsException() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    CompletableFuture<HttpResponse<String>> sent =
        HttpSends.sendAsync(
            http,
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThatThrownBy(() -> sent.get(20, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(ConnectException.class);
  }
}
