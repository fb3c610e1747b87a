package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A hanging call's cancel token fires when the client cancels it or goes away. */
class CancellationTest {
  private final CountDownLatch started = new CountDownLatch(1);
  private final CountDownLatch cancelled = new CountDownLatch(1);
  private final Toolkit toolkit =
      Toolkit.builder().builtins(false).tools(Fixtures.hang(started, cancelled)).build();
  private McpHttpServer server;

  @AfterEach
  void stop() {
    server.close();
    toolkit.close();
  }

  @Test
  void notificationsCancelledFiresTheCallsToken() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.defaults());
    RawMcp client = RawMcp.connect(server.url());
    CompletableFuture<HttpResponse<String>> call =
        RawMcp.HTTP.sendAsync(
            RawMcp.request(
                    server.url(), client.session, Json.write(RawMcp.call("c-1", "hang", Map.of())))
                .build(),
            RawMcp.ofString());
    assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
    HttpResponse<String> ack =
        client.post(
            Map.of(
                "jsonrpc",
                "2.0",
                "method",
                "notifications/cancelled",
                "params",
                Map.of("requestId", "c-1", "reason", "user pressed stop")));
    assertThat(ack.statusCode()).isEqualTo(202);
    assertThat(cancelled.await(30, TimeUnit.SECONDS)).isTrue();
    HttpResponse<String> r = call.get(30, TimeUnit.SECONDS);
    assertThat(RawMcp.messages(r)).isEmpty(); // a cancelled request gets no response
  }

  @Test
  void aClientThatDisconnectsCancelsItsCall() throws Exception {
    server =
        McpServe.http(toolkit, McpServeOptions.builder().keepAlive(Duration.ofMillis(100)).build());
    RawMcp client = RawMcp.connect(server.url());
    byte[] body = Json.write(RawMcp.call(7, "hang", Map.of())).getBytes(StandardCharsets.UTF_8);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      OutputStream out = socket.getOutputStream();
      String head =
          "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
              + server.port()
              + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
              + "\r\nMcp-Session-Id: "
              + client.session
              + "\r\nContent-Length: "
              + body.length
              + "\r\n\r\n";
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
      InputStream in = socket.getInputStream();
      assertThat(new String(in.readNBytes(15), StandardCharsets.US_ASCII))
          .isEqualTo("HTTP/1.1 200 OK");
    }
    assertThat(cancelled.await(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void deletingTheSessionCancelsItsCalls() throws Exception {
    server = McpServe.http(toolkit, McpServeOptions.defaults());
    RawMcp client = RawMcp.connect(server.url());
    RawMcp.HTTP.sendAsync(
        RawMcp.request(server.url(), client.session, Json.write(RawMcp.call(8, "hang", Map.of())))
            .build(),
        RawMcp.ofString());
    assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
    var delete =
        java.net.http.HttpRequest.newBuilder(server.url())
            .header("Mcp-Session-Id", client.session)
            .DELETE()
            .build();
    assertThat(RawMcp.HTTP.send(delete, RawMcp.ofString()).statusCode()).isEqualTo(200);
    assertThat(cancelled.await(30, TimeUnit.SECONDS)).isTrue();
  }
}
