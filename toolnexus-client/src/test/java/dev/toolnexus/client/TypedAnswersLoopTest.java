package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Typed answers in a run that uses tools: OpenAI and Gemini 3 send their structured-output
 * parameter alongside the tools (no extra call); older Gemini and Anthropic get one answer turn of
 * the run's own loop, which hooks, metrics and the observer see like every other model call.
 * Request bodies exact.
 */
class TypedAnswersLoopTest {
  /** The typed answer the tests ask for. */
  public record Weather(String city, int celsius) {}

  private static final String ANSWER = "{\"city\":\"Oslo\",\"celsius\":21}";

  private static final String OPENAI_TOOL_TURN =
      "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Osl"
          + "o?\"}],\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"temp\",\"des"
          + "cription\":\"Temperature\",\"parameters\":{}}}],\"tool_choice\":\"auto\",\"res"
          + "ponse_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"Weather\""
          + ",\"schema\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\""
          + "},\"celsius\":{\"type\":\"integer\"}},\"required\":[\"city\",\"celsius\"],\"ad"
          + "ditionalProperties\":false},\"strict\":true}}}";

  private static final String OPENAI_FINAL_TURN =
      "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Osl"
          + "o?\"},{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\","
          + "\"type\":\"function\",\"function\":{\"name\":\"temp\",\"arguments\":\"{}\"}}]}"
          + ",{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"21\"}],\"tools\":[{"
          + "\"type\":\"function\",\"function\":{\"name\":\"temp\",\"description\":\"Temper"
          + "ature\",\"parameters\":{}}}],\"tool_choice\":\"auto\",\"response_format\":{\"t"
          + "ype\":\"json_schema\",\"json_schema\":{\"name\":\"Weather\",\"schema\":{\"type"
          + "\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},\"celsius\":{\"ty"
          + "pe\":\"integer\"}},\"required\":[\"city\",\"celsius\"],\"additionalProperties"
          + "\":false},\"strict\":true}}}";

  private static final String GEMINI_ANSWER_TURN =
      "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"Weather in Oslo?\"}]}"
          + ",{\"role\":\"model\",\"parts\":[{\"functionCall\":{\"name\":\"temp\",\"args\":"
          + "{}}}]},{\"role\":\"user\",\"parts\":[{\"functionResponse\":{\"name\":\"temp\","
          + "\"response\":{\"result\":\"21\"}}}]},{\"role\":\"model\",\"parts\":[{\"text\":"
          + "\"It is 21 in Oslo.\"}]},{\"role\":\"user\",\"parts\":[{\"text\":\"Give your f"
          + "inal answer now as one JSON object matching this JSON schema, with no other te"
          + "xt: {\\\"type\\\":\\\"object\\\",\\\"properties\\\":{\\\"city\\\":{\\\"type"
          + "\\\":\\\"string\\\"},\\\"celsius\\\":{\\\"type\\\":\\\"integer\\\"}},\\\"requi"
          + "red\\\":[\\\"city\\\",\\\"celsius\\\"]}\"}]}],\"generationConfig\":{\"response"
          + "MimeType\":\"application/json\",\"responseJsonSchema\":{\"type\":\"object\",\""
          + "properties\":{\"city\":{\"type\":\"string\"},\"celsius\":{\"type\":\"integer\""
          + "}},\"required\":[\"city\",\"celsius\"],\"additionalProperties\":false}}}";

  private static final String GEMINI_SCHEMA_CONFIG =
      "{\"responseMimeType\":\"application/json\",\"responseJsonSchema\":{\"type\":\"object\","
          + "\"properties\":{\"city\":{\"type\":\"string\"},\"celsius\":{\"type\":\"integer\"}},"
          + "\"required\":[\"city\",\"celsius\"],\"additionalProperties\":false}}";

  private static final String ANTHROPIC_ANSWER_TURN =
      "{\"model\":\"m\",\"max_tokens\":4096,\"messages\":[{\"role\":\"user\",\"conten"
          + "t\":\"Weather in Oslo?\"},{\"role\":\"assistant\",\"content\":[{\"type\":\"too"
          + "l_use\",\"id\":\"t1\",\"name\":\"temp\",\"input\":{}}]},{\"role\":\"user\",\"c"
          + "ontent\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\",\"content\":\"21\","
          + "\"is_error\":false}]},{\"role\":\"assistant\",\"content\":[{\"type\":\"text\","
          + "\"text\":\"It is 21 in Oslo.\"}]},{\"role\":\"user\",\"content\":\"Give your f"
          + "inal answer now as one JSON object matching this JSON schema, with no other te"
          + "xt: {\\\"type\\\":\\\"object\\\",\\\"properties\\\":{\\\"city\\\":{\\\"type"
          + "\\\":\\\"string\\\"},\\\"celsius\\\":{\\\"type\\\":\\\"integer\\\"}},\\\"requi"
          + "red\\\":[\\\"city\\\",\\\"celsius\\\"]}\"}],\"tools\":[{\"name\":\"temp\",\"de"
          + "scription\":\"Temperature\",\"input_schema\":{}},{\"name\":\"final_answer\",\""
          + "description\":\"Give the final answer\",\"input_schema\":{\"type\":\"object\","
          + "\"properties\":{\"city\":{\"type\":\"string\"},\"celsius\":{\"type\":\"integer"
          + "\"}},\"required\":[\"city\",\"celsius\"]}}],\"tool_choice\":{\"type\":\"tool\""
          + ",\"name\":\"final_answer\"}}";

