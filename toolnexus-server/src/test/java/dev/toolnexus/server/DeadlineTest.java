package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.time.VirtualScheduler;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A served call's deadline: the tool sees it, its token fires at it, and it is always answered. */
class DeadlineTest {
  private final VirtualScheduler clock = new VirtualScheduler();
  private final CountDownLatch started = new CountDownLatch(1);

  private McpServeOptions options() {
    return McpServeOptions.builder().callTimeout(Duration.ofSeconds(2)).scheduler(clock).build();
  }

  @Test
  void theToolSeesTheCallTimeoutAsItsTimeout() throws Exception {
    var tool =
        Tools.define(
            "timeout", "Says its timeout", Fixtures.NO_ARGS, (args, ctx) -> "" + ctx.timeout());
    try (Toolkit toolkit = Toolkit.of(tool);
        McpHttpServer server = McpServe.http(toolkit, options())) {
      RawMcp client = RawMcp.connect(server.url());
      assertThat(RawMcp.answer(client.post(RawMcp.call(1, "timeout", Map.of()))).get("result"))
          .isEqualTo(result("PT2S", false));
    }
  }

  @Test
  void aToolThatHeedsItsTokenIsAnsweredWithItsOwnResultAtTheDeadline() throws Exception {
    CountDownLatch cancelled = new CountDownLatch(1);
    try (Toolkit toolkit = Toolkit.of(Fixtures.hang(started, cancelled));
        McpHttpServer server = McpServe.http(toolkit, options())) {
      RawMcp client = RawMcp.connect(server.url());
      CompletableFuture<HttpResponse<String>> call = callAsync(client, "hang");
      assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
      clock.advance(Duration.ofMillis(1999));
      assertThat(cancelled.getCount()).isEqualTo(1);
      clock.advance(Duration.ofMillis(1));
      assertThat(RawMcp.answer(call.get(30, TimeUnit.SECONDS)).get("result"))
          .isEqualTo(result("cancelled: tool hang timed out after 2000 ms", true));
    }
  }

  @Test
  void aToolThatIgnoresItsTokenIsAnsweredWithAnErrorAfterAGraceSecond() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    var stubborn =
        Tools.define(
            "stubborn",
            "Ignores its cancel token",
            Fixtures.NO_ARGS,
            (args, ctx) -> {
              started.countDown();
              try {
                release.await(60, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                interrupted.countDown();
              }
              return "finished anyway";
            });
    try (Toolkit toolkit = Toolkit.of(stubborn);
        McpHttpServer server = McpServe.http(toolkit, options())) {
      RawMcp client = RawMcp.connect(server.url());
      CompletableFuture<HttpResponse<String>> call = callAsync(client, "stubborn");
      assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
      clock.advance(Duration.ofSeconds(2));
      assertThat(call).isNotDone();
      clock.advance(Duration.ofSeconds(1));
      assertThat(RawMcp.answer(call.get(30, TimeUnit.SECONDS)).get("result"))
          .isEqualTo(result("tool stubborn timed out after 2000 ms", true));
      assertThat(interrupted.await(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      release.countDown();
    }
  }

  @Test
  void withoutACallTimeoutNoTimerIsSet() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().scheduler(clock).build())) {
      RawMcp client = RawMcp.connect(server.url());
      client.post(RawMcp.call(1, "echo", Map.of("text", "x")));
      assertThat(clock.pending()).isZero();
    }
  }

  private static CompletableFuture<HttpResponse<String>> callAsync(RawMcp client, String tool) {
    return RawMcp.HTTP.sendAsync(
        RawMcp.request(client.url, client.session, Json.write(RawMcp.call(5, tool, Map.of())))
            .build(),
        RawMcp.ofString());
  }

  private static Map<String, Object> result(String text, boolean isError) {
    return Map.of("content", List.of(Map.of("type", "text", "text", text)), "isError", isError);
  }
}
