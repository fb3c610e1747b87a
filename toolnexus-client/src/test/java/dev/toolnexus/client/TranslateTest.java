package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.anthropicCalls;
import static dev.toolnexus.client.Fixtures.openaiCalls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Json;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SPEC §11: translate, one call, nothing executed, OpenAI shapes in and out. */
class TranslateTest {
  private final FakeProvider provider = new FakeProvider();
  private final AtomicInteger executed = new AtomicInteger();
  private final Toolkit kit =
      Fixtures.kit(
          Tools.define(
              "get_time",
              "Current time in a city",
              Fixtures.WEATHER_SCHEMA,
              (args, ctx) -> {
                executed.incrementAndGet();
                return "12:00";
              }));

  TranslateTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static final String WEATHER_TOOL =
      "{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"description\":\"Weather\","
          + "\"parameters\":{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}}}}}";

  /** A conversation the caller owns: a finished tool turn with two results, arguments both ways. */
  private static List<Map<String, Object>> conversation() {
    return list(
        "[{\"role\":\"system\",\"content\":\"Be terse.\"},"
            + "{\"role\":\"developer\",\"content\":[{\"type\":\"text\",\"text\":\"Use metric.\"}]},"
            + "{\"role\":\"user\",\"content\":\"Weather in Oslo and Rome?\"},"
            + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":["
            + "{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"arguments\":\"{\\\"location\\\":\\\"Oslo\\\"}\"}},"
            + "{\"id\":\"c2\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"arguments\":{\"location\":\"Rome\"}}}]},"
            + "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"Sunny\"},"
            + "{\"role\":\"tool\",\"tool_call_id\":\"c2\",\"content\":\"Rain\"},"
            + "{\"role\":\"user\",\"content\":\"And Paris?\"}]");
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(String json) {
    return (List<Map<String, Object>>) (List<?>) Json.parseArray(json);
  }

  private static List<Object> pluck(Object list, Function<Map<?, ?>, Object> f) {
    List<Object> out = new ArrayList<>();
    for (Object o : (List<?>) list) {
      out.add(f.apply((Map<?, ?>) o));
    }
    return out;
  }

  private static Map<String, Object> map(String json) {
    return Json.parseObject(json);
  }

  @Test
  void anthropicUpstreamGetsNativeBlocksWithResultsMergedIntoOneUserTurn() {
    provider.json(
        anthropicCalls(
            null, 30, 12, new String[] {"toolu_1", "get_weather", "{\"location\":\"Paris\"}"}));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    TranslateResult r =
        client.translate(
            TranslateRequest.of(conversation()).withTools(list("[" + WEATHER_TOOL + "]")));

    Map<String, Object> body = Json.parseObject(provider.request(0).body());
    assertThat(body.get("system")).isEqualTo("Be terse.\n\nUse metric.");
    assertThat(body.get("messages"))
        .isEqualTo(
            list(
                "[{\"role\":\"user\",\"content\":\"Weather in Oslo and Rome?\"},"
                    + "{\"role\":\"assistant\",\"content\":["
                    + "{\"type\":\"tool_use\",\"id\":\"c1\",\"name\":\"get_weather\","
                    + "\"input\":{\"location\":\"Oslo\"}},"
                    + "{\"type\":\"tool_use\",\"id\":\"c2\",\"name\":\"get_weather\","
                    + "\"input\":{\"location\":\"Rome\"}}]},"
                    + "{\"role\":\"user\",\"content\":["
                    + "{\"type\":\"tool_result\",\"tool_use_id\":\"c1\",\"content\":\"Sunny\","
                    + "\"is_error\":false},"
                    + "{\"type\":\"tool_result\",\"tool_use_id\":\"c2\",\"content\":\"Rain\","
                    + "\"is_error\":false}]},"
                    + "{\"role\":\"user\",\"content\":\"And Paris?\"}]"));
    assertThat(body.get("tools"))
        .isEqualTo(
            list(
                "[{\"name\":\"get_weather\",\"description\":\"Weather\",\"input_schema\":"
                    + "{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}}}}]"));
    assertThat(provider.requests()).hasSize(1);

    assertThat(r.toolCalls())
        .containsExactly(new ToolCall("toolu_1", "get_weather", "{\"location\":\"Paris\"}"));
    assertThat(r.finishReason()).isEqualTo("tool_calls");
    assertThat(r.text()).isEmpty();
    assertThat(r.usage()).isEqualTo(new Usage(30, 12, 42));
    assertThat(r.model()).isEqualTo("claude-sonnet-4-5");
    assertThat(r.raw()).containsEntry("id", "msg_01");
  }

  @Test
  void anExplicitSystemOverridesTheMessagesOwn() {
    provider.json(Fixtures.anthropicText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    client.translate(TranslateRequest.of(conversation()).withSystem("Only this."));

    assertThat(Json.parseObject(provider.request(0).body()).get("system")).isEqualTo("Only this.");
  }

  @Test
  void openAiUpstreamSendsTheConversationToolChoiceAndMaxTokens() {
    provider.json(
        openaiCalls(
            20,
            5,
            new String[] {"call_9", "get_weather", "{\"location\": \"Paris\"}"},
            new String[] {"call_10", "get_time", "{\"location\":\"Paris\"}"}));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    TranslateResult r =
        client.translate(
            TranslateRequest.of(conversation())
                .withToolkit(kit)
                .withTools(list("[" + WEATHER_TOOL + "]"))
                .withToolChoice("required")
                .withMaxTokens(256));

    Map<String, Object> body = Json.parseObject(provider.request(0).body());
    assertThat(body.get("tool_choice")).isEqualTo("required");
    assertThat(body.get("max_completion_tokens")).isEqualTo(256);
    assertThat(body).doesNotContainKey("max_tokens");
    assertThat(pluck(body.get("tools"), t -> ((Map<?, ?>) t.get("function")).get("name")))
        .containsExactly("get_time", "get_weather");
    assertThat(((List<?>) body.get("messages")).get(0))
        .isEqualTo(map("{\"role\":\"system\",\"content\":\"Be terse.\\n\\nUse metric.\"}"));
    assertThat(((List<?>) body.get("messages")).get(2))
        .isEqualTo(
            map(
                "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":["
                    + "{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                    + "\"arguments\":\"{\\\"location\\\":\\\"Oslo\\\"}\"}},"
                    + "{\"id\":\"c2\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                    + "\"arguments\":\"{\\\"location\\\":\\\"Rome\\\"}\"}}]}"));
    assertThat(r.toolCalls())
        .containsExactly(
            new ToolCall("call_9", "get_weather", "{\"location\": \"Paris\"}"),
            new ToolCall("call_10", "get_time", "{\"location\":\"Paris\"}"));
    assertThat(executed.get()).isZero();
  }

  @Test
  void anthropicToolChoiceIsMappedToItsOwnShape() {
    provider.json(Fixtures.anthropicText("ok", 1, 1)).json(Fixtures.anthropicText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    client.translate(TranslateRequest.of(conversation()).withToolChoice("required"));
    client.translate(
        TranslateRequest.of(conversation())
            .withToolChoice(map("{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"}}"))
            .withMaxTokens(99));

    assertThat(Json.parseObject(provider.request(0).body()).get("tool_choice"))
        .isEqualTo(map("{\"type\":\"any\"}"));
    Map<String, Object> second = Json.parseObject(provider.request(1).body());
    assertThat(second.get("tool_choice"))
        .isEqualTo(map("{\"type\":\"tool\",\"name\":\"get_weather\"}"));
    assertThat(second.get("max_tokens")).isEqualTo(99);
  }

  @Test
  void geminiUpstreamGetsFunctionCallsAndOneUserTurnOfResponses() {
    provider.json(
        "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"functionCall\":"
            + "{\"name\":\"get_weather\",\"args\":{\"location\":\"Paris\"}}}]},"
            + "\"finishReason\":\"STOP\",\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":9,"
            + "\"candidatesTokenCount\":3,\"totalTokenCount\":12}}");
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());

    TranslateResult r =
        client.translate(
            TranslateRequest.of(conversation())
                .withTools(list("[" + WEATHER_TOOL + "]"))
                .withToolChoice("none")
                .withMaxTokens(64));

    Map<String, Object> body = Json.parseObject(provider.request(0).body());
    List<?> contents = (List<?>) body.get("contents");
    assertThat(pluck(contents, c -> c.get("role")))
        .containsExactly("user", "model", "user", "user");
    List<?> modelParts = (List<?>) ((Map<?, ?>) contents.get(1)).get("parts");
    assertThat(pluck(modelParts, p -> p.get("functionCall")))
        .containsExactly(
            map("{\"name\":\"get_weather\",\"args\":{\"location\":\"Oslo\"}}"),
            map("{\"name\":\"get_weather\",\"args\":{\"location\":\"Rome\"}}"));
    List<?> responses = (List<?>) ((Map<?, ?>) contents.get(2)).get("parts");
    assertThat(pluck(responses, p -> p.containsKey("functionResponse")))
        .containsExactly(true, true);
    assertThat(body.get("toolConfig"))
        .isEqualTo(map("{\"functionCallingConfig\":{\"mode\":\"NONE\"}}"));
    assertThat(body.get("generationConfig")).isEqualTo(map("{\"maxOutputTokens\":64}"));
    assertThat(body).containsKey("systemInstruction");

    assertThat(r.toolCalls())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.name()).isEqualTo("get_weather");
              assertThat(Json.parseObject(c.arguments())).isEqualTo(Map.of("location", "Paris"));
            });
    assertThat(r.finishReason()).isEqualTo("tool_calls");
    assertThat(r.usage()).isEqualTo(new Usage(9, 3, 12));
  }

