package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The gemini style end to end against a local server speaking Gemini's wire format. */
class GeminiStyleTest {
  private static final String SCHEMA =
      "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\","
          + "\"properties\":{\"%s\":{\"type\":[\"string\",\"null\"]}},\"required\":[\"%s\"],"
          + "\"additionalProperties\":false}";

  static final String TWO_CALLS =
      """
      {"candidates":[{"content":{"role":"model","parts":[
        {"functionCall":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},
         "thoughtSignature":"SIG_TURN_1"},
        {"functionCall":{"id":"c2","name":"get_time","args":{"zone":"CET"}}}]},
        "finishReason":"STOP","index":0}],
       "usageMetadata":{"promptTokenCount":20,"candidatesTokenCount":10,"totalTokenCount":34,
        "thoughtsTokenCount":4},
       "modelVersion":"gemini-3-flash","responseId":"r1"}
      """;

  static final String ANSWER =
      """
      {"candidates":[{"content":{"role":"model","parts":[
        {"text":"Paris: 18C, 14:00.","thoughtSignature":"SIG_TURN_2"}]},
        "finishReason":"STOP","index":0}],
       "usageMetadata":{"promptTokenCount":50,"candidatesTokenCount":8,"totalTokenCount":58},
       "modelVersion":"gemini-3-flash","responseId":"r2"}
      """;

  private GeminiWireServer server;

