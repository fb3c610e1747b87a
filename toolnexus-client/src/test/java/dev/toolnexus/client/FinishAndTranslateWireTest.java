package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Answers read in full and translate on the real wire: the finish reason in one vocabulary with the
 * raw value (and Gemini's {@code finishMessage}) on run results, stream done events and translate;
 * the output cap as {@code max_completion_tokens} on OpenAI (Chat Completions deprecates {@code
 * max_tokens}, which reasoning models refuse); Gemini's {@code generationConfig} merged key by key;
 * Gemini thought signatures carried through OpenAI-shaped tool history.
 */
class FinishAndTranslateWireTest {
  private final FakeProvider provider = new FakeProvider();

  FinishAndTranslateWireTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(String json) {
    return (List<Map<String, Object>>) (List<?>) Json.parseArray(json);
  }

  private static final String ASK = "[{\"role\":\"user\",\"content\":\"Weather in Paris?\"}]";

  private static final String WEATHER_TOOL =
      "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"parameters\":"
          + "{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}}}}}]";

  @Test
  void openAiTranslateSendsTheCapAsMaxCompletionTokens() {
    provider.json(Fixtures.openaiText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    client.translate(TranslateRequest.of(list(ASK)).withMaxTokens(300));

    Map<String, Object> body = Json.parseObject(provider.request(0).body());
    assertThat(body).containsEntry("max_completion_tokens", 300).doesNotContainKey("max_tokens");
  }

  @Test
  void geminiTranslateMergesTheCapIntoTheHostsGenerationConfig() {
    provider.json(Wire.text(Style.GEMINI, "ok"));
    LlmClient client =
        LlmClient.create(
            Wire.client(Style.GEMINI, provider)
                .requestParams(Map.of("generationConfig", Map.of("temperature", 0.2)))
                .build());

    client.translate(TranslateRequest.of(list(ASK)).withMaxTokens(64));

    assertThat(Json.parseObject(provider.request(0).body()).get("generationConfig"))
        .isEqualTo(Map.of("maxOutputTokens", 64, "temperature", 0.2));
  }

  @Test
  void geminiThoughtSignaturesRideTheTranslateMessageAndGoBackOnTheFunctionCall() {
    provider
        .json(
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"functionCall\":"
                + "{\"name\":\"get_weather\",\"args\":{\"location\":\"Paris\"}},"
                + "\"thoughtSignature\":\"SIG_1\"}]},\"finishReason\":\"STOP\",\"index\":0}]}")
        .json(Wire.text(Style.GEMINI, "Sunny"));
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());

    TranslateResult first =
        client.translate(TranslateRequest.of(list(ASK)).withTools(list(WEATHER_TOOL)));
    String callId = first.toolCalls().get(0).id();
    List<Map<String, Object>> history = new ArrayList<>(list(ASK));
    history.add(Json.parseObject(Json.write(first.message()))); // as a caller would store it
    history.add(Map.of("role", "tool", "tool_call_id", callId, "content", "18C"));
    client.translate(TranslateRequest.of(history).withTools(list(WEATHER_TOOL)));

    assertThat(Json.write(first.message()))
        .contains("\"extra_content\":{\"google\":{\"thought_signature\":\"SIG_1\"}}");
    Map<?, ?> model =
        (Map<?, ?>) ((List<?>) Json.parseObject(provider.request(1).body()).get("contents")).get(1);
    assertThat(model.get("parts"))
        .isEqualTo(
            Json.parseArray(
                "[{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"location\":\"Paris\"}},"
                    + "\"thoughtSignature\":\"SIG_1\"}]"));
  }

  @Test
  void geminiTranslateOfUnsignedToolHistorySendsThePlaceholderOnTheFirstCallOfTheCurrentTurn() {
    provider.json(Wire.text(Style.GEMINI, "Sunny"));
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());
    List<Map<String, Object>> history =
        list(
            """
            [{"role":"user","content":"Weather in Paris?"},
             {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",
               "function":{"name":"get_weather","arguments":"{\\"location\\":\\"Paris\\"}"}}]},
             {"role":"tool","tool_call_id":"call_1","content":"18C"},
             {"role":"assistant","content":"18C in Paris."},
             {"role":"user","content":"And Rome and Oslo?"},
             {"role":"assistant","content":null,"tool_calls":[{"id":"call_2","type":"function",
               "function":{"name":"get_weather","arguments":"{\\"location\\":\\"Rome\\"}"}},
               {"id":"call_3","type":"function",
               "function":{"name":"get_weather","arguments":"{\\"location\\":\\"Oslo\\"}"}}]},
             {"role":"tool","tool_call_id":"call_2","content":"22C"},
             {"role":"tool","tool_call_id":"call_3","content":"3C"}]
            """);

    client.translate(TranslateRequest.of(history).withTools(list(WEATHER_TOOL)));

    List<?> contents = (List<?>) Json.parseObject(provider.request(0).body()).get("contents");
    assertThat(((Map<?, ?>) contents.get(1)).get("parts"))
        .isEqualTo(
            Json.parseArray(
                "[{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"location\":\"Paris\"}}}]"));
    assertThat(((Map<?, ?>) contents.get(5)).get("parts"))
        .isEqualTo(
            Json.parseArray(
                "[{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"location\":\"Rome\"}},"
                    + "\"thoughtSignature\":\"context_engineering_is_the_way_to_go\"},"
                    + "{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"location\":\"Oslo\"}}}]"));
  }

  @Test
  void geminiTranslateNeverReplacesARealSignatureWithThePlaceholder() {
    provider.json(Wire.text(Style.GEMINI, "Sunny"));
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());
    List<Map<String, Object>> history =
        list(
            """
            [{"role":"user","content":"Weather in Paris?"},
             {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",
               "function":{"name":"get_weather","arguments":"{}"},
               "extra_content":{"google":{"thought_signature":"SIG_REAL"}}}]},
             {"role":"tool","tool_call_id":"call_1","content":"18C"}]
            """);

    client.translate(TranslateRequest.of(history).withTools(list(WEATHER_TOOL)));

    List<?> contents = (List<?>) Json.parseObject(provider.request(0).body()).get("contents");
    assertThat(((Map<?, ?>) contents.get(1)).get("parts"))
        .isEqualTo(
            Json.parseArray(
                "[{\"functionCall\":{\"name\":\"get_weather\",\"args\":{}},"
                    + "\"thoughtSignature\":\"SIG_REAL\"}]"));
  }

  @Test
  void aRunCutOffByTheTokenLimitSaysLengthWithTheRawValue() {
    provider.json(
        "{\"id\":\"msg_3\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"c\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"Par\"}],\"stop_reason\":\"max_tokens\","
            + "\"usage\":{\"input_tokens\":4,\"output_tokens\":1}}");
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    RunResult r = client.run("Weather?", Toolkit.of());

    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.finishReason())
        .isEqualTo(new FinishReason(FinishReason.Kind.LENGTH, "max_tokens", null));
    assertThat(r.finishReason().truncated()).isTrue();
  }

  @Test
  void aGeminiSafetyStopIsContentFilterAndKeepsItsFinishMessage() {
    provider.json(
        "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"I\"}]},"
            + "\"finishReason\":\"SAFETY\",\"finishMessage\":\"blocked: dangerous content\","
            + "\"index\":0}]}");
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());

    RunResult r = client.run("hi", Toolkit.of());

    assertThat(r.finishReason())
        .isEqualTo(
            new FinishReason(
                FinishReason.Kind.CONTENT_FILTER, "SAFETY", "blocked: dangerous content"));
    assertThat(r.finishReason().blocked()).isTrue();
  }

  @Test
  void aGeminiMalformedFunctionCallIsAnErrorInTranslate() {
    provider.json(
        "{\"candidates\":[{\"finishReason\":\"MALFORMED_FUNCTION_CALL\","
            + "\"finishMessage\":\"Malformed function call: get_weather(\",\"index\":0}]}");
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());

    TranslateResult r =
        client.translate(TranslateRequest.of(list(ASK)).withTools(list(WEATHER_TOOL)));

    assertThat(r.finishReason()).isEqualTo("error");
    assertThat(r.finish())
        .isEqualTo(
            new FinishReason(
                FinishReason.Kind.ERROR,
                "MALFORMED_FUNCTION_CALL",
                "Malformed function call: get_weather("));
  }

  @Test
  void theStreamsDoneEventSaysTheAnswerWasCutOff() {
    provider.sse(
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Par\"},"
            + "\"finish_reason\":null}]}\n\n",
        "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}]}\n\n",
        "data: [DONE]\n\n");
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    StreamEvent last;
    try (RunStream s = client.stream("Weather?", RunOptions.of(Toolkit.of()))) {
      last = s.stream().reduce((a, b) -> b).orElseThrow();
    }

    assertThat(((StreamEvent.Done) last).finishReason())
        .isEqualTo(new FinishReason(FinishReason.Kind.LENGTH, "length", null));
  }

  @Test
  void aGeminiStreamKeepsTheFinishMessage() {
    provider.sse(
        "data: {\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"Pa\"}]}}]}"
            + "\r\n\r\n",
        "data: {\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"r\"}]},"
            + "\"finishReason\":\"MAX_TOKENS\",\"finishMessage\":\"out of tokens\"}]}\r\n\r\n");
    LlmClient client = LlmClient.create(Wire.client(Style.GEMINI, provider).build());

    StreamEvent last;
    try (RunStream s = client.stream("Weather?", RunOptions.of(Toolkit.of()))) {
      last = s.stream().reduce((a, b) -> b).orElseThrow();
    }

    assertThat(((StreamEvent.Done) last).finishReason())
        .isEqualTo(new FinishReason(FinishReason.Kind.LENGTH, "MAX_TOKENS", "out of tokens"));
  }
}
