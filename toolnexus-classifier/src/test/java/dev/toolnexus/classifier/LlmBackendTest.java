package dev.toolnexus.classifier;

import static dev.toolnexus.classifier.Fixtures.list;
import static dev.toolnexus.classifier.Fixtures.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.ModelOptions;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.Style;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The questions as one structured-output call over a real OpenAI chat-completions wire. */
class LlmBackendTest {
  private LocalServer server;

  @BeforeEach
  void start() throws Exception {
    server = new LocalServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static String completion(String content) {
    return Json.write(
        Map.of(
            "id", "chatcmpl-1",
            "object", "chat.completion",
            "model", "gpt-4o-mini",
            "choices",
                List.of(
                    Map.of(
                        "index",
                        0,
                        "message",
                        Map.of("role", "assistant", "content", content),
                        "finish_reason",
                        "stop")),
            "usage", Map.of("prompt_tokens", 120, "completion_tokens", 40, "total_tokens", 160)));
  }

  private ChatModel model() {
    return ChatModel.http(
        ModelOptions.builder()
            .baseUrl(server.baseUrl() + "/v1")
            .style(Style.OPENAI)
            .apiKey("sk-test-openai")
            .build());
  }

  private static Map<String, Question> questions() {
    Map<String, Question> qs = new LinkedHashMap<>();
    qs.put("refund", Question.noul("Is the customer asking for a refund?"));
    qs.put(
        "department",
        Question.choice(
            "Which department?",
            Map.of("billing", "refunds and charges", "shipping", "delivery damage")));
    qs.put("urgency", Question.score("How urgent?", List.of("routine", "elevated", "urgent")));
    return qs;
  }

  @Test
  void oneStructuredOutputCallAnswersEveryQuestionUncalibrated() {
    server.json(
        completion(
            "{\"answers\":{\"refund\":{\"type\":\"noul\",\"holds\":true,\"noul\":0.93},"
                + "\"department\":{\"type\":\"choice\",\"choice\":\"shipping\","
                + "\"probabilities\":{\"billing\":0.2,\"shipping\":0.8},\"confidence\":0.8},"
                + "\"urgency\":{\"type\":\"score\",\"score\":1.5,"
                + "\"probabilities\":{\"0\":0.1,\"1\":0.4,\"2\":0.5},\"confidence\":0.5}}}"));
    Classifier c =
        Classifier.create(
            ClassifierOptions.builder().chatModel(model()).model("gpt-4o-mini").build());

    Decision d = c.evaluate("Order 4021 arrived smashed", questions());

    assertThat(d.calibrated()).isFalse();
    assertThat(d.model()).isEqualTo("gpt-4o-mini");
    assertThat(d.noul("refund").noul()).isEqualTo(0.93);
    assertThat(d.choice("department").choice()).isEqualTo("shipping");
    assertThat(d.choice("department").nearUniform()).isFalse();
    assertThat(d.score("urgency").score()).isEqualTo(1.5);
    assertThat(d.score("urgency").levels()).containsExactly("routine", "elevated", "urgent");
    assertThat(d.usage()).isEqualTo(new ClassifierUsage(120, 40, null));

    LocalServer.Received sent = server.request(0);
    assertThat(sent.path()).isEqualTo("/v1/chat/completions");
    assertThat(sent.header("authorization")).isEqualTo("Bearer sk-test-openai");
    Map<String, Object> body = Json.parseObject(sent.body());
    assertThat(body.get("model")).isEqualTo("gpt-4o-mini");
    assertThat(body).doesNotContainKey("tools");
    Map<String, Object> format = map(body.get("response_format"));
    assertThat(format.get("type")).isEqualTo("json_schema");
    Map<String, Object> jsonSchema = map(format.get("json_schema"));
    assertThat(jsonSchema.get("strict")).isEqualTo(true);
    Map<String, Object> answers =
        map(map(map(jsonSchema.get("schema")).get("properties")).get("answers"));
    assertThat(list(answers.get("required"))).containsExactly("refund", "department", "urgency");
    Map<String, Object> choice =
        map(map(map(answers.get("properties")).get("department")).get("properties"));
    assertThat(list(map(choice.get("choice")).get("enum")))
        .containsExactlyInAnyOrder("billing", "shipping");
    String prompt = (String) map(list(body.get("messages")).get(1)).get("content");
    assertThat(prompt).startsWith("STATE:\n\"Order 4021 arrived smashed\"\n\nQUESTIONS:\n{");
  }

  @Test
  void aReplyPickingAnUnofferedOptionIsAnErrorNeverRepaired() {
    server.json(
        completion(
            "{\"answers\":{\"department\":{\"type\":\"choice\",\"choice\":\"legal\","
                + "\"probabilities\":{},\"confidence\":0.9}}}"));
    Classifier c =
        Classifier.create(ClassifierOptions.builder().chatModel(model()).model("m").build());

    assertThatThrownBy(() -> c.evaluate("s", Map.of("department", questions().get("department"))))
        .isInstanceOf(ClassifierException.class)
        .hasMessage("classifier: answer \"department\" picked \"legal\", which was not offered");
  }

  @Test
  void buildingAClassifierChangesNoClientRequest() {
    server.json(completion("hello")).json(completion("hello"));
    server.json(
        completion("{\"answers\":{\"refund\":{\"type\":\"noul\",\"holds\":false,\"noul\":0.1}}}"));
    server.json(completion("hello"));
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(server.baseUrl() + "/v1")
                .style(Style.OPENAI)
                .model("gpt-4o-mini")
                .apiKey("sk-test-openai")
                .build());
    try (Toolkit toolkit = Toolkit.builder().builtins(false).build()) {
      client.run("hi", RunOptions.of(toolkit));
      client.run("hi", RunOptions.of(toolkit));

      Classifier c = Classifier.create(ClassifierOptions.builder().client(client).build());
      Classifier.create(ClassifierOptions.defaults());
      c.evaluate("s", Map.of("refund", Question.noul("Refund?")));
      client.run("hi", RunOptions.of(toolkit));
    }

    assertThat(server.request(1).body()).isEqualTo(server.request(0).body());
    assertThat(server.request(3).body()).isEqualTo(server.request(0).body());
    assertThat(server.request(2).body()).contains("\"response_format\"");
  }
}
