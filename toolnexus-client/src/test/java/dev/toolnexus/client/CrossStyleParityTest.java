package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same toolkit and prompt through the openai, anthropic and gemini styles, each against a local
 * server speaking that provider's wire format, give the same answer and the same tool calls.
 */
class CrossStyleParityTest {
  private static final String PROMPT = "Weather and time in Paris?";

  private static final String OPENAI_CALLS =
      """
      {"id":"chatcmpl-1","object":"chat.completion","created":1767000000,"model":"gpt-4o",
       "choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[
         {"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}},
         {"id":"call_2","type":"function","function":{"name":"get_time","arguments":"{\\"zone\\":\\"CET\\"}"}}]},
         "finish_reason":"tool_calls"}],
       "usage":{"prompt_tokens":20,"completion_tokens":10,"total_tokens":30}}
      """;

  private static final String OPENAI_ANSWER =
      """
      {"id":"chatcmpl-2","object":"chat.completion","created":1767000001,"model":"gpt-4o",
       "choices":[{"index":0,"message":{"role":"assistant","content":"Paris: 18C, 14:00."},
         "finish_reason":"stop"}],
       "usage":{"prompt_tokens":50,"completion_tokens":8,"total_tokens":58}}
      """;

  private static final String ANTHROPIC_CALLS =
      """
      {"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5",
       "content":[{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}},
         {"type":"tool_use","id":"toolu_2","name":"get_time","input":{"zone":"CET"}}],
       "stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":20,"output_tokens":10}}
      """;

  private static final String ANTHROPIC_ANSWER =
      """
      {"id":"msg_2","type":"message","role":"assistant","model":"claude-sonnet-4-5",
       "content":[{"type":"text","text":"Paris: 18C, 14:00."}],
       "stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":50,"output_tokens":8}}
      """;

  /** What must be equal across styles: the answer, and each call's name, args, output, error. */
  private record Outcome(String text, List<List<Object>> calls) {
    static Outcome of(RunResult r) {
      return new Outcome(
          r.text(),
          r.toolCalls().stream()
              .map(c -> List.<Object>of(c.name(), c.args(), c.output(), c.isError()))
              .toList());
    }
  }

