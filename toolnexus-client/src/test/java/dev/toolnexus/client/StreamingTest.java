package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Toolkit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StreamingTest {
  // Long enough that the stalled provider's headers arrive inside it even on a loaded machine, so
  // what times out is the body, not the wait for a response.
  private static final Duration HEADERS_SURELY_SENT = Duration.ofSeconds(3);

  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather(), Fixtures.time());

  StreamingTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static String chunk(String deltaJson, String finish) {
    return "data: {\"id\":\"chatcmpl-s1\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
        + "\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"delta\":"
        + deltaJson
        + ",\"logprobs\":null,\"finish_reason\":"
        + (finish == null ? "null" : "\"" + finish + "\"")
        + "}]}\n\n";
  }

  private static String usageChunk(int p, int c) {
    return "data: {\"id\":\"chatcmpl-s1\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
        + "\"model\":\"gpt-4o-mini\",\"choices\":[],\"usage\":{\"prompt_tokens\":"
        + p
        + ",\"completion_tokens\":"
        + c
        + ",\"total_tokens\":"
        + (p + c)
        + "}}\n\n";
  }

  /** Two parallel tool calls whose fragments interleave by index, with comments and CRLF. */
  private void openAiToolTurn() {
    provider.sse(
        ": OPENROUTER PROCESSING\n\n",
        chunk(
            "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"index\":0,\"id\":\"call_a\","
                + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}",
            null),
        chunk(
                "{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\",\"type\":\"function\",\"function\":"
                    + "{\"name\":\"get_time\",\"arguments\":\"{\\\"loc\"}}]}",
                null)
            .replace("\n", "\r\n"),
        chunk(
            "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"location\\\":\"}}]}",
            null),
        ": keep-alive\n",
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"function\":\n"
            + "data: {\"arguments\":\"ation\\\":\\\"Paris\\\"}\"}}]},\"finish_reason\":null}]}\n\n",
        chunk(
            "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Paris\\\"}\"}}]}",
            null),
        chunk("{}", "tool_calls"),
        usageChunk(50, 20),
        "data: [DONE]\n\n");
  }

  private void openAiTextTurn() {
    provider.sse(
        chunk("{\"role\":\"assistant\",\"content\":\"\"}", null),
        chunk("{\"content\":\"It is \"}", null),
        chunk("{\"content\":\"sunny.\"}", null),
        chunk("{}", "stop"),
        usageChunk(80, 4),
        "data: [DONE]\n\n");
  }

  @Test
  void openAiStreamYieldsTypedEventsAndAssemblesToolCallsByIndex() {
    openAiToolTurn();
    openAiTextTurn();
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    List<StreamEvent> events = new ArrayList<>();
    try (RunStream stream = client.stream("Weather and time in Paris?", RunOptions.of(kit))) {
      stream.forEach(events::add);
    }

    assertThat(events)
        .extracting(StreamEvent::type)
        .containsExactly(
            "usage",
            "tool_call",
            "tool_call",
            "tool_result",
            "tool_result",
            "text",
            "text",
            "usage",
            "done");
    assertThat(events.get(1))
        .isEqualTo(
            new StreamEvent.ToolCallStart("call_a", "get_weather", Map.of("location", "Paris")));
    assertThat(events.get(2))
        .isEqualTo(
            new StreamEvent.ToolCallStart("call_b", "get_time", Map.of("location", "Paris")));
    assertThat(events.get(3))
        .isEqualTo(
            new StreamEvent.ToolResultEvent("call_a", "get_weather", "Sunny, 21C in Paris", false));
    assertThat(events.get(5)).isEqualTo(new StreamEvent.Text("It is "));
    assertThat(events.get(7)).isEqualTo(new StreamEvent.UsageEvent(new Usage(130, 24, 154)));
    RunResult r = ((StreamEvent.Done) events.get(8)).result();
    assertThat(r.text()).isEqualTo("It is sunny.");
    assertThat(r.turns()).isEqualTo(2);
    assertThat(r.status()).isEqualTo(RunStatus.DONE);

    assertThat(provider.request(0).body())
        .isEqualTo(
            "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":"
                + "\"Weather and time in Paris?\"}],\"tools\":"
                + dev.toolnexus.Json.write(kit.toOpenAI())
                + ",\"tool_choice\":\"auto\",\"stream\":true,\"stream_options\":{\"include_usage\":true}}");
    assertThat(provider.request(0).header("Accept")).isEqualTo("text/event-stream");
    assertThat(provider.request(1).body())
        .contains(
            "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_a\",\"type\":"
                + "\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":"
                + "\"{\\\"location\\\":\\\"Paris\\\"}\"}},{\"id\":\"call_b\",\"type\":\"function\","
                + "\"function\":{\"name\":\"get_time\",\"arguments\":\"{\\\"location\\\":\\\"Paris\\\"}\"}}]}");
  }

  @Test
  void theListenerFormDeliversTheSameEventsAndReturnsTheResult() {
    openAiTextTurn();
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    StringBuilder text = new StringBuilder();

    RunResult r =
        client.stream(
            "hi",
            RunOptions.of(kit),
            e -> {
              if (e instanceof StreamEvent.Text t) {
                text.append(t.delta());
              }
            });

    assertThat(text.toString()).isEqualTo("It is sunny.");
    assertThat(r.text()).isEqualTo("It is sunny.");
    assertThat(r.usage()).isEqualTo(new Usage(80, 4, 84));
  }

  private static String anthropicEvent(String name, String json) {
    return "event: " + name + "\ndata: " + json + "\n\n";
  }

  @Test
  void anthropicStreamAssemblesContentBlocksAndInputJsonDeltas() {
    provider.sse(
        anthropicEvent(
            "message_start",
            "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":"
                + "\"assistant\",\"content\":[],\"model\":\"claude-sonnet-4-5\",\"stop_reason\":null,"
                + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":472,\"output_tokens\":2}}}"),
        anthropicEvent(
            "content_block_start",
            "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"),
        anthropicEvent("ping", "{\"type\": \"ping\"}"),
        anthropicEvent(
            "content_block_delta",
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Okay, checking\"}}"),
        anthropicEvent("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"),
        anthropicEvent(
            "content_block_start",
            "{\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\","
                + "\"id\":\"toolu_01\",\"name\":\"get_weather\",\"input\":{}}}"),
        anthropicEvent(
            "content_block_delta",
            "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"\"}}"),
        anthropicEvent(
            "content_block_delta",
            "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\","
                + "\"partial_json\":\"{\\\"location\\\": \\\"San Fra\"}}"),
        anthropicEvent(
            "content_block_delta",
            "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\","
                + "\"partial_json\":\"ncisco, CA\\\"}\"}}"),
        anthropicEvent("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":1}"),
        anthropicEvent(
            "message_delta",
            "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\",\"stop_sequence\":null},"
                + "\"usage\":{\"output_tokens\":89}}"),
        anthropicEvent("message_stop", "{\"type\":\"message_stop\"}"));
    provider.sse(
        anthropicEvent(
            "message_start",
            "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_2\",\"type\":\"message\",\"role\":"
                + "\"assistant\",\"content\":[],\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input_tokens\":600,\"output_tokens\":1}}}"),
        anthropicEvent(
            "content_block_start",
            "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"),
        anthropicEvent(
            "content_block_delta",
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Sunny.\"}}"),
        anthropicEvent("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"),
        anthropicEvent(
            "message_delta",
            "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":5}}"),
        anthropicEvent("message_stop", "{\"type\":\"message_stop\"}"));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    List<StreamEvent> events;
    try (RunStream stream = client.stream("Weather in SF?", RunOptions.of(kit))) {
      events = stream.stream().toList();
    }

    assertThat(events)
        .extracting(StreamEvent::type)
        .containsExactly("text", "usage", "tool_call", "tool_result", "text", "usage", "done");
    assertThat(events.get(2))
        .isEqualTo(
            new StreamEvent.ToolCallStart(
                "toolu_01", "get_weather", Map.of("location", "San Francisco, CA")));
    RunResult r = ((StreamEvent.Done) events.get(6)).result();
    assertThat(r.text()).isEqualTo("Sunny.");
    assertThat(r.usage()).isEqualTo(new Usage(1072, 94, 1166));
    assertThat(Fixtures.parse(provider.request(0).body())).containsEntry("stream", true);
    assertThat(provider.request(1).body())
        .contains(
            "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Okay, checking\"},"
                + "{\"type\":\"tool_use\",\"id\":\"toolu_01\",\"name\":\"get_weather\",\"input\":"
                + "{\"location\":\"San Francisco, CA\"}}]}");
  }

  @Test
  void anOpenAiStreamCutInTheMiddleIsAClearError() {
    provider.sse(chunk("{\"role\":\"assistant\",\"content\":\"Hel\"}", null));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    try (RunStream stream = client.stream("hi", RunOptions.of(kit))) {
      Iterator<StreamEvent> it = stream.iterator();
      assertThat(it.next()).isEqualTo(new StreamEvent.Text("Hel"));
      assertThatThrownBy(it::hasNext)
          .isInstanceOf(LlmException.class)
          .hasMessage(
              "openai stream ended before completion (no finish_reason and no [DONE] after 1 chunks)");
    }
  }

  @Test
  void anAnthropicStreamWithoutMessageStopIsAClearError() {
    provider.sse(
        anthropicEvent(
            "message_start",
            "{\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"usage\":{\"input_tokens\":1}}}"),
        anthropicEvent(
            "content_block_start",
            "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    assertThatThrownBy(() -> client.stream("hi", RunOptions.of(kit), e -> {}))
        .isInstanceOf(LlmException.class)
        .hasMessage("anthropic stream ended before message_stop (after 2 events)");
  }

  @Test
  void aMalformedChunkIsAClearError() {
    provider.sse("data: {\"choices\":[{\"delta\":{\"content\":\"x\"}\n\n");
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    assertThatThrownBy(() -> client.stream("hi", RunOptions.of(kit), e -> {}))
        .isInstanceOf(LlmException.class)
        .hasMessageStartingWith("malformed openai stream chunk 1: ");
  }

  @Test
  void anAnthropicErrorEventFailsTheCall() {
    provider.sse(
        anthropicEvent(
            "error",
            "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    assertThatThrownBy(() -> client.stream("hi", RunOptions.of(kit), e -> {}))
        .isInstanceOf(LlmException.class)
        .hasMessage("anthropic stream error: overloaded_error: Overloaded");
  }

  @Test
  void closingTheStreamMidwayAbortsTheInFlightRequest() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    provider.stall(release);
    LlmClient client =
        LlmClient.create(Fixtures.openai(provider).requestTimeout(Duration.ofMinutes(5)).build());
    RunStream stream = client.stream("hi", RunOptions.of(kit));
    try {
      assertThat(provider.stalled.await(20, TimeUnit.SECONDS)).isTrue();
      stream.close();
      assertThatThrownBy(() -> stream.iterator().hasNext())
          .isInstanceOf(CancellationException.class)
          .hasMessage("run closed");
    } finally {
      release.countDown();
    }
  }

  @Test
  void aStalledProviderHitsTheRequestTimeoutInsteadOfHanging() {
    CountDownLatch release = new CountDownLatch(1);
    provider.stall(release);
    LlmClient client =
        LlmClient.create(Fixtures.openai(provider).requestTimeout(HEADERS_SURELY_SENT).build());
    try {
      assertThatThrownBy(() -> client.stream("hi", RunOptions.of(kit), e -> {}))
          .isInstanceOf(LlmException.class)
          .hasMessageContaining("no data from the provider within the request timeout");
    } finally {
      release.countDown();
    }
  }
}
