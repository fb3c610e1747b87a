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
}
