package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Serving over stdio: one JSON-RPC message per line, and end of input ends everything. */
class StdioTest {

  @Test
  void endOfInputCancelsRunningCallsAndReturns() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch cancelled = new CountDownLatch(1);
    PipedOutputStream toServer = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(toServer);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Toolkit toolkit =
        Toolkit.builder().builtins(false).tools(Fixtures.hang(started, cancelled)).build()) {
      CompletableFuture<Void> serving = Fixtures.serveStdio(toolkit, in, out);
      toServer.write(
          (Json.write(RawMcp.initialize(1))
                  + "\n"
                  + Json.write(RawMcp.call(2, "hang", Map.of()))
                  + "\n")
              .getBytes(StandardCharsets.UTF_8));
      toServer.flush();
      assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
      toServer.close();
      serving.get(30, TimeUnit.SECONDS);
      assertThat(cancelled.getCount()).isZero();
    }
    List<String> lines = Arrays.asList(out.toString(StandardCharsets.UTF_8).split("\n"));
    assertThat(lines).hasSize(1);
    Map<String, Object> init = Json.parseObject(lines.get(0));
    assertThat(init).containsEntry("id", 1).containsKey("result");
  }

  @Test
  void progressAndTheResultAreLinesOnStdout() throws Exception {
    PipedOutputStream toServer = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(toServer);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Map<String, Object> call = RawMcp.callWithProgress(2, "test_tool_with_progress", 7);
    try (Toolkit toolkit = Fixtures.conformanceToolkit()) {
      CompletableFuture<Void> serving = Fixtures.serveStdio(toolkit, in, out);
      toServer.write(
          (Json.write(RawMcp.initialize(1)) + "\n" + Json.write(call) + "\n")
              .getBytes(StandardCharsets.UTF_8));
      toServer.flush();
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (out.toString(StandardCharsets.UTF_8).lines().count() < 5
          && System.nanoTime() < until) {
        Thread.sleep(10);
      }
      toServer.close();
      serving.get(30, TimeUnit.SECONDS);
    }
    List<Map<String, Object>> lines =
        out.toString(StandardCharsets.UTF_8).lines().map(Json::parseObject).toList();
    assertThat(lines).hasSize(5);
    assertThat(lines.subList(1, 4))
        .extracting(m -> m.get("method"), m -> ((Map<?, ?>) m.get("params")).get("progressToken"))
        .containsOnly(org.assertj.core.groups.Tuple.tuple("notifications/progress", 7));
    assertThat(
            lines.subList(1, 4).stream()
                .map(m -> (Object) ((Map<?, ?>) m.get("params")).get("progress"))
                .toList())
        .containsExactly(0.0, 50.0, 100.0);
    assertThat(lines.get(4)).containsEntry("id", 2).containsKey("result");
  }

  @Test
  void aLineThatIsNotJsonGetsAParseError() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Toolkit toolkit = Fixtures.conformanceToolkit()) {
      McpServe.stdio(
          toolkit,
          McpServeOptions.defaults(),
          new java.io.ByteArrayInputStream("{oops\n".getBytes(StandardCharsets.UTF_8)),
          out);
    }
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,"
                + "\"message\":\"Parse error: the line is not JSON\"}}\n");
  }
}
