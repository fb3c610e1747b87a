package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TypedAnswersTest {
  /** The typed answer the tests ask for. */
  public record Weather(String city, int celsius) {}

  private static final String STRICT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
          + "\"celsius\":{\"type\":\"integer\"}},\"required\":[\"city\",\"celsius\"],"
          + "\"additionalProperties\":false}";

  private static String openAiText(String content) {
    return "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
        + Json.write(content)
        + "},\"finish_reason\":\"stop\"}]}";
  }

  private static LlmClient client(FakeProvider p, Style style) {
    return LlmClient.create(
        ClientOptions.builder()
            .baseUrl(p.baseUrl())
            .style(style)
            .model("m")
            .apiKey("k")
            .retries(0)
            .build());
  }

  @Test
  void openAiGetsAStrictJsonSchemaResponseFormatAndTheAnswerIsBound() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText("{\"city\":\"Oslo\",\"celsius\":21}"));

      Weather w =
          client(p, Style.OPENAI)
              .run("Weather in Oslo?", RunOptions.of(Toolkit.of()), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      Map<String, Object> body = Json.parseObject(p.request(0).body());
      assertThat(Json.write(body.get("response_format")))
          .isEqualTo(
              "{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"Weather\",\"schema\":"
                  + STRICT_SCHEMA
                  + ",\"strict\":true}}");
      assertThat(p.requests()).hasSize(1);
    }
  }

  @Test
  void geminiGetsResponseJsonSchemaInGenerationConfig() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(
          "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":"
              + Json.write("{\"city\":\"Oslo\",\"celsius\":21}")
              + "}]},\"finishReason\":\"STOP\"}]}");

      Weather w =
          client(p, Style.GEMINI)
              .run("Weather in Oslo?", RunOptions.of(Toolkit.of()), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      Map<String, Object> body = Json.parseObject(p.request(0).body());
      @SuppressWarnings("unchecked")
      Map<String, Object> gen = (Map<String, Object>) body.get("generationConfig");
      assertThat(gen.get("responseMimeType")).isEqualTo("application/json");
      assertThat(Json.write(gen.get("responseJsonSchema"))).isEqualTo(STRICT_SCHEMA);
    }
  }

  @Test
  void anthropicIsForcedToCallTheAnswerTool() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(
          "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":"
              + "\"tool_use\",\"id\":\"t1\",\"name\":\"final_answer\",\"input\":{\"city\":\"Oslo\","
              + "\"celsius\":21}}],\"stop_reason\":\"tool_use\","
              + "\"usage\":{\"input_tokens\":5,\"output_tokens\":5}}");

      Weather w =
          client(p, Style.ANTHROPIC)
              .run("Weather in Oslo?", RunOptions.of(Toolkit.of()), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      Map<String, Object> body = Json.parseObject(p.request(0).body());
      assertThat(body.get("tool_choice")).isEqualTo(Map.of("type", "tool", "name", "final_answer"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> tools = (List<Map<String, Object>>) body.get("tools");
      assertThat(tools).extracting(t -> t.get("name")).containsExactly("final_answer");
      assertThat(body).doesNotContainKey("response_format");
    }
  }

  @Test
  void anInvalidAnswerGetsOneRepairTurnQuotingTheProblem() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText("{\"city\":\"Oslo\",\"celsius\":\"warm\"}"));
      p.json(openAiText("{\"city\":\"Oslo\",\"celsius\":21}"));

      Weather w =
          client(p, Style.OPENAI)
              .run("Weather in Oslo?", RunOptions.of(Toolkit.of()), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      assertThat(p.request(1).body()).contains("That answer is not valid: celsius");
    }
  }

  @Test
  void aSecondInvalidAnswerIsATypedErrorNamingTheProblem() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText("not json at all"));
      p.json(openAiText("{\"city\":\"Oslo\"}"));

      assertThatThrownBy(
              () ->
                  client(p, Style.OPENAI)
                      .run("Weather in Oslo?", RunOptions.of(Toolkit.of()), Weather.class))
          .isInstanceOfSatisfying(
              TypedAnswerException.class,
              e -> {
                assertThat(e.answer()).isEqualTo("{\"city\":\"Oslo\"}");
                assertThat(e.problems()).hasSize(1);
                assertThat(e.problems().get(0)).contains("celsius");
                assertThat(e.type()).isEqualTo(Weather.class.getName());
              });
      assertThat(p.requests()).hasSize(2);
    }
  }

  @Test
  void aConversationKeepsTheTypedAnswerInItsTranscript() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText("{\"city\":\"Oslo\",\"celsius\":21}"));
      Conversation c = client(p, Style.OPENAI).conversation(Toolkit.of());

      Weather w = c.send("Weather in Oslo?", Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      assertThat(c.messages())
          .containsExactly(
              Message.UserMessage.of("Weather in Oslo?"),
              Message.AssistantMessage.of("{\"city\":\"Oslo\",\"celsius\":21}"));
    }
  }

  @Test
  void aTypeThatIsNotAnObjectIsRefused() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      assertThatThrownBy(
              () -> client(p, Style.OPENAI).run("hi", RunOptions.of(Toolkit.of()), String.class))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("java.lang.String");
      assertThat(p.requests()).isEmpty();
    }
  }
}