  @Test
  void finishReasonsMapToOpenAisSet() {
    assertThat(TranslateResult.finishReason(true, "end_turn")).isEqualTo("tool_calls");
    assertThat(TranslateResult.finishReason(true, "max_tokens")).isEqualTo("tool_calls");
    assertThat(TranslateResult.finishReason(false, "max_tokens")).isEqualTo("length");
    assertThat(TranslateResult.finishReason(false, "length")).isEqualTo("length");
    assertThat(TranslateResult.finishReason(false, "MAX_TOKENS")).isEqualTo("length");
    assertThat(TranslateResult.finishReason(false, "refusal")).isEqualTo("content_filter");
    assertThat(TranslateResult.finishReason(false, "content_filter")).isEqualTo("content_filter");
    assertThat(TranslateResult.finishReason(false, "SAFETY")).isEqualTo("content_filter");
    assertThat(TranslateResult.finishReason(false, "end_turn")).isEqualTo("stop");
    assertThat(TranslateResult.finishReason(false, "stop_sequence")).isEqualTo("stop");
    assertThat(TranslateResult.finishReason(false, null)).isEqualTo("stop");
  }

  @Test
  void aTruncatedAnthropicAnswerFinishesWithLength() {
    provider.json(
        "{\"id\":\"msg_3\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"c\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"Par\"}],\"stop_reason\":\"max_tokens\","
            + "\"usage\":{\"input_tokens\":4,\"output_tokens\":1}}");
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    TranslateResult r = client.translate(TranslateRequest.of(conversation()));

    assertThat(r.text()).isEqualTo("Par");
    assertThat(r.finishReason()).isEqualTo("length");
  }