  private final List<String> seen = new CopyOnWriteArrayList<>();

  private static Toolkit kit() {
    return Toolkit.of(Tools.define("temp", "Temperature", "{}", (a, c) -> "21"));
  }

  /** A client whose hooks, metric sink and observer each log the model calls they see. */
  private LlmClient client(FakeProvider p, Style style) {
    return client(p, style, "m");
  }

  private LlmClient client(FakeProvider p, Style style, String model) {
    return LlmClient.create(
        ClientOptions.builder()
            .baseUrl(p.baseUrl())
            .style(style)
            .model(model)
            .apiKey("k")
            .retries(0)
            .hooks(
                new Hooks() {
                  @Override
                  public LlmOverride beforeLLM(LlmRequestEvent e) {
                    seen.add("beforeLLM " + e.turn());
                    return null;
                  }

                  @Override
                  public void afterLLM(LlmResponseEvent e) {
                    seen.add("afterLLM " + e.turn());
                  }
                })
            .onMetric(
                e -> {
                  if (e instanceof MetricEvent.LlmEvent l) {
                    seen.add("llm " + l.status().id());
                  } else if (e instanceof MetricEvent.RunEvent r) {
                    seen.add("run " + r.turns());
                  }
                })
            .observer(
                info ->
                    new RunObserver.Run() {
                      @Override
                      public RunObserver.ModelCall startModelCall(
                          String model, int turn, List<Message> messages) {
                        seen.add("observed " + turn);
                        return (response, error) -> {};
                      }

                      @Override
                      public RunObserver.ToolExecution startTool(
                          String name, String id, Map<String, Object> args) {
                        return (source, result, error) -> {};
                      }

                      @Override
                      public void end(RunResult result, Throwable error) {
                        seen.add("run end");
                      }
                    })
            .build());
  }

  private static String openAiCall() {
    return "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,"
        + "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":"
        + "\"temp\",\"arguments\":\"{}\"}}]},\"finish_reason\":\"tool_calls\"}]}";
  }

  private static String openAiText(String content) {
    return "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
        + Json.write(content)
        + "},\"finish_reason\":\"stop\"}]}";
  }

  private static String geminiCall() {
    return "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"functionCall\":"
        + "{\"name\":\"temp\",\"args\":{}}}]},\"finishReason\":\"STOP\"}]}";
  }

  private static String geminiText(String text) {
    return "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":"
        + Json.write(text)
        + "}]},\"finishReason\":\"STOP\"}]}";
  }

  private static String anthropic(String content, String stop) {
    return "{\"id\":\"msg\",\"type\":\"message\",\"role\":\"assistant\",\"content\":["
        + content
        + "],\"stop_reason\":\""
        + stop
        + "\",\"usage\":{\"input_tokens\":5,\"output_tokens\":5}}";
  }

