package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A translate that asks for a typed answer: one call, the provider's mechanism, one binding. */
class TypedTranslateTest {
  /** The typed answer the tests ask for. */
  public record Weather(String city, int celsius) {}

  private static final String ANSWER = "{\"city\":\"Oslo\",\"celsius\":21}";
  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
          + "\"celsius\":{\"type\":\"integer\"}},\"required\":[\"city\",\"celsius\"]}";
  private static final String STRICT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
          + "\"celsius\":{\"type\":\"integer\"}},\"required\":[\"city\",\"celsius\"],"
          + "\"additionalProperties\":false}";
  private static final List<Map<String, Object>> ASK =
      List.of(Map.of("role", "user", "content", "Weather in Oslo?"));
  private static final List<Map<String, Object>> TEMP_TOOL =
      List.of(
          Map.of(
              "type",
              "function",
              "function",
              Map.of("name", "temp", "description", "Temperature", "parameters", Map.of())));

  private static LlmClient client(FakeProvider p, Style style) {
    return client(p, style, "m");
  }

  private static LlmClient client(FakeProvider p, Style style, String model) {
    return LlmClient.create(
        ClientOptions.builder()
            .baseUrl(p.baseUrl())
            .style(style)
            .model(model)
            .apiKey("k")
            .retries(0)
            .build());
  }

  private static String openAiText(String content) {
    return "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
        + Json.write(content)
        + "},\"finish_reason\":\"stop\"}]}";
  }

  @Test
  void openAiSendsResponseFormatBesideTheToolsAndBindsTheAnswer() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText(ANSWER));

      TranslateResult r =
          client(p, Style.OPENAI)
              .translate(TranslateRequest.of(ASK).withTools(TEMP_TOOL).withOutput(Weather.class));

      assertThat(r.value(Weather.class)).isEqualTo(new Weather("Oslo", 21));
      assertThat(r.text()).isEqualTo(ANSWER);
      assertThat(p.request(0).body())
          .isEqualTo(
              "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Oslo?\"}],"
                  + "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"temp\","
                  + "\"description\":\"Temperature\",\"parameters\":{}}}],\"tool_choice\":\"auto\","
                  + "\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":"
                  + "\"Weather\",\"schema\":"
                  + STRICT_SCHEMA
                  + ",\"strict\":true}}}");
    }
  }

  @Test
  void openAiToolCallsComeBackWithNoValue() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(
          "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,"
              + "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":"
              + "\"temp\",\"arguments\":\"{}\"}}]},\"finish_reason\":\"tool_calls\"}]}");

      TranslateResult r =
          client(p, Style.OPENAI)
              .translate(TranslateRequest.of(ASK).withTools(TEMP_TOOL).withOutput(Weather.class));

      assertThat(r.toolCalls()).extracting(ToolCall::name).containsExactly("temp");
      assertThat(r.value()).isNull();
      assertThatThrownBy(() -> r.value(Weather.class))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("the model called tools instead of answering; run them and translate again");
    }
  }

  @Test
  void geminiSendsResponseJsonSchema() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(
          "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":"
              + Json.write(ANSWER)
              + "}]},\"finishReason\":\"STOP\"}]}");

      TranslateResult r =
          client(p, Style.GEMINI).translate(TranslateRequest.of(ASK).withOutput(Weather.class));

      assertThat(r.value(Weather.class)).isEqualTo(new Weather("Oslo", 21));
      assertThat(p.request(0).body())
          .isEqualTo(
              "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"Weather in Oslo?\"}]}],"
                  + "\"generationConfig\":{\"responseMimeType\":\"application/json\","
                  + "\"responseJsonSchema\":"
                  + STRICT_SCHEMA
                  + "}}");
    }
  }

  @Test
  void anthropicIsForcedToCallTheAnswerToolAndItsArgumentsAreTheAnswer() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(
          "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":"
              + "\"tool_use\",\"id\":\"t1\",\"name\":\"final_answer\",\"input\":"
              + ANSWER
              + "}],\"stop_reason\":\"tool_use\","
              + "\"usage\":{\"input_tokens\":5,\"output_tokens\":5}}");

      TranslateResult r =
          client(p, Style.ANTHROPIC).translate(TranslateRequest.of(ASK).withOutput(Weather.class));

      assertThat(r.value(Weather.class)).isEqualTo(new Weather("Oslo", 21));
      assertThat(r.toolCalls()).isEmpty();
      assertThat(r.finishReason()).isEqualTo("stop");
      assertThat(r.message()).isEqualTo(Map.of("role", "assistant", "content", ANSWER));
      assertThat(p.request(0).body())
          .isEqualTo(
              "{\"model\":\"m\",\"max_tokens\":4096,\"messages\":[{\"role\":\"user\",\"content\":"
                  + "\"Weather in Oslo?\"}],\"tools\":[{\"name\":\"final_answer\",\"description\":"
                  + "\"Give the final answer\",\"input_schema\":"
                  + SCHEMA
                  + "}],\"tool_choice\":{\"type\":\"tool\",\"name\":\"final_answer\"}}");
    }
  }

  @Test
  void anAnswerThatDoesNotFitIsATypedErrorWithoutARepairCall() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText("{\"city\":\"Oslo\"}"));

      assertThatThrownBy(
              () ->
                  client(p, Style.OPENAI)
                      .translate(TranslateRequest.of(ASK).withOutput(Weather.class)))
          .isInstanceOfSatisfying(
              TypedAnswerException.class,
              e -> assertThat(e.answer()).isEqualTo("{\"city\":\"Oslo\"}"));
      assertThat(p.requests()).hasSize(1);
    }
  }

  @Test
  void onGemini3ATypedTranslateWithToolsSendsTheSchemaBesideThemInItsOneCall() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(
          "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":"
              + Json.write(ANSWER)
              + "}]},\"finishReason\":\"STOP\"}]}");

      TranslateResult r =
          client(p, Style.GEMINI, "gemini-3-pro-preview")
              .translate(TranslateRequest.of(ASK).withTools(TEMP_TOOL).withOutput(Weather.class));

      assertThat(r.value(Weather.class)).isEqualTo(new Weather("Oslo", 21));
      assertThat(p.requests()).hasSize(1);
      assertThat(p.request(0).body())
          .isEqualTo(
              "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"Weather in Oslo?\"}]}],"
                  + "\"tools\":[{\"functionDeclarations\":[{\"name\":\"temp\","
                  + "\"description\":\"Temperature\"}]}],"
                  + "\"generationConfig\":{\"responseMimeType\":\"application/json\","
                  + "\"responseJsonSchema\":"
                  + STRICT_SCHEMA
                  + "}}");
    }
  }

  @Test
  void onGeminiOrAnthropicATypedTranslateWithToolsIsRefusedBeforeAnyCall() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      assertThatThrownBy(
              () ->
                  client(p, Style.GEMINI)
                      .translate(
                          TranslateRequest.of(ASK).withTools(TEMP_TOOL).withOutput(Weather.class)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "a typed translate on gemini declares no tools (its structured output cannot go"
                  + " beside them): run the tools, then translate the typed answer in a request"
                  + " without tools");
      assertThat(p.requests()).isEmpty();
    }
  }
}
