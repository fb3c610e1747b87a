package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Request;
import dev.toolnexus.Source;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.MetricEvent.LlmEvent;
import dev.toolnexus.client.MetricEvent.RunEvent;
import dev.toolnexus.client.MetricEvent.ToolEvent;
import dev.toolnexus.client.metrics.PrometheusRegistry;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SPEC §8 "Observability": onMetric events and the byte-exact Prometheus text. */
class MetricsTest {
  private final FakeProvider provider = new FakeProvider();
  private final ManualClock clock = new ManualClock();
  private final Deque<Long> llmDurations = new ArrayDeque<>();
  private final List<MetricEvent> events = new CopyOnWriteArrayList<>();

  MetricsTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static final String EMPTY =
      "# HELP toolnexus_llm_requests_total Total LLM requests.\n"
          + "# TYPE toolnexus_llm_requests_total counter\n"
          + "# HELP toolnexus_llm_tokens_total Total tokens, by type.\n"
          + "# TYPE toolnexus_llm_tokens_total counter\n"
          + "# HELP toolnexus_llm_request_duration_seconds LLM request duration in seconds.\n"
          + "# TYPE toolnexus_llm_request_duration_seconds histogram\n"
          + "# HELP toolnexus_tool_calls_total Total tool calls.\n"
          + "# TYPE toolnexus_tool_calls_total counter\n"
          + "# HELP toolnexus_tool_duration_seconds Tool execution duration in seconds.\n"
          + "# TYPE toolnexus_tool_duration_seconds histogram\n"
          + "# HELP toolnexus_run_errors_total Total run errors.\n"
          + "# TYPE toolnexus_run_errors_total counter\n";

  /** A client whose LLM calls take the next scripted duration on the manual clock. */
  private LlmClient client() {
    LlmTransport http = LlmTransport.of(java.net.http.HttpClient.newHttpClient());
    return LlmClient.create(
        Fixtures.openai(provider)
            .clock(clock)
            .retries(0)
            .onMetric(events::add)
            .transport(
                (request, cancel) -> {
                  clock.advance(llmDurations.poll());
                  return http.send(request, cancel);
                })
            .build());
  }

  private Toolkit kit() {
    return Fixtures.kit(
        Tools.define(
            "get_weather",
            "Current weather for a city",
            Fixtures.WEATHER_SCHEMA,
            (args, ctx) -> {
              clock.advance(40);
              return "Sunny";
            }),
        Tools.define(
            "ask_user",
            "Ask the user",
            "{\"type\":\"object\",\"properties\":{}}",
            (args, ctx) -> ToolResult.pending(Request.of("question", "Which city?"))));
  }

  @Test
  void beforeAnyActivityOnlyHelpAndTypeLinesRender() {
    assertThat(client().metrics()).isEqualTo(EMPTY);
  }

