package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static dev.toolnexus.client.Fixtures.quoted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Toolkit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiLoopTest {
  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  OpenAiLoopTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static final String TOOLS =
      "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"description\":"
          + "\"Current weather for a city\",\"parameters\":{\"type\":\"object\",\"properties\":"
          + "{\"location\":{\"type\":\"string\"}},\"required\":[\"location\"]}}}]";

  @Test
  void runsTheToolLoopAndSendsTheExactChatCompletionsBodies() {
    provider
        .json(
            openaiCalls(82, 17, new String[] {"call_1", "get_weather", "{\"location\":\"Paris\"}"}))
        .json(openaiText("It is sunny in Paris.", 120, 9));
    LlmClient client =
        LlmClient.create(Fixtures.openai(provider).systemPrompt("Be terse.").build());

    RunResult r = client.run("Weather in Paris?", kit);

    String system = quoted("Be terse.");
    String turn1 =
        "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"system\",\"content\":"
            + system
            + "},{\"role\":\"user\",\"content\":\"Weather in Paris?\"}],\"tools\":"
            + TOOLS
            + ",\"tool_choice\":\"auto\"}";
    String turn2 =
        "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"system\",\"content\":"
            + system
            + "},{\"role\":\"user\",\"content\":\"Weather in Paris?\"},"
            + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\","
            + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":"
            + "\"{\\\"location\\\":\\\"Paris\\\"}\"}}]},"
            + "{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":\"Sunny, 21C in Paris\"}],"
            + "\"tools\":"
            + TOOLS
            + ",\"tool_choice\":\"auto\"}";
    assertThat(provider.request(0).body()).isEqualTo(turn1);
    assertThat(provider.request(1).body()).isEqualTo(turn2);
    assertThat(provider.request(0).path()).isEqualTo("/v1/chat/completions");
    assertThat(provider.request(0).method()).isEqualTo("POST");
    assertThat(provider.request(0).header("Authorization")).isEqualTo("Bearer sk-test-openai");
    assertThat(provider.request(0).header("Content-Type")).isEqualTo("application/json");

    assertThat(r.text()).isEqualTo("It is sunny in Paris.");
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.limit()).isNull();
    assertThat(r.pending()).isNull();
    assertThat(r.turns()).isEqualTo(2);
    assertThat(r.model()).isEqualTo("gpt-4o-mini");
    assertThat(r.usage()).isEqualTo(new Usage(202, 26, 228));
    assertThat(r.toolCallCount()).isEqualTo(1);
    assertThat(r.toolCalls())
        .containsExactly(
            new ToolCallRecord(
                "call_1",
                "get_weather",
                Map.of("location", "Paris"),
                "Sunny, 21C in Paris",
                false,
                Map.of()));
    assertThat(r.messages()).hasSize(5);
    assertThat(r.messages().get(4)).isEqualTo(Message.AssistantMessage.of("It is sunny in Paris."));
  }

  @Test
  void anEmptyToolListOmitsToolsAndToolChoice() {
    provider.json(openaiText("hi", 5, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    client.run("hello", Toolkit.of());

    Map<String, Object> body = Fixtures.parse(provider.request(0).body());
    assertThat(body).containsOnlyKeys("model", "messages");
  }

  @Test
  void extraHeadersAreSentAndTheModelIdIsVerbatimOnEveryTurn() {
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "get_weather", "{\"location\":\"Oslo\"}"}))
        .json(openaiText("done", 1, 1));
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .model("deepseek/deepseek-chat")
                .header("HTTP-Referer", "https://example.test")
                .build());

    client.run("go", kit);

    for (FakeProvider.Received req : provider.requests()) {
      assertThat(Fixtures.parse(req.body()).get("model")).isEqualTo("deepseek/deepseek-chat");
      assertThat(req.header("HTTP-Referer")).isEqualTo("https://example.test");
    }
  }

  @Test
  void invalidJsonArgumentsAreFedBackAsAnErrorTheModelCanCorrect() {
    List<Map<String, Object>> seen = new ArrayList<>();
    Toolkit tk =
        Toolkit.of(
            dev.toolnexus.Tools.define(
                "get_weather",
                "w",
                Fixtures.WEATHER_SCHEMA,
                (args, ctx) -> {
                  seen.add(args);
                  return "ran";
                }));
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "get_weather", "{\"location\": \"Par"}))
        .json(openaiText("sorry", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult r = client.run("go", tk);

    assertThat(seen).isEmpty();
    ToolCallRecord rec = r.toolCalls().get(0);
    assertThat(rec.isError()).isTrue();
    assertThat(rec.output())
        .startsWith("Invalid arguments for tool get_weather: not valid JSON (")
        .endsWith("Arguments received: {\"location\": \"Par");
    List<?> sent = (List<?>) Fixtures.parse(provider.request(1).body()).get("messages");
    Map<?, ?> toolMsg = (Map<?, ?>) sent.get(sent.size() - 1);
    assertThat(toolMsg.get("content")).isEqualTo(rec.output());
    Map<?, ?> assistant = (Map<?, ?>) sent.get(sent.size() - 2);
    assertThat(assistant.toString()).contains("{\"location\": \"Par");
  }

  @Test
  void anUnknownToolIsFedBackAsAnError() {
    provider
        .json(openaiCalls(1, 1, new String[] {"c1", "get_wether", "{}"}))
        .json(openaiText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult r = client.run("go", kit);

    assertThat(r.toolCalls().get(0).isError()).isTrue();
    assertThat(r.toolCalls().get(0).output())
        .isEqualTo("Unknown tool: get_wether. Available: get_weather");
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
  }

  @Test
  void aProvider400SurfacesItsStatusAndMessage() {
    provider.error(
        400,
        "{\"error\":{\"message\":\"Invalid value for 'model'.\",\"type\":\"invalid_request_error\","
            + "\"param\":\"model\",\"code\":null,\"user_id\":\"user-123\"}}");
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    assertThatThrownBy(() -> client.run("go", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.providerMessage()).isEqualTo("Invalid value for 'model'.");
              assertThat(e.getMessage())
                  .isEqualTo(
                      "LLM request failed: HTTP 400 from "
                          + provider.baseUrl()
                          + "/v1/chat/completions: Invalid value for 'model'.");
              assertThat(e.body())
                  .contains("\"user_id\":\"«redacted»\"")
                  .doesNotContain("user-123");
            });
  }

  @Test
  void a401NeverEchoesTheBodyOrTheKey() {
    provider.error(401, "{\"error\":{\"message\":\"Incorrect API key provided: sk-test-openai\"}}");
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    assertThatThrownBy(() -> client.run("go", kit))
        .isInstanceOf(LlmException.class)
        .hasMessage(
            "LLM request failed: HTTP 401 from " + provider.baseUrl() + "/v1/chat/completions");
  }

  @Test
  void reachingMaxTurnsIsIncompleteWithThePartialTranscript() {
    for (int i = 0; i < 2; i++) {
      provider.json(
          openaiCalls(10, 2, new String[] {"c" + i, "get_weather", "{\"location\":\"Rome\"}"}));
    }
    LlmClient client = LlmClient.create(Fixtures.openai(provider).maxTurns(2).build());

    RunResult r = client.run("loop", kit);

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.MAX_TURNS);
    assertThat(r.turns()).isEqualTo(2);
    assertThat(r.toolCallCount()).isEqualTo(2);
    assertThat(r.usage()).isEqualTo(new Usage(20, 4, 24));
    assertThat(r.messages()).hasSize(5); // user, (assistant, tool) x2
    assertThat(provider.requests()).hasSize(2);
  }

  @Test
  void theSameInputsGiveByteIdenticalRequestBodies() {
    for (int i = 0; i < 2; i++) {
      provider
          .json(
              openaiCalls(
                  1,
                  1,
                  new String[] {"a", "get_weather", "{\"location\":\"X\"}"},
                  new String[] {"b", "get_weather", "{\"location\":\"Y\"}"}))
          .json(openaiText("ok", 1, 1));
    }
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    client.run("go", kit);
    client.run("go", kit);

    List<FakeProvider.Received> reqs = provider.requests();
    assertThat(reqs.get(2).body()).isEqualTo(reqs.get(0).body());
    assertThat(reqs.get(3).body()).isEqualTo(reqs.get(1).body());
  }

  @Test
  void historyContinuesAConversationWithoutANewSystemPrompt() {
    provider.json(openaiText("first", 1, 1)).json(openaiText("second", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult first = client.run("one", kit);
    RunResult second =
        client.run(
            "two",
            RunOptions.of(kit).withHistory(Message.fromJson(Message.toJson(first.messages()))));

    assertThat(second.messages()).hasSize(4);
    List<?> sent = (List<?>) Fixtures.parse(provider.request(1).body()).get("messages");
    assertThat(sent).hasSize(3);
    assertThat(((Map<?, ?>) sent.get(2)).get("content")).isEqualTo("two");
  }
}