  @BeforeEach
  void start() throws Exception {
    server = GeminiWireServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static Tool tool(String name, String param, java.util.function.Function<Object, String> body) {
    return Tools.define(
        name,
        "Looks up " + param,
        String.format(SCHEMA, param, param),
        (args, ctx) -> body.apply(args.get(param)));
  }

  /** Two tools that each wait for the other: they finish only when they run concurrently. */
  static Toolkit concurrentToolkit() {
    CountDownLatch both = new CountDownLatch(2);
    java.util.function.Function<String, java.util.function.Function<Object, String>> meet =
        out ->
            arg -> {
              both.countDown();
              try {
                if (!both.await(20, TimeUnit.SECONDS)) {
                  throw new IllegalStateException("the other call never ran alongside");
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
              }
              return out + " in " + arg;
            };
    return Toolkit.of(
        tool("get_weather", "city", meet.apply("18C")),
        tool("get_time", "zone", meet.apply("14:00")));
  }

  private LlmClient client() {
    return LlmClient.create(
        ClientOptions.builder()
            .style("gemini")
            .baseUrl(server.baseUrl())
            .model("gemini-3-flash")
            .apiKey("test-gemini-key")
            .systemPrompt("Answer briefly.")
            .build());
  }

  @Test
  void fullLoopRunsTwoParallelFunctionCallsAndAnswers() {
    server.reply(TWO_CALLS).reply(ANSWER);
    RunResult result =
        client().run("Weather and time in Paris?", RunOptions.of(concurrentToolkit()));

    assertThat(result.text()).isEqualTo("Paris: 18C, 14:00.");
    assertThat(result.turns()).isEqualTo(2);
    assertThat(result.toolCalls())
        .extracting(ToolCallRecord::id, ToolCallRecord::name, ToolCallRecord::output)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("c1", "get_weather", "18C in Paris"),
            org.assertj.core.groups.Tuple.tuple("c2", "get_time", "14:00 in CET"));
    assertThat(server.requests())
        .extracting(GeminiWireServer.Recorded::model, GeminiWireServer.Recorded::method)
        .containsOnly(org.assertj.core.groups.Tuple.tuple("gemini-3-flash", "generateContent"));
    assertThat(server.requests())
        .extracting(GeminiWireServer.Recorded::apiKey)
        .containsOnly("test-gemini-key");
  }

  @Test
  void firstRequestCarriesSystemInstructionUserContentAndCompatTools() {
    server.reply(ANSWER);
    client().run("Weather?", RunOptions.of(concurrentToolkit()));
    Map<String, Object> body = server.requests().get(0).body();
    assertThat(body.get("systemInstruction"))
        .isEqualTo(Json.parseObject("{\"parts\":[{\"text\":\"Answer briefly.\"}]}"));
    assertThat(body.get("contents"))
        .isEqualTo(Json.parseArray("[{\"role\":\"user\",\"parts\":[{\"text\":\"Weather?\"}]}]"));
    assertThat(body.get("tools"))
        .isEqualTo(
            Json.parseArray(
                """
                [{"functionDeclarations":[
                  {"name":"get_weather","description":"Looks up city","parameters":{"type":"OBJECT",
                   "properties":{"city":{"type":"STRING","nullable":true}},"required":["city"]}},
                  {"name":"get_time","description":"Looks up zone","parameters":{"type":"OBJECT",
                   "properties":{"zone":{"type":"STRING","nullable":true}},"required":["zone"]}}]}]
                """));
  }

  @Test
  void thoughtSignatureFromTurnOneIsSentBackUnchangedInTurnTwo() {
    server.reply(TWO_CALLS).reply(ANSWER);
    client().run("Weather and time in Paris?", RunOptions.of(concurrentToolkit()));
    Object contents = server.requests().get(1).body().get("contents");
    assertThat(contents)
        .isEqualTo(
            Json.parseArray(
                """
                [{"role":"user","parts":[{"text":"Weather and time in Paris?"}]},
                 {"role":"model","parts":[
                   {"functionCall":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},
                    "thoughtSignature":"SIG_TURN_1"},
                   {"functionCall":{"id":"c2","name":"get_time","args":{"zone":"CET"}}}]},
                 {"role":"user","parts":[
                   {"functionResponse":{"id":"c1","name":"get_weather",
                     "response":{"result":"18C in Paris"}}},
                   {"functionResponse":{"id":"c2","name":"get_time",
                     "response":{"result":"14:00 in CET"}}}]}]
                """));
  }

  @Test
  void usageIsSummedAcrossTurns() {
    server.reply(TWO_CALLS).reply(ANSWER);
    RunResult result =
        client().run("Weather and time in Paris?", RunOptions.of(concurrentToolkit()));
    assertThat(result.usage()).isEqualTo(new Usage(70, 22, 92));
  }

  @Test
  void failedToolGoesBackAsAnErrorFunctionResponse() {
    Tool broken =
        Tools.define(
            "get_weather",
            "Weather",
            Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"))),
            (args, ctx) -> ToolResult.error("weather service down"));
    server
        .reply(
            """
            {"candidates":[{"content":{"role":"model","parts":[
              {"functionCall":{"name":"get_weather","args":{"city":"Oslo"}}}]},"finishReason":"STOP"}]}
            """)
        .reply(ANSWER);
    RunResult result = client().run("Oslo?", RunOptions.of(Toolkit.of(broken)));
    assertThat(result.toolCalls().get(0).isError()).isTrue();
    assertThat(Json.write(server.requests().get(1).body().get("contents")))
        .contains(
            "{\"functionResponse\":{\"name\":\"get_weather\","
                + "\"response\":{\"error\":\"weather service down\"}}}");
  }

  @Test
  void streamedRunDeliversDeltasToolEventsUsageAndTheSameResult() {
    server
        .replyStream(
            """
            {"candidates":[{"content":{"role":"model","parts":[
              {"functionCall":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},
               "thoughtSignature":"SIG_TURN_1"},
              {"functionCall":{"id":"c2","name":"get_time","args":{"zone":"CET"}}}]},
              "finishReason":"STOP"}],
             "usageMetadata":{"promptTokenCount":20,"candidatesTokenCount":10,"totalTokenCount":34,
              "thoughtsTokenCount":4}}
            """)
        .replyStream(
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"Paris: \"}]}}],"
                + "\"usageMetadata\":{\"promptTokenCount\":50,\"totalTokenCount\":50}}",
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"18C, 14:00.\"}]},"
                + "\"finishReason\":\"STOP\"}],\"usageMetadata\":{\"promptTokenCount\":50,"
                + "\"candidatesTokenCount\":8,\"totalTokenCount\":58}}");
    List<StreamEvent> events = new ArrayList<>();
    RunResult result =
        client().stream(
            "Weather and time in Paris?", RunOptions.of(concurrentToolkit()), events::add);

    assertThat(events)
        .filteredOn(e -> e instanceof StreamEvent.Text)
        .extracting(e -> ((StreamEvent.Text) e).delta())
        .containsExactly("Paris: ", "18C, 14:00.");
    assertThat(events)
        .filteredOn(e -> e instanceof StreamEvent.ToolResultEvent)
        .extracting(e -> ((StreamEvent.ToolResultEvent) e).output())
        .containsExactlyInAnyOrder("18C in Paris", "14:00 in CET");
    assertThat(events.get(events.size() - 1)).isInstanceOf(StreamEvent.Done.class);
    assertThat(result.text()).isEqualTo("Paris: 18C, 14:00.");
    assertThat(result.usage()).isEqualTo(new Usage(70, 22, 92));
    assertThat(server.requests())
        .allSatisfy(r -> assertThat(r.streamed()).isTrue())
        .allSatisfy(r -> assertThat(r.query()).isEqualTo("alt=sse"));
    assertThat(Json.write(server.requests().get(1).body()))
        .contains("\"thoughtSignature\":\"SIG_TURN_1\"");
  }

  @Test
  void keyComesFromGeminiApiKeyThenGoogleApiKey() {
    server.reply(ANSWER).reply(ANSWER);
    Map<String, String> env = new java.util.HashMap<>(Map.of("GOOGLE_API_KEY", "google-key"));
    ClientOptions.Builder b =
        ClientOptions.builder()
            .style("gemini")
            .baseUrl(server.baseUrl())
            .model("gemini-3-flash")
            .env(env::get);
    LlmClient.create(b.build()).run("hi", RunOptions.of(Toolkit.of()));
    env.put("GEMINI_API_KEY", "gemini-key");
    LlmClient.create(b.build()).run("hi", RunOptions.of(Toolkit.of()));
    assertThat(server.requests())
        .extracting(GeminiWireServer.Recorded::apiKey)
        .containsExactly("google-key", "gemini-key");
  }

  @Test
  void afterLlmHookSeesTheRawGeminiPayload() {
    server.reply(ANSWER);
    List<Object> seen = new ArrayList<>();
    Hooks hooks =
        new Hooks() {
          @Override
          public void afterLLM(LlmResponseEvent event) {
            seen.add(event.response().get("usageMetadata"));
          }
        };
    LlmClient c =
        LlmClient.create(
            ClientOptions.builder()
                .style("gemini")
                .baseUrl(server.baseUrl())
                .model("gemini-3-flash")
                .apiKey("k")
                .hooks(hooks)
                .build());
    c.run("hi", RunOptions.of(Toolkit.of()));
    assertThat(seen)
        .containsExactly(
            Json.parseObject(
                "{\"promptTokenCount\":50,\"candidatesTokenCount\":8,\"totalTokenCount\":58}"));
  }

  @Test
  void suspendedToolHaltsAndResumesWithTheAnswerAsFunctionResponse() {
    Tool approve =
        Tools.define(
            "deploy",
            "Deploys",
            Map.of("type", "object"),
            (args, ctx) ->
                ctx.answer() == null
                    ? ToolResult.pending(Request.of("approval", "Deploy to prod?"))
                    : ToolResult.ok("deployed"));
    server
        .reply(
            """
            {"candidates":[{"content":{"role":"model","parts":[
              {"functionCall":{"id":"d1","name":"deploy","args":{}},"thoughtSignature":"SIG_D"}]},
              "finishReason":"STOP"}]}
            """)
        .reply(ANSWER);
    LlmClient c = client();
    Toolkit toolkit = Toolkit.of(approve);
    RunResult halted = c.run("Deploy", RunOptions.of(toolkit));
    assertThat(halted.isPending()).isTrue();
    assertThat(server.requests()).hasSize(1);

    RunResult done =
        c.runWithAnswer(
            toolkit,
            halted.messages(),
            halted.pending(),
            dev.toolnexus.Answer.ok(halted.pending().id()));
    assertThat(done.text()).isEqualTo("Paris: 18C, 14:00.");
    String second = Json.write(server.requests().get(1).body().get("contents"));
    assertThat(second)
        .contains("\"thoughtSignature\":\"SIG_D\"")
        .contains(
            "{\"functionResponse\":{\"id\":\"d1\",\"name\":\"deploy\",\"response\":{\"result\":\"deployed\"}}}");
  }

  @Test
  void resumingAHaltStoredBeforeSignaturesWereKeptSendsThePlaceholderOnTheHaltedCall() {
    Tool approve =
        Tools.define(
            "deploy",
            "Deploys",
            Map.of("type", "object"),
            (args, ctx) ->
                ctx.answer() == null
                    ? ToolResult.pending(Request.of("approval", "Deploy to prod?"))
                    : ToolResult.ok("deployed"));
    server
        .reply(
            """
            {"candidates":[{"content":{"role":"model","parts":[
              {"functionCall":{"id":"d1","name":"deploy","args":{}},"thoughtSignature":"SIG_D"}]},
              "finishReason":"STOP"}]}
            """)
        .reply(ANSWER);
    LlmClient c = client();
    Toolkit toolkit = Toolkit.of(approve);
    RunResult halted = c.run("Deploy", RunOptions.of(toolkit));
    String stored =
        Message.toJson(halted.messages()).replace(",\"thoughtSignature\":\"SIG_D\"", "");
    assertThat(stored).doesNotContain("SIG_D");

    c.runWithAnswer(
        toolkit,
        Message.fromJson(stored),
        halted.pending(),
        dev.toolnexus.Answer.ok(halted.pending().id()));

    Object model = ((List<?>) server.requests().get(1).body().get("contents")).get(1);
    assertThat(model)
        .isEqualTo(
            Json.parseObject(
                """
                {"role":"model","parts":[{"functionCall":{"id":"d1","name":"deploy","args":{}},
                  "thoughtSignature":"context_engineering_is_the_way_to_go"}]}
                """));
  }

  @Test
  void toolWhoseNameGeminiRejectsTravelsUnderItsAliasAndRoutesBack() {
    Tool render =
        Tools.define("3d-render", "Renders", Map.of("type", "object"), (args, ctx) -> "rendered");
    server
        .reply(
            """
            {"candidates":[{"content":{"role":"model","parts":[
              {"functionCall":{"name":"_3d-render","args":{}}}]},"finishReason":"STOP"}]}
            """)
        .reply(ANSWER);
    RunResult result = client().run("Render", RunOptions.of(Toolkit.of(render)));
    assertThat(result.toolCalls())
        .extracting(ToolCallRecord::name, ToolCallRecord::output)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("3d-render", "rendered"));
    assertThat(Json.write(server.requests().get(0).body().get("tools")))
        .isEqualTo(
            "[{\"functionDeclarations\":[{\"name\":\"_3d-render\",\"description\":\"Renders\"}]}]");
    assertThat(Json.write(server.requests().get(1).body().get("contents")))
        .contains(
            "{\"functionResponse\":{\"name\":\"_3d-render\",\"response\":{\"result\":\"rendered\"}}}");
  }