  @Test
  void openAiSendsResponseFormatWithTheToolsOnEveryCallAndMakesNoExtraCall() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiCall()).json(openAiText(ANSWER));

      Weather w =
          client(p, Style.OPENAI).run("Weather in Oslo?", RunOptions.of(kit()), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      assertThat(p.requests())
          .extracting(FakeProvider.Received::body)
          .containsExactly(OPENAI_TOOL_TURN, OPENAI_FINAL_TURN);
    }
  }

  @Test
  void geminiGetsOneAnswerTurnWithResponseJsonSchemaAndNoToolDeclarations() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(geminiCall()).json(geminiText("It is 21 in Oslo.")).json(geminiText(ANSWER));

      Weather w =
          client(p, Style.GEMINI).run("Weather in Oslo?", RunOptions.of(kit()), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      assertThat(p.requests()).hasSize(3);
      assertThat(p.request(2).body()).isEqualTo(GEMINI_ANSWER_TURN);
    }
  }

  @Test
  void gemini3SendsResponseJsonSchemaWithTheToolsOnEveryCallAndMakesNoExtraCall() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(geminiCall()).json(geminiText(ANSWER));

      Weather w =
          client(p, Style.GEMINI, "gemini-3-flash")
              .run("Weather in Oslo?", RunOptions.of(kit()), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      assertThat(p.requests()).hasSize(2);
      for (FakeProvider.Received r : p.requests()) {
        Map<String, Object> body = Json.parseObject(r.body());
        assertThat(Json.write(body.get("generationConfig"))).isEqualTo(GEMINI_SCHEMA_CONFIG);
        assertThat(Json.write(body.get("tools")))
            .isEqualTo(
                "[{\"functionDeclarations\":[{\"name\":\"temp\",\"description\":\"Temperature\"}]}]");
      }
      assertThat(p.request(1).body()).doesNotContain("Give your final answer");
    }
  }

  @Test
  void anthropicGetsOneAnswerTurnForcingTheAnswerToolBesideTheRunsTools() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(
              anthropic(
                  "{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"temp\",\"input\":{}}",
                  "tool_use"))
          .json(anthropic("{\"type\":\"text\",\"text\":\"It is 21 in Oslo.\"}", "end_turn"))
          .json(
              anthropic(
                  "{\"type\":\"tool_use\",\"id\":\"t2\",\"name\":\"final_answer\",\"input\":"
                      + ANSWER
                      + "}",
                  "tool_use"));

      RunResult r =
          client(p, Style.ANTHROPIC)
              .run("Weather in Oslo?", RunOptions.of(kit()).withOutput(Weather.class));

      assertThat(r.value(Weather.class)).isEqualTo(new Weather("Oslo", 21));
      assertThat(p.requests()).hasSize(3);
      assertThat(p.request(2).body()).isEqualTo(ANTHROPIC_ANSWER_TURN);
      // the transcript ends with the answer as text, not a dangling forced tool call
      assertThat(r.messages().get(r.messages().size() - 1))
          .isEqualTo(Message.AssistantMessage.of(ANSWER));
      assertThat(r.text()).isEqualTo(ANSWER);
      assertThat(r.turns()).isEqualTo(3);
    }
  }

  @Test
  void theAnswerTurnPassesThroughHooksMetricsAndTheObserver() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(geminiCall()).json(geminiText("It is 21 in Oslo.")).json(geminiText(ANSWER));

      client(p, Style.GEMINI).run("Weather in Oslo?", RunOptions.of(kit()), Weather.class);

      List<String> calls = new ArrayList<>();
      for (int turn = 0; turn < 3; turn++) {
        calls.addAll(
            List.of("beforeLLM " + turn, "observed " + turn, "llm ok", "afterLLM " + turn));
      }
      calls.addAll(List.of("run 3", "run end"));
      assertThat(seen).containsExactlyElementsOf(calls);
    }
  }

  @Test
  void theRepairTurnPassesThroughHooksMetricsAndTheObserver() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText("{\"city\":\"Oslo\",\"celsius\":\"warm\"}")).json(openAiText(ANSWER));

      Weather w =
          client(p, Style.OPENAI)
              .run("Weather in Oslo?", RunOptions.of(Toolkit.of()), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      assertThat(seen)
          .containsExactly(
              "beforeLLM 0",
              "observed 0",
              "llm ok",
              "afterLLM 0",
              "beforeLLM 1",
              "observed 1",
              "llm ok",
              "afterLLM 1",
              "run 2",
              "run end");
      assertThat(Json.parseObject(p.request(1).body())).containsKey("response_format");
    }
  }

  @Test
  void aStreamedRunCarriesTheTypedValueInItsDoneEvent() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.sse(Wire.stream(Style.OPENAI, ANSWER));
      StringBuilder text = new StringBuilder();
      Weather value = null;

      try (RunStream s =
          client(p, Style.OPENAI).stream(
              "Weather in Oslo?", RunOptions.of(kit()).withOutput(Weather.class))) {
        for (StreamEvent e : s) {
          if (e instanceof StreamEvent.Text t) {
            text.append(t.delta());
          } else if (e instanceof StreamEvent.Done d) {
            value = d.result().value(Weather.class);
          }
        }
      }

      assertThat(value).isEqualTo(new Weather("Oslo", 21));
      assertThat(text.toString()).isEqualTo(ANSWER);
      assertThat(Json.parseObject(p.request(0).body())).containsKey("response_format");
    }
  }

  @Test
  void anAskOnAConversationIdKeepsTheTypedAnswerInTheStore() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText(ANSWER));
      LlmClient client = client(p, Style.OPENAI);

      Weather w = client.ask("Weather in Oslo?", AskOptions.of(Toolkit.of(), "u1"), Weather.class);

      assertThat(w).isEqualTo(new Weather("Oslo", 21));
      assertThat(client.store().get("u1").orElseThrow())
          .containsExactly(
              Message.UserMessage.of("Weather in Oslo?"), Message.AssistantMessage.of(ANSWER));
    }
  }

  @Test
  void aTextRunHasNoTypedValue() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(openAiText("hello"));

      RunResult r = client(p, Style.OPENAI).run("hi", RunOptions.of(Toolkit.of()));

      assertThat(r.value()).isNull();
      assertThatThrownBy(() -> r.value(Weather.class))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("the run asked for no typed answer; set RunOptions.withOutput(type)");
      assertThat(Json.parseObject(p.request(0).body())).doesNotContainKey("response_format");
    }
  }
}
