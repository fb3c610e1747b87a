package dev.toolnexus.a2a.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.TraceContext;
import dev.toolnexus.a2a.AgentOptions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What each HTTP request of one call is given: what is left of the budget, and the trace. */
class CallBudgetTest {
  private static final long BUDGET_MS = 3000;
  private static final long POLL_MS = 300;
  private static final String TRACEPARENT =
      "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  private StallingPeer peer;
  private RecordingHttpClient http;

  @BeforeEach
  void start() throws Exception {
    peer = new StallingPeer();
    http = new RecordingHttpClient();
  }

  @AfterEach
  void stop() {
    peer.close();
  }

  private RemoteAgent agent(Map<String, String> headers) {
    return RemoteAgent.open(
        AgentOptions.builder(peer.card())
            .headers(headers)
            .timeout(Duration.ofMillis(BUDGET_MS))
            .pollEvery(Duration.ofMillis(POLL_MS))
            .build(),
        new CancelToken(),
        http);
  }

  private static ToolContext traced() {
    Map<String, String> entries = new LinkedHashMap<>();
    entries.put(TraceContext.TRACEPARENT, TRACEPARENT);
    entries.put(TraceContext.TRACESTATE, "vendor=abc");
    return ToolContext.empty().with(TraceContext.class, new TraceContext(entries));
  }

  @Test
  void aStalledPollEndsTheCallAtTheBudgetWithTheLastStateSeen() {
    ToolResult r = agent(Map.of()).tools().get(0).execute(Map.of("task", "x"), ToolContext.empty());

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("A2A task t1 timed out after 3000ms (state=working)");
    assertThat(r.metadata()).containsEntry("state", "working").containsEntry("polls", 1);
    assertThat(peer.received)
        .extracting(StallingPeer.Received::method)
        .containsExactly("message/send", "tasks/get", "tasks/get");
  }

  @Test
  void eachRequestIsGivenWhatIsLeftOfTheBudgetNotTheWholeOfIt() {
    agent(Map.of()).tools().get(0).execute(Map.of("task", "x"), ToolContext.empty());

    List<Duration> timeouts = http.postTimeouts();
    assertThat(timeouts).hasSize(3);
    // the send comes first; one pause of pollEvery precedes the first poll, two the second
    assertThat(timeouts.get(0)).isLessThanOrEqualTo(Duration.ofMillis(BUDGET_MS));
    assertThat(timeouts.get(1)).isLessThanOrEqualTo(Duration.ofMillis(BUDGET_MS - POLL_MS));
    assertThat(timeouts.get(2)).isLessThanOrEqualTo(Duration.ofMillis(BUDGET_MS - 2 * POLL_MS));
    assertThat(timeouts.get(2)).isPositive();
  }

  @Test
  void everyRequestOfATracedCallCarriesItsTraceContext() {
    agent(Map.of()).tools().get(0).execute(Map.of("task", "x"), traced());

    assertThat(peer.received).hasSize(3);
    for (StallingPeer.Received r : peer.received) {
      assertThat(r.headers())
          .containsEntry("traceparent", TRACEPARENT)
          .containsEntry("tracestate", "vendor=abc");
    }
  }

  @Test
  void anUntracedCallSendsNoTraceHeaders() {
    agent(Map.of()).tools().get(0).execute(Map.of("task", "x"), ToolContext.empty());

    assertThat(peer.received)
        .allSatisfy(r -> assertThat(r.headers()).doesNotContainKeys("traceparent", "tracestate"));
  }

  @Test
  void aTraceparentTheAgentsHeadersSetWins() {
    agent(Map.of("traceparent", "00-11111111111111111111111111111111-2222222222222222-01"))
        .tools()
        .get(0)
        .execute(Map.of("task", "x"), traced());

    assertThat(peer.received)
        .allSatisfy(
            r ->
                assertThat(r.headers())
                    .containsEntry(
                        "traceparent", "00-11111111111111111111111111111111-2222222222222222-01")
                    .containsEntry("tracestate", "vendor=abc"));
  }
}
