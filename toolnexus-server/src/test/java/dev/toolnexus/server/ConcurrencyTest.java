package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Calls are served at the same time, never one after another. */
class ConcurrencyTest {

  @Test
  void aHundredCallsFromTwentyClientsAreAllInFlightAtOnce() throws Exception {
    int clients = 20;
    int perClient = 5;
    CountDownLatch gate = new CountDownLatch(clients * perClient);
    // Each call waits until every one of the hundred has started: served one at a time, the first
    // would wait out its 60 seconds and answer an error.
    var barrier =
        Tools.define(
            "barrier",
            "Waits for all callers",
            Map.of("type", "object", "properties", Map.of("n", Map.of("type", "integer"))),
            (args, ctx) -> {
              gate.countDown();
              return gate.await(60, TimeUnit.SECONDS) ? "all in: " + args.get("n") : "alone";
            });
    try (Toolkit toolkit = Toolkit.builder().builtins(false).tools(barrier).build();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        RawMcp client = RawMcp.connect(server.url());
        for (int i = 0; i < perClient; i++) {
          int n = c * perClient + i;
          calls.add(
              RawMcp.HTTP.sendAsync(
                  RawMcp.request(
                          server.url(),
                          client.session,
                          dev.toolnexus.Json.write(RawMcp.call(n, "barrier", Map.of("n", n))))
                      .build(),
                  RawMcp.ofString()));
        }
      }
      for (int n = 0; n < calls.size(); n++) {
        Map<String, Object> answer = RawMcp.answer(calls.get(n).get(90, TimeUnit.SECONDS));
        assertThat(answer.get("result"))
            .isEqualTo(
                Map.of(
                    "content",
                    List.of(Map.of("type", "text", "text", "all in: " + n)),
                    "isError",
                    false));
      }
      assertThat(server.sessionCount()).isEqualTo(clients);
    }
  }
}