  @Test
  void baseUrlDefaultsToTheGenerativeLanguageApi() {
    ClientOptions options =
        ClientOptions.builder().style("gemini").model("gemini-3-flash").apiKey("k").build();
    assertThat(options.modelOptions().baseUrl())
        .isEqualTo("https://generativelanguage.googleapis.com/v1beta");
  }

  @Test
  void generationAndToolConfigReachTheBodyThroughRequestShaping() {
    server.reply(ANSWER);
    LlmClient c =
        LlmClient.create(
            ClientOptions.builder()
                .style("gemini")
                .baseUrl(server.baseUrl())
                .model("gemini-3-flash")
                .apiKey("k")
                .bodyTransform(
                    b -> {
                      b.put("generationConfig", Map.of("temperature", 0, "maxOutputTokens", 256));
                      b.put("toolConfig", Map.of("functionCallingConfig", Map.of("mode", "ANY")));
                      return b;
                    })
                .build());
    c.run("hi", RunOptions.of(concurrentToolkit()));
    Map<String, Object> body = server.requests().get(0).body();
    assertThat(body.get("generationConfig"))
        .isEqualTo(Map.of("temperature", 0, "maxOutputTokens", 256));
    assertThat(body.get("toolConfig"))
        .isEqualTo(Map.of("functionCallingConfig", Map.of("mode", "ANY")));
  }

