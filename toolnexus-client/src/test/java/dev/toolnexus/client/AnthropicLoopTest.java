package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.anthropicCalls;
import static dev.toolnexus.client.Fixtures.anthropicText;
import static dev.toolnexus.client.Fixtures.quoted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AnthropicLoopTest {
  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  AnthropicLoopTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private static final String TOOLS =
      "[{\"name\":\"get_weather\",\"description\":\"Current weather for a city\","
          + "\"input_schema\":{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}},"
          + "\"required\":[\"location\"]}}]";

  @Test
  void runsTheToolLoopAndSendsTheExactMessagesBodies() {
    provider
        .json(
            anthropicCalls(
                "I'll check.",
                472,
                91,
                new String[] {"toolu_01", "get_weather", "{\"location\":\"San Francisco, CA\"}"}))
        .json(anthropicText("68F and sunny.", 600, 20));
    LlmClient client =
        LlmClient.create(Fixtures.anthropic(provider).systemPrompt("Be terse.").build());

    RunResult r = client.run("Weather in SF?", kit);

    String system = quoted("Be terse.");
    String turn1 =
        "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":4096,\"system\":"
            + system
            + ",\"messages\":[{\"role\":\"user\",\"content\":\"Weather in SF?\"}],\"tools\":"
            + TOOLS
            + "}";
    String turn2 =
        "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":4096,\"system\":"
            + system
            + ",\"messages\":[{\"role\":\"user\",\"content\":\"Weather in SF?\"},"
            + "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"I'll check.\"},"
            + "{\"type\":\"tool_use\",\"id\":\"toolu_01\",\"name\":\"get_weather\",\"input\":"
            + "{\"location\":\"San Francisco, CA\"}}]},"
            + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_01\","
            + "\"content\":\"Sunny, 21C in San Francisco, CA\",\"is_error\":false}]}],\"tools\":"
            + TOOLS
            + "}";
    assertThat(provider.request(0).body()).isEqualTo(turn1);
    assertThat(provider.request(1).body()).isEqualTo(turn2);
    assertThat(provider.request(0).path()).isEqualTo("/v1/messages");
    assertThat(provider.request(0).header("x-api-key")).isEqualTo("sk-ant-test");
    assertThat(provider.request(0).header("anthropic-version")).isEqualTo("2023-06-01");
    assertThat(provider.request(0).header("Authorization")).isNull();

    assertThat(r.text()).isEqualTo("68F and sunny.");
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.turns()).isEqualTo(2);
    assertThat(r.usage()).isEqualTo(new Usage(1072, 111, 1183));
    assertThat(r.toolCalls())
        .containsExactly(
            new ToolCallRecord(
                "toolu_01",
                "get_weather",
                Map.of("location", "San Francisco, CA"),
                "Sunny, 21C in San Francisco, CA",
                false,
                Map.of()));
  }

  @Test
  void aBaseUrlEndingInV1IsNotGivenASecondOne() {
    provider.json(anthropicText("hi", 1, 1));
    LlmClient client =
        LlmClient.create(Fixtures.anthropic(provider).baseUrl(provider.baseUrl() + "/v1/").build());

    client.run("hello", kit);

    assertThat(provider.request(0).path()).isEqualTo("/v1/messages");
  }

  @Test
  void parallelToolResultsBecomeOneUserMessageInCallOrder() {
    Toolkit two = Fixtures.kit(Fixtures.weather(), Fixtures.time());
    provider
        .json(
            anthropicCalls(
                null,
                1,
                1,
                new String[] {"t1", "get_time", "{\"location\":\"Lima\"}"},
                new String[] {"t2", "get_weather", "{\"location\":\"Lima\"}"}))
        .json(anthropicText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    client.run("go", two);

    String body = provider.request(1).body();
    assertThat(body)
        .contains(
            "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\","
                + "\"content\":\"12:00 in Lima\",\"is_error\":false},{\"type\":\"tool_result\","
                + "\"tool_use_id\":\"t2\",\"content\":\"Sunny, 21C in Lima\",\"is_error\":false}]}");
  }

  @Test
  void aThrowingToolBecomesAnErrorResultAndTheRunGoesOn() {
    Toolkit broken =
        Toolkit.of(
            Tools.define(
                "get_weather",
                "w",
                Fixtures.WEATHER_SCHEMA,
                (args, ctx) -> {
                  throw new IllegalStateException("station offline");
                }));
    provider
        .json(
            anthropicCalls(null, 1, 1, new String[] {"t1", "get_weather", "{\"location\":\"A\"}"}))
        .json(anthropicText("It failed.", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    RunResult r = client.run("go", broken);

    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.toolCalls().get(0).isError()).isTrue();
    assertThat(r.toolCalls().get(0).output()).contains("station offline");
    assertThat(provider.request(1).body()).contains("\"is_error\":true");
  }

  @Test
  void aProvider400SurfacesTheAnthropicErrorMessage() {
    provider.error(
        400,
        "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
            + "\"message\":\"max_tokens: Field required\"}}");
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    assertThatThrownBy(() -> client.run("go", kit))
        .isInstanceOfSatisfying(
            LlmException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.providerMessage()).isEqualTo("max_tokens: Field required");
            });
  }

  @Test
  void reachingMaxTurnsIsIncomplete() {
    provider.json(
        anthropicCalls(null, 1, 1, new String[] {"t1", "get_weather", "{\"location\":\"A\"}"}));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).maxTurns(1).build());

    RunResult r = client.run("go", kit);

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.MAX_TURNS);
    assertThat(r.messages()).hasSize(3);
  }

  @Test
  void thinkingBlocksAreKeptVerbatimAndSentBackWithTheToolUse() {
    String content =
        "[{\"type\":\"thinking\",\"thinking\":\"Need the weather.\",\"signature\":\"EqQBCgIYAh\"},"
            + "{\"type\":\"tool_use\",\"id\":\"toolu_9\",\"name\":\"get_weather\",\"input\":{\"location\":\"Pune\"}}]";
    provider
        .json(
            "{\"id\":\"msg_t\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\","
                + "\"content\":"
                + content
                + ",\"stop_reason\":\"tool_use\",\"usage\":{\"input_tokens\":5,\"output_tokens\":7}}")
        .json(anthropicText("Warm.", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.anthropic(provider).build());

    RunResult r = client.run("Weather in Pune?", kit);

    assertThat(r.toolCalls().get(0).output()).isEqualTo("Sunny, 21C in Pune");
    assertThat(provider.request(1).body())
        .contains("{\"role\":\"assistant\",\"content\":" + content + "}");
    Message.AssistantMessage first = (Message.AssistantMessage) r.messages().get(1);
    assertThat(Message.fromJson(Message.toJson(r.messages())).get(1)).isEqualTo(first);
  }

  @Test
  void aToolCallWithNoArgumentsRunsWithAnEmptyObject() {
    Toolkit clock =
        Toolkit.of(Tools.define("now", "the time", Map.of("type", "object"), (a, c) -> "noon"));
    provider
        .json(Fixtures.openaiCalls(1, 1, new String[] {"c1", "now", ""}))
        .json(Fixtures.openaiText("It is noon.", 1, 1));
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(provider.baseUrl())
                .style(Style.OPENAI)
                .model("m")
                .apiKey("k")
                .build());

    RunResult r = client.run("time?", clock);

    assertThat(r.toolCalls().get(0).isError()).isFalse();
    assertThat(r.toolCalls().get(0).output()).isEqualTo("noon");
  }
}
