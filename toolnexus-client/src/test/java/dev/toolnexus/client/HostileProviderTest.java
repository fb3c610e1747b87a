package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A provider that answers too much, echoes the key, redirects elsewhere, asks to wait for days or
 * never ends its stream; and tools that overflow or outlive the run's deadline.
 */
class HostileProviderTest {
  private static final String KEY = "sk-live-0123456789abcdef";
  private final RawHttpServer server = new RawHttpServer();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  HostileProviderTest() throws Exception {}

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private ModelOptions.Builder model(String baseUrl) {
    return ModelOptions.builder()
        .baseUrl(baseUrl + "/v1")
        .style(Style.OPENAI)
        .apiKey(KEY)
        .sleeper((d, cancel) -> {});
  }

  private LlmClient client(ModelOptions.Builder m) {
    return LlmClient.create("gpt-4o-mini", ChatModel.http(m.build()));
  }

  @Test
  void aResponseBodyOverMaxResponseBytesFailsTheCallNamingTheLimit() {
    server.respond(200, openaiText("x".repeat(100_000), 1, 1));

    assertThatThrownBy(() -> client(model(server.baseUrl()).maxResponseBytes(4096)).run("hi", kit))
        .isInstanceOf(LlmException.class)
        .hasMessage(
            "LLM request to "
                + server.baseUrl()
                + "/v1/chat/completions failed: the response is larger than the limit of 4096"
                + " bytes (maxResponseBytes)");
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void anSseLineOverMaxResponseBytesFailsTheStreamNamingTheLimit() throws Exception {
    try (ServerSocket ss = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      String base = "http://127.0.0.1:" + ss.getLocalPort();
      CompletableFuture.runAsync(
          () -> {
            try (Socket s = ss.accept()) {
              readRequest(s.getInputStream());
              OutputStream out = s.getOutputStream();
              out.write(sseHead());
              out.write(("data: " + "x".repeat(200_000)).getBytes(StandardCharsets.UTF_8));
              out.flush();
            } catch (IOException e) {
              // the client hung up
            }
          });

      assertThatThrownBy(
              () ->
                  client(model(base).maxResponseBytes(4096)).stream(
                      "hi", RunOptions.of(kit), e -> {}))
          .isInstanceOf(LlmException.class)
          .hasMessage(
              "reading the response from "
                  + base
                  + "/v1/chat/completions failed: a line of the response stream is larger than"
                  + " the limit of 4096 bytes (maxResponseBytes)");
    }
  }

  @Test
  void aRetryAfterBeyondTheMaximumWaitFailsAtOnceWithTheProvidersValue() {
    server
        .respond(429, Map.of("Retry-After", "999999"), "{\"error\":{\"message\":\"slow down\"}}")
        .respond(200, openaiText("fine", 1, 1));

    assertThatThrownBy(() -> client(model(server.baseUrl())).run("hi", kit))
        .isInstanceOf(LlmException.class)
        .hasMessage(
            "LLM request failed: HTTP 429 from "
                + server.baseUrl()
                + "/v1/chat/completions: slow down (the provider asked to retry after 999999 s,"
                + " longer than the 60 s the client waits: RetryPolicy.maxWait)");
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void aRetryAfterWithinAConfiguredMaximumIsWaited() {
    List<Duration> waits = new java.util.concurrent.CopyOnWriteArrayList<>();
    server.respond(429, Map.of("Retry-After", "90"), "{}").respond(200, openaiText("fine", 1, 1));

    RunResult r =
        client(
                model(server.baseUrl())
                    .maxRetryWait(Duration.ofMinutes(2))
                    .sleeper((d, cancel) -> waits.add(d)))
            .run("hi", kit);

    assertThat(r.text()).isEqualTo("fine");
    assertThat(waits).containsExactly(Duration.ofSeconds(90));
  }

  @Test
  void anApiKeyEchoedInTheProvidersErrorIsRedactedEverywhere() {
    server.respond(
        400, "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + ". Check it.\"}}");

    LlmException e =
        (LlmException)
            org.assertj.core.api.Assertions.catchThrowable(
                () -> client(model(server.baseUrl())).run("hi", kit));

    assertThat(e.getMessage())
        .isEqualTo(
            "LLM request failed: HTTP 400 from "
                + server.baseUrl()
                + "/v1/chat/completions: Incorrect API key provided: ***. Check it.");
    assertThat(e.providerMessage()).isEqualTo("Incorrect API key provided: ***. Check it.");
    assertThat(e.body()).doesNotContain(KEY);
  }

  @Test
  void aOneCharacterApiKeyEchoedInTheProvidersErrorIsRedactedAsAWholeToken() {
    server.respond(400, "{\"error\":{\"message\":\"Incorrect API key provided: a. Check it.\"}}");

    LlmException e =
        (LlmException)
            org.assertj.core.api.Assertions.catchThrowable(
                () -> client(model(server.baseUrl()).apiKey("a")).run("hi", kit));

    assertThat(e.providerMessage()).isEqualTo("Incorrect API key provided: ***. Check it.");
    assertThat(e.body())
        .isEqualTo("{\"error\":{\"message\":\"Incorrect API key provided: ***. Check it.\"}}");
  }

  @Test
  void aRedirectToAnotherOriginIsRefusedAndTheKeyNeverReachesIt() throws Exception {
    try (RawHttpServer other = new RawHttpServer()) {
      other.respond(200, openaiText("stolen", 1, 1));
      server.respond(307, Map.of("Location", other.baseUrl() + "/v1/chat/completions"), "");

      assertThatThrownBy(() -> client(model(server.baseUrl())).run("hi", kit))
          .isInstanceOf(LlmException.class)
          .hasMessage(
              "LLM request to "
                  + server.baseUrl()
                  + "/v1/chat/completions was redirected (HTTP 307) to another origin, "
                  + other.baseUrl()
                  + "; the API key and headers are never sent across origins, so set baseUrl to"
                  + " the new address if it is trusted");
      assertThat(other.requestCount()).isZero();
    }
  }

  @Test
  void closingAStreamWaitingForHeadersClosesTheConnection() throws Exception {
    try (ServerSocket ss = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      String base = "http://127.0.0.1:" + ss.getLocalPort();
      CompletableFuture<String> serverSaw = new CompletableFuture<>();
      CompletableFuture<Void> requested = new CompletableFuture<>();
      CompletableFuture.runAsync(
          () -> {
            try (Socket s = ss.accept()) {
              readRequest(s.getInputStream());
              requested.complete(null);
              s.setSoTimeout(30_000);
              int b = s.getInputStream().read();
              serverSaw.complete(b < 0 ? "connection closed" : "got a byte");
            } catch (IOException e) {
              serverSaw.complete("connection closed: " + e.getMessage());
            }
          });
      LlmClient client = client(model(base).requestTimeout(Duration.ofMinutes(5)));

      RunStream stream = client.stream("hi", RunOptions.of(kit));
      requested.get(20, TimeUnit.SECONDS);
      Thread.sleep(200);
      stream.close();

      assertThat(serverSaw.get(20, TimeUnit.SECONDS)).startsWith("connection closed");
    }
  }

  @Test
  void closingANeverEndingStreamClosesTheConnectionTheServerHolds() throws Exception {
    try (ServerSocket ss = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      String base = "http://127.0.0.1:" + ss.getLocalPort();
      CompletableFuture<String> serverSaw = new CompletableFuture<>();
      CompletableFuture.runAsync(
          () -> {
            try (Socket s = ss.accept()) {
              readRequest(s.getInputStream());
              OutputStream out = s.getOutputStream();
              out.write(sseHead());
              out.write(
                  "data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\n"
                      .getBytes(StandardCharsets.UTF_8));
              out.flush();
              for (int i = 0; i < 600; i++) { // a keep-alive comment every 50 ms, for 30 s
                Thread.sleep(50);
                out.write(": keep-alive\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
              }
              serverSaw.complete("still open after 30 s");
            } catch (IOException e) {
              serverSaw.complete("connection closed");
            } catch (InterruptedException e) {
              serverSaw.complete("interrupted");
            }
          });
      LlmClient client = client(model(base).requestTimeout(Duration.ofMinutes(5)));

      RunStream stream = client.stream("hi", RunOptions.of(kit));
      for (StreamEvent e : stream) {
        if (e instanceof StreamEvent.Text) {
          break;
        }
      }
      stream.close();

      assertThat(serverSaw.get(20, TimeUnit.SECONDS)).isEqualTo("connection closed");
    }
  }

  @Test
  void atTheRunDeadlineARunningToolIsLeftAndTheRunReturnsIncomplete() {
    Tool sleepy =
        Tools.define(
            "get_weather",
            "sleeps",
            Map.of("type", "object"),
            args -> {
              try {
                Thread.sleep(12_000);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return "late";
            });
    server.respond(200, openaiCalls(1, 1, new String[] {"c1", "get_weather", "{}"}));
    LlmClient client = client(model(server.baseUrl()));

    RunResult r =
        assertTimeoutPreemptively(
            Duration.ofSeconds(8),
            () ->
                client.run(
                    "hi", RunOptions.of(Fixtures.kit(sleepy)).withTimeout(Duration.ofSeconds(2))));

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.TIMEOUT);
    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::output)
        .containsExactly(
            "tool get_weather was still running when the run stopped (timeout) and was"
                + " interrupted");
  }

  private static int recurse(int n) {
    return recurse(n + 1) + 1;
  }

  @Test
  void aToolThatOverflowsItsStackGivesTheModelAnErrorNamingItAndTheRunGoesOn() {
    Tool deep =
        Tools.define("get_weather", "recurses", Map.of("type", "object"), args -> recurse(0));
    server
        .respond(200, openaiCalls(1, 1, new String[] {"c1", "get_weather", "{}"}))
        .respond(200, openaiText("sorry", 1, 1));

    RunResult r = client(model(server.baseUrl())).run("hi", Fixtures.kit(deep));

    assertThat(r.text()).isEqualTo("sorry");
    assertThat(r.toolCalls().get(0).output())
        .isEqualTo("tool get_weather failed: StackOverflowError");
  }

  private static byte[] sseHead() {
    return ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** Reads the request head and its Content-Length body. */
  private static void readRequest(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        return;
      }
      head.append((char) b);
    }
    int length = 0;
    for (String line : head.toString().split("\r\n")) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).strip());
      }
    }
    in.readNBytes(length);
  }
}