  @Test
  void aScriptedRunRendersExactlyThisText() {
    LlmClient client = client();
    Toolkit kit = kit();
    // run 1: a tool turn (120 ms), the weather tool (40 ms), the answer (1500 ms)
    provider
        .json(openaiCalls(82, 17, new String[] {"c1", "get_weather", "{\"location\":\"Oslo\"}"}))
        .json(openaiText("Sunny in Oslo", 120, 9));
    llmDurations.add(120L);
    llmDurations.add(1500L);
    client.run("Weather in Oslo?", kit);
    // run 2: the provider refuses (10 ms)
    provider.error(400, "{\"error\":{\"message\":\"bad\"}}");
    llmDurations.add(10L);
    assertThatThrownBy(() -> client.run("again", kit)).isInstanceOf(LlmException.class);
    // run 3: a tool suspends (50 ms for the model, 0 ms for the tool)
    provider.json(openaiCalls(10, 5, new String[] {"c2", "ask_user", "{}"}));
    llmDurations.add(50L);
    RunResult pending = client.run("Ask me", kit);
    assertThat(pending.status()).isEqualTo(RunStatus.PENDING);

    assertThat(client.metrics())
        .isEqualTo(
            "# HELP toolnexus_llm_requests_total Total LLM requests.\n"
                + "# TYPE toolnexus_llm_requests_total counter\n"
                + "toolnexus_llm_requests_total{model=\"gpt-4o-mini\",status=\"error\"} 1\n"
                + "toolnexus_llm_requests_total{model=\"gpt-4o-mini\",status=\"ok\"} 3\n"
                + "# HELP toolnexus_llm_tokens_total Total tokens, by type.\n"
                + "# TYPE toolnexus_llm_tokens_total counter\n"
                + "toolnexus_llm_tokens_total{type=\"completion\"} 31\n"
                + "toolnexus_llm_tokens_total{type=\"prompt\"} 212\n"
                + "# HELP toolnexus_llm_request_duration_seconds LLM request duration in seconds.\n"
                + "# TYPE toolnexus_llm_request_duration_seconds histogram\n"
                + llmBuckets("model=\"gpt-4o-mini\"", 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4)
                + "toolnexus_llm_request_duration_seconds_sum{model=\"gpt-4o-mini\"} 1.6800000000000002\n"
                + "toolnexus_llm_request_duration_seconds_count{model=\"gpt-4o-mini\"} 4\n"
                + "# HELP toolnexus_tool_calls_total Total tool calls.\n"
                + "# TYPE toolnexus_tool_calls_total counter\n"
                + "toolnexus_tool_calls_total{tool=\"ask_user\",source=\"native\",is_error=\"false\",pending=\"true\"} 1\n"
                + "toolnexus_tool_calls_total{tool=\"get_weather\",source=\"native\",is_error=\"false\",pending=\"false\"} 1\n"
                + "# HELP toolnexus_tool_duration_seconds Tool execution duration in seconds.\n"
                + "# TYPE toolnexus_tool_duration_seconds histogram\n"
                + toolBuckets("tool=\"ask_user\"", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
                + "toolnexus_tool_duration_seconds_sum{tool=\"ask_user\"} 0\n"
                + "toolnexus_tool_duration_seconds_count{tool=\"ask_user\"} 1\n"
                + toolBuckets("tool=\"get_weather\"", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
                + "toolnexus_tool_duration_seconds_sum{tool=\"get_weather\"} 0.04\n"
                + "toolnexus_tool_duration_seconds_count{tool=\"get_weather\"} 1\n"
                + "# HELP toolnexus_run_errors_total Total run errors.\n"
                + "# TYPE toolnexus_run_errors_total counter\n"
                + "toolnexus_run_errors_total{model=\"gpt-4o-mini\"} 1\n");
  }

  @Test
  void onMetricReceivesOneEventPerLlmCallToolCallAndRun() {
    LlmClient client = client();
    provider
        .json(openaiCalls(82, 17, new String[] {"c1", "get_weather", "{\"location\":\"Oslo\"}"}))
        .json(openaiText("Sunny in Oslo", 120, 9));
    llmDurations.add(120L);
    llmDurations.add(1500L);

    client.run("Weather in Oslo?", kit());

    assertThat(events)
        .containsExactly(
            new LlmEvent("gpt-4o-mini", MetricEvent.Status.OK, 120, 82, 17),
            new ToolEvent("get_weather", Source.NATIVE, false, 40, false),
            new LlmEvent("gpt-4o-mini", MetricEvent.Status.OK, 1500, 120, 9),
            new RunEvent("gpt-4o-mini", 2, 1, 228, 1660, null));
  }

  @Test
  void aSuspendedToolIsMarkedPendingAndNotAnError() {
    LlmClient client = client();
    provider.json(openaiCalls(10, 5, new String[] {"c2", "ask_user", "{}"}));
    llmDurations.add(50L);

    client.run("Ask me", kit());

    assertThat(events).contains(new ToolEvent("ask_user", Source.NATIVE, false, 0, true));
    assertThat(events.get(events.size() - 1))
        .isEqualTo(new RunEvent("gpt-4o-mini", 1, 1, 15, 50, null));
  }

  @Test
  void aFailedRunCarriesItsErrorAndAnErrorLlmEvent() {
    LlmClient client = client();
    provider.error(400, "{\"error\":{\"message\":\"bad\"}}");
    llmDurations.add(10L);

    assertThatThrownBy(() -> client.run("again", kit())).isInstanceOf(LlmException.class);

    assertThat(events.get(0))
        .isEqualTo(new LlmEvent("gpt-4o-mini", MetricEvent.Status.ERROR, 10, 0, 0));
    assertThat(events.get(1))
        .isInstanceOfSatisfying(
            RunEvent.class, r -> assertThat(r.error()).startsWith("LLM request failed: HTTP 400"));
  }

  @Test
  void labelValuesAreEscapedAndTheCrossPortReferenceRendersByteForByte() {
    PrometheusRegistry r = new PrometheusRegistry();
    r.record(new LlmEvent("gpt-x", MetricEvent.Status.OK, 120, 3, 2));
    r.record(new ToolEvent("add", Source.NATIVE, false, 40, false));
    r.record(new RunEvent("gpt-x", 2, 1, 16, 200, null));
    r.record(new RunEvent("a\"b\\c\nd", 1, 0, 0, 5, "boom"));

    assertThat(r.render())
        .contains("toolnexus_llm_request_duration_seconds_sum{model=\"gpt-x\"} 0.12\n")
        .contains(
            "toolnexus_tool_calls_total{tool=\"add\",source=\"native\",is_error=\"false\","
                + "pending=\"false\"} 1\n")
        .contains("toolnexus_llm_tokens_total{type=\"completion\"} 2\n")
        .endsWith(
            "# TYPE toolnexus_run_errors_total counter\n"
                + "toolnexus_run_errors_total{model=\"a\\\"b\\\\c\\nd\"} 1\n");
  }

  private static String llmBuckets(String labels, long... counts) {
    return buckets("toolnexus_llm_request_duration_seconds", labels, counts);
  }

  private static String toolBuckets(String labels, long... counts) {
    return buckets("toolnexus_tool_duration_seconds", labels, counts);
  }

  private static String buckets(String name, String labels, long... counts) {
    String[] le = {"0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "30", "60", "+Inf"};
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < le.length; i++) {
      b.append(name)
          .append("_bucket{")
          .append(labels)
          .append(",le=\"")
          .append(le[i])
          .append("\"} ")
          .append(counts[i])
          .append('\n');
    }
    return b.toString();
  }
}