  @Test
  void persistedTranscriptKeepsSignaturesForTheNextRun() {
    server.reply(TWO_CALLS).reply(ANSWER).reply(ANSWER);
    LlmClient c = client();
    Toolkit toolkit = concurrentToolkit();
    RunResult first = c.run("Weather and time in Paris?", RunOptions.of(toolkit));
    List<Message> restored = Message.fromJson(Message.toJson(first.messages()));

    c.run("And tomorrow?", RunOptions.of(toolkit).withHistory(restored));

    String third = Json.write(server.requests().get(2).body().get("contents"));
    assertThat(third)
        .contains(
            "{\"functionCall\":{\"id\":\"c1\",\"name\":\"get_weather\",\"args\":{\"city\":\"Paris\"}},"
                + "\"thoughtSignature\":\"SIG_TURN_1\"}")
        .contains("{\"text\":\"Paris: 18C, 14:00.\",\"thoughtSignature\":\"SIG_TURN_2\"}")
        .endsWith("{\"role\":\"user\",\"parts\":[{\"text\":\"And tomorrow?\"}]}]");
  }

  @Test
  void beforeLlmCanSwitchToolsToParametersJsonSchema() {
    server.reply(ANSWER);
    Toolkit toolkit = concurrentToolkit();
    Hooks hooks =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            return LlmOverride.tools(
                dev.toolnexus.Adapters.toGemini(
                    toolkit.tools(), dev.toolnexus.GeminiSchemaMode.JSON_SCHEMA));
          }
        };
    LlmClient c =
        LlmClient.create(
            ClientOptions.builder()
                .style("gemini")
                .baseUrl(server.baseUrl())
                .model("gemini-3-flash")
                .apiKey("k")
                .hooks(hooks)
                .build());
    c.run("hi", RunOptions.of(toolkit));
    assertThat(Json.write(server.requests().get(0).body().get("tools")))
        .startsWith(
            "[{\"functionDeclarations\":[{\"name\":\"get_weather\",\"description\":\"Looks up city\","
                + "\"parametersJsonSchema\":{\"type\":\"object\"")
        .doesNotContain("$schema")
        .contains("\"additionalProperties\":false");
  }

  @Test
  void generationAndToolConfigComeFromRequestParamsOnEveryTurn() {
    server.reply(TWO_CALLS).reply(ANSWER);
    Map<String, Object> params = new java.util.LinkedHashMap<>();
    params.put(
        "generationConfig",
        Map.of("temperature", 0, "thinkingConfig", Map.of("thinkingBudget", 0)));
    params.put("toolConfig", Map.of("functionCallingConfig", Map.of("mode", "AUTO")));
    params.put("contents", List.of());
    LlmClient c =
        LlmClient.create(
            ClientOptions.builder()
                .style("gemini")
                .baseUrl(server.baseUrl())
                .model("gemini-3-flash")
                .apiKey("k")
                .requestParams(params)
                .build());
    c.run("Weather and time in Paris?", RunOptions.of(concurrentToolkit()));
    assertThat(server.requests()).hasSize(2);
    for (GeminiWireServer.Recorded r : server.requests()) {
      assertThat(r.body().get("generationConfig"))
          .isEqualTo(Map.of("temperature", 0, "thinkingConfig", Map.of("thinkingBudget", 0)));
      assertThat(r.body().get("toolConfig"))
          .isEqualTo(Map.of("functionCallingConfig", Map.of("mode", "AUTO")));
      assertThat((List<?>) r.body().get("contents")).isNotEmpty();
    }
  }
}
