package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Usage read in full: Anthropic's {@code input_tokens} leaves out cache writes and reads (its usage
 * object reports them in {@code cache_creation_input_tokens} and {@code cache_read_input_tokens});
 * Gemini's {@code candidatesTokenCount} leaves out {@code thoughtsTokenCount} and {@code
 * promptTokenCount} leaves out {@code toolUsePromptTokenCount}, all of which {@code
 * totalTokenCount} includes. Prompt + completion = total, in whole answers, streams and metrics.
 */
class UsageReadingTest {
  private final FakeProvider provider = new FakeProvider();
  private final List<MetricEvent> metrics = new ArrayList<>();

  UsageReadingTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static final String ANTHROPIC_CACHED =
      "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"c\","
          + "\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"stop_reason\":\"end_turn\","
          + "\"usage\":{\"input_tokens\":10,\"cache_creation_input_tokens\":200,"
          + "\"cache_read_input_tokens\":3000,\"output_tokens\":7}}";

  private static final String GEMINI_THINKING =
      "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"hi\"}]},"
          + "\"finishReason\":\"STOP\",\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":12,"
          + "\"candidatesTokenCount\":5,\"thoughtsTokenCount\":40,\"toolUsePromptTokenCount\":3,"
          + "\"cachedContentTokenCount\":8,\"totalTokenCount\":60}}";

  private LlmClient client(Style style) {
    return LlmClient.create(Wire.client(style, provider).onMetric(metrics::add).build());
  }

  @Test
  void anthropicPromptTokensIncludeCacheWritesAndReadsWhichAreAlsoReportedApart() {
    provider.json(ANTHROPIC_CACHED);

    RunResult r = client(Style.ANTHROPIC).run("hi", Toolkit.of());

    assertThat(r.usage()).isEqualTo(new Usage(3210, 7, 3217, 200, 3000));
    assertThat(metrics.get(0))
        .isEqualTo(
            new MetricEvent.LlmEvent(
                "claude-sonnet-4-5",
                MetricEvent.Status.OK,
                ((MetricEvent.LlmEvent) metrics.get(0)).ms(),
                3210,
                7));
  }

  @Test
  void anthropicStreamReadsCacheTokensFromMessageStart() {
    provider.sse(
        "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\","
            + "\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"c\","
            + "\"usage\":{\"input_tokens\":10,\"cache_creation_input_tokens\":200,"
            + "\"cache_read_input_tokens\":3000,\"output_tokens\":1}}}\n\n",
        "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,"
            + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
        "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"text_delta\",\"text\":\"hi\"}}\n\n",
        "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
        "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":"
            + "\"end_turn\"},\"usage\":{\"output_tokens\":7}}\n\n",
        "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");

    RunResult r;
    try (RunStream s = client(Style.ANTHROPIC).stream("hi", RunOptions.of(Toolkit.of()))) {
      r = ((StreamEvent.Done) s.stream().reduce((a, b) -> b).orElseThrow()).result();
    }

    assertThat(r.usage()).isEqualTo(new Usage(3210, 7, 3217, 200, 3000));
  }

  @Test
  void geminiThoughtsAreCompletionAndToolUsePromptIsPromptSoTheySumToTotal() {
    provider.json(GEMINI_THINKING);

    RunResult r = client(Style.GEMINI).run("hi", Toolkit.of());

    assertThat(r.usage()).isEqualTo(new Usage(15, 45, 60, 0, 8));
    assertThat(((MetricEvent.LlmEvent) metrics.get(0)).promptTokens()).isEqualTo(15);
    assertThat(((MetricEvent.LlmEvent) metrics.get(0)).completionTokens()).isEqualTo(45);
  }

  @Test
  void geminiStreamUsageAddsUpTheSameWay() {
    provider.sse("data: " + GEMINI_THINKING + "\r\n\r\n");

    RunResult r;
    try (RunStream s = client(Style.GEMINI).stream("hi", RunOptions.of(Toolkit.of()))) {
      r = ((StreamEvent.Done) s.stream().reduce((a, b) -> b).orElseThrow()).result();
    }

    assertThat(r.usage()).isEqualTo(new Usage(15, 45, 60, 0, 8));
  }

  @Test
  void openAiCachedTokensAreReportedAsThePromptsCachedPart() {
    provider.json(
        "{\"id\":\"c\",\"object\":\"chat.completion\",\"model\":\"gpt-4.1-mini\",\"choices\":"
            + "[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"hi\"},"
            + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":2006,"
            + "\"completion_tokens\":300,\"total_tokens\":2306,"
            + "\"prompt_tokens_details\":{\"cached_tokens\":1920}}}");

    RunResult r = client(Style.OPENAI).run("hi", Toolkit.of());

    assertThat(r.usage()).isEqualTo(new Usage(2006, 300, 2306, 0, 1920));
  }
}