  private static RunResult run(Style style, String baseUrl) {
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .style(style)
                .baseUrl(baseUrl)
                .model("m")
                .apiKey("test-key")
                .build());
    return client.run(PROMPT, RunOptions.of(GeminiStyleTest.concurrentToolkit()));
  }

  @Test
  void openaiAnthropicAndGeminiGiveTheSameRunResult() throws Exception {
    Outcome openai;
    Outcome anthropic;
    Outcome gemini;
    try (FakeProvider p = new FakeProvider()) {
      p.json(OPENAI_CALLS).json(OPENAI_ANSWER);
      openai = Outcome.of(run(Style.OPENAI, p.baseUrl()));
    }
    try (FakeProvider p = new FakeProvider()) {
      p.json(ANTHROPIC_CALLS).json(ANTHROPIC_ANSWER);
      anthropic = Outcome.of(run(Style.ANTHROPIC, p.baseUrl()));
    }
    try (GeminiWireServer s = GeminiWireServer.start()) {
      s.reply(GeminiStyleTest.TWO_CALLS).reply(GeminiStyleTest.ANSWER);
      gemini = Outcome.of(run(Style.GEMINI, s.baseUrl()));
    }
    assertThat(gemini.text()).isEqualTo("Paris: 18C, 14:00.");
    assertThat(gemini.calls())
        .containsExactly(
            List.of("get_weather", java.util.Map.of("city", "Paris"), "18C in Paris", false),
            List.of("get_time", java.util.Map.of("zone", "CET"), "14:00 in CET", false));
    assertThat(openai).isEqualTo(gemini);
    assertThat(anthropic).isEqualTo(gemini);
  }

  private static String sse(String event, String data) {
    return (event == null ? "" : "event: " + event + "\n") + "data: " + data + "\n\n";
  }

  private static String openAiChunk(String delta, String finish) {
    return sse(
        null,
        "{\"id\":\"chatcmpl-s\",\"object\":\"chat.completion.chunk\",\"created\":1767000000,"
            + "\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":"
            + delta
            + ",\"finish_reason\":"
            + (finish == null ? "null" : "\"" + finish + "\"")
            + "}]}");
  }

  private static String openAiUsage(int prompt, int completion) {
    return sse(
        null,
        "{\"id\":\"chatcmpl-s\",\"object\":\"chat.completion.chunk\",\"created\":1767000000,"
            + "\"model\":\"gpt-4o\",\"choices\":[],\"usage\":{\"prompt_tokens\":"
            + prompt
            + ",\"completion_tokens\":"
            + completion
            + ",\"total_tokens\":"
            + (prompt + completion)
            + "}}");
  }

  private static String[] openAiStreamedCalls() {
    return new String[] {
      openAiChunk(
          "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"index\":0,\"id\":\"call_1\","
              + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}",
          null),
      openAiChunk(
          "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}]}",
          null),
      openAiChunk(
          "{\"tool_calls\":[{\"index\":1,\"id\":\"call_2\",\"type\":\"function\",\"function\":"
              + "{\"name\":\"get_time\",\"arguments\":\"{\\\"zone\\\":\\\"CET\\\"}\"}}]}",
          null),
      openAiChunk("{}", "tool_calls"),
      openAiUsage(20, 10),
      "data: [DONE]\n\n"
    };
  }

  private static String[] openAiStreamedAnswer() {
    return new String[] {
      openAiChunk("{\"role\":\"assistant\",\"content\":\"Paris: \"}", null),
      openAiChunk("{\"content\":\"18C, 14:00.\"}", null),
      openAiChunk("{}", "stop"),
      openAiUsage(50, 8),
      "data: [DONE]\n\n"
    };
  }

  private static String anthropicStart(int input) {
    return sse(
        "message_start",
        "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_s\",\"type\":\"message\","
            + "\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":[],"
            + "\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":"
            + input
            + ",\"output_tokens\":1}}}");
  }

  private static String anthropicToolUse(int index, String id, String name, String json) {
    return sse(
            "content_block_start",
            "{\"type\":\"content_block_start\",\"index\":"
                + index
                + ",\"content_block\":{\"type\":\"tool_use\",\"id\":\""
                + id
                + "\",\"name\":\""
                + name
                + "\",\"input\":{}}}")
        + sse(
            "content_block_delta",
            "{\"type\":\"content_block_delta\",\"index\":"
                + index
                + ",\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":"
                + dev.toolnexus.Json.write(json)
                + "}}")
        + sse("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + index + "}");
  }

  private static String anthropicEnd(String stopReason, int output) {
    return sse(
            "message_delta",
            "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\""
                + stopReason
                + "\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":"
                + output
                + "}}")
        + sse("message_stop", "{\"type\":\"message_stop\"}");
  }

  private static String textDelta(String text) {
    return sse(
        "content_block_delta",
        "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":"
            + dev.toolnexus.Json.write(text)
            + "}}");
  }

  private record Streamed(Outcome outcome, List<String> deltas, Usage usage) {}

  private static Streamed stream(Style style, String baseUrl) {
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .style(style)
                .baseUrl(baseUrl)
                .model("m")
                .apiKey("test-key")
                .build());
    List<String> deltas = new java.util.ArrayList<>();
    RunResult r =
        client.stream(
            PROMPT,
            RunOptions.of(GeminiStyleTest.concurrentToolkit()),
            e -> {
              if (e instanceof StreamEvent.Text t) {
                deltas.add(t.delta());
              }
            });
    return new Streamed(Outcome.of(r), deltas, r.usage());
  }

  @Test
  void streamedRunsGiveTheSameResultDeltasAndUsageInEveryStyle() throws Exception {
    Streamed openai;
    Streamed anthropic;
    Streamed gemini;
    try (FakeProvider p = new FakeProvider()) {
      p.sse(openAiStreamedCalls()).sse(openAiStreamedAnswer());
      openai = stream(Style.OPENAI, p.baseUrl());
    }
    try (FakeProvider p = new FakeProvider()) {
      p.sse(
              anthropicStart(20),
              anthropicToolUse(0, "toolu_1", "get_weather", "{\"city\":\"Paris\"}"),
              anthropicToolUse(1, "toolu_2", "get_time", "{\"zone\":\"CET\"}"),
              anthropicEnd("tool_use", 10))
          .sse(
              anthropicStart(50),
              sse(
                  "content_block_start",
                  "{\"type\":\"content_block_start\",\"index\":0,"
                      + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"),
              textDelta("Paris: "),
              textDelta("18C, 14:00."),
              sse("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"),
              anthropicEnd("end_turn", 8));
      anthropic = stream(Style.ANTHROPIC, p.baseUrl());
    }
    try (GeminiWireServer s = GeminiWireServer.start()) {
      s.replyStream(GeminiStyleTest.TWO_CALLS)
          .replyStream(
              "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"Paris: \"}]}}]}",
              "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"18C, 14:00.\"}]},"
                  + "\"finishReason\":\"STOP\"}],\"usageMetadata\":{\"promptTokenCount\":50,"
                  + "\"candidatesTokenCount\":8,\"totalTokenCount\":58}}");
      gemini = stream(Style.GEMINI, s.baseUrl());
    }
    assertThat(gemini.outcome().text()).isEqualTo("Paris: 18C, 14:00.");
    assertThat(gemini.deltas()).containsExactly("Paris: ", "18C, 14:00.");
    assertThat(openai.outcome()).isEqualTo(gemini.outcome());
    assertThat(anthropic.outcome()).isEqualTo(gemini.outcome());
    assertThat(openai.deltas()).isEqualTo(gemini.deltas());
    assertThat(anthropic.deltas()).isEqualTo(gemini.deltas());
    assertThat(openai.usage()).isEqualTo(new Usage(70, 18, 88));
    assertThat(anthropic.usage()).isEqualTo(new Usage(70, 18, 88));
    assertThat(gemini.usage()).isEqualTo(new Usage(70, 22, 92)); // thinking is output
  }
}
