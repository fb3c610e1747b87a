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
      CompletableFuture<Void> serving =
          CompletableFuture.runAsync(
              () -> {
                try {
                  McpServe.stdio(toolkit, McpServeOptions.defaults(), in, out);
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
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