  @Test
  void llmHooksFireOnceToolHooksNeverAndNothingRunsEvenAcrossARetry() {
    List<String> fired = new CopyOnWriteArrayList<>();
    List<MetricEvent> events = new CopyOnWriteArrayList<>();
    provider
        .error(503, "{\"error\":{\"message\":\"busy\"}}")
        .json(openaiCalls(5, 5, new String[] {"c9", "get_time", "{\"location\":\"Oslo\"}"}));
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .sleeper((d, c) -> {})
                .onMetric(events::add)
                .requestParams(Map.of("temperature", 0))
                .hooks(
                    new Hooks() {
                      @Override
                      public LlmOverride beforeLLM(LlmRequestEvent e) {
                        fired.add("beforeLLM " + e.turn());
                        return LlmOverride.model("gpt-4.1");
                      }

                      @Override
                      public void afterLLM(LlmResponseEvent e) {
                        fired.add("afterLLM " + e.model());
                      }

                      @Override
                      public ToolOverride beforeTool(ToolCallEvent e) {
                        fired.add("beforeTool");
                        return null;
                      }

                      @Override
                      public ToolResult afterTool(ToolResultEvent e) {
                        fired.add("afterTool");
                        return null;
                      }
                    })
                .build());

    TranslateResult r = client.translate(TranslateRequest.of(conversation()).withToolkit(kit));

    assertThat(fired).containsExactly("beforeLLM 0", "afterLLM gpt-4.1");
    assertThat(provider.requests()).hasSize(2);
    assertThat(Json.parseObject(provider.request(1).body()))
        .containsEntry("model", "gpt-4.1")
        .containsEntry("temperature", 0);
    assertThat(r.model()).isEqualTo("gpt-4.1");
    assertThat(executed.get()).isZero();
    assertThat(events).singleElement().isInstanceOf(MetricEvent.LlmEvent.class);
    assertThat(client.metrics())
        .contains("toolnexus_llm_requests_total{model=\"gpt-4.1\",status=\"ok\"} 1\n");
  }

  @Test
  void contentPartsKeepTheirMediaAndConcatenateTheirText() {
    provider.json(Fixtures.anthropicText("a cat", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    client.translate(
        TranslateRequest.of(
            list(
                "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"What is \"},"
                    + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}},"
                    + "{\"type\":\"text\",\"text\":\"this?\"}]}]")));

    assertThat(((List<?>) Json.parseObject(provider.request(0).body()).get("messages")).get(0))
        .isEqualTo(
            map(
                "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"What is this?\"},"
                    + "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":"
                    + "\"image/png\",\"data\":\"iVBORw0KGgo=\"}}]}"));
  }

  @Test
  void anUnreadableMessageIsAnErrorNamingItAndNothingIsSent() {
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());
    List<Map<String, Object>> bad = new ArrayList<>(conversation());
    bad.add(map("{\"content\":\"no role\"}"));

    assertThatThrownBy(() -> client.translate(TranslateRequest.of(bad)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("messages[7]")
        .hasMessageContaining("role");
    assertThat(provider.requests()).isEmpty();
  }
}
