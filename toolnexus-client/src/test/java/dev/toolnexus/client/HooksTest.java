package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HooksTest {
  private final FakeProvider provider = new FakeProvider();
  private final List<Map<String, Object>> toolSaw = new CopyOnWriteArrayList<>();
  private final Toolkit kit =
      Toolkit.of(
          Tools.define(
              "get_weather",
              "w",
              Fixtures.WEATHER_SCHEMA,
              (args, ctx) -> {
                toolSaw.add(args);
                return "Sunny in " + args.get("location");
              }));

  HooksTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private RunResult runWith(Hooks hooks) {
    return LlmClient.create(Fixtures.openai(provider).systemPrompt("sys").hooks(hooks).build())
        .run("go", kit);
  }

  private void oneCallThenText() {
    provider
        .json(openaiCalls(3, 2, new String[] {"c1", "get_weather", "{\"location\":\"Oslo\"}"}))
        .json(openaiText("done", 5, 1));
  }

  @Test
  void beforeLlmCanReplaceTheTranscriptForTheRestOfTheRun() {
    provider.json(openaiText("short", 1, 1));
    RunResult r =
        runWith(
            new Hooks() {
              @Override
              public LlmOverride beforeLLM(LlmRequestEvent e) {
                List<Message> kept = new ArrayList<>(e.messages().subList(1, e.messages().size()));
                return LlmOverride.messages(kept);
              }
            });

    assertThat(provider.request(0).body())
        .isEqualTo(
            "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"go\"}],"
                + "\"tools\":"
                + dev.toolnexus.Json.write(kit.toOpenAI())
                + ",\"tool_choice\":\"auto\"}");
    assertThat(r.messages())
        .containsExactly(Message.UserMessage.of("go"), Message.AssistantMessage.of("short"));
  }

  @Test
  void beforeLlmCanSwapTheToolsAndAnEmptyListOmitsThem() {
    provider.json(openaiText("no tools", 1, 1));
    runWith(
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent e) {
            return LlmOverride.tools(List.of());
          }
        });

    assertThat(Fixtures.parse(provider.request(0).body())).containsOnlyKeys("model", "messages");
  }

  @Test
  void aBeforeLlmHookCannotAddToTheToolsInPlaceSoNothingIsSent() {
    provider.json(openaiText("unused", 1, 1));
    Hooks hooks =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent e) {
            e.tools().add(Map.of("type", "web_search"));
            return null;
          }
        };

    assertThatThrownBy(() -> runWith(hooks)).isInstanceOf(UnsupportedOperationException.class);
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void aBeforeLlmHookCannotChangeADeclarationInPlaceSoTheNextRunSendsTheToolsAsDefined() {
    provider.json(openaiText("again", 1, 1));
    String defined = dev.toolnexus.Json.write(kit.toOpenAI());
    boolean[] meddle = {true};
    Hooks hooks =
        new Hooks() {
          @Override
          @SuppressWarnings("unchecked")
          public LlmOverride beforeLLM(LlmRequestEvent e) {
            if (meddle[0]) {
              Map<String, Object> function = (Map<String, Object>) e.tools().get(0).get("function");
              ((Map<String, Object>) function.get("parameters")).put("required", List.of());
            }
            return null;
          }
        };
    LlmClient client =
        LlmClient.create(Fixtures.openai(provider).systemPrompt("sys").hooks(hooks).build());

    assertThatThrownBy(() -> client.run("go", kit))
        .isInstanceOf(UnsupportedOperationException.class);
    meddle[0] = false;
    client.run("go", kit);

    assertThat(provider.requests()).hasSize(1);
    assertThat(dev.toolnexus.Json.write(Fixtures.parse(provider.request(0).body()).get("tools")))
        .isEqualTo(defined);
    assertThat(dev.toolnexus.Json.write(kit.toOpenAI())).isEqualTo(defined);
  }

  @Test
  void aBeforeLlmModelOverrideIsTransmittedForThatTurnOnlyAndReported() {
    oneCallThenText();
    List<MetricEvent> metrics = new CopyOnWriteArrayList<>();
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .onMetric(metrics::add)
                .hooks(
                    new Hooks() {
                      @Override
                      public LlmOverride beforeLLM(LlmRequestEvent e) {
                        return e.turn() == 1 ? LlmOverride.model("gpt-4o") : null;
                      }
                    })
                .build());

    RunResult r = client.run("go", kit);

    assertThat(Fixtures.parse(provider.request(0).body()).get("model")).isEqualTo("gpt-4o-mini");
    assertThat(Fixtures.parse(provider.request(1).body()).get("model")).isEqualTo("gpt-4o");
    assertThat(r.model()).isEqualTo("gpt-4o");
    assertThat(metrics)
        .filteredOn(m -> m instanceof MetricEvent.LlmEvent)
        .extracting(m -> ((MetricEvent.LlmEvent) m).model())
        .containsExactly("gpt-4o-mini", "gpt-4o");
  }

  @Test
  void aFailingBeforeLlmStopsTheCallBeforeAnyRequest() {
    IllegalStateException boom = new IllegalStateException("route denied");
    Hooks hooks =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent e) {
            throw boom;
          }
        };

    assertThatThrownBy(() -> runWith(hooks)).isSameAs(boom);
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void aCheckedBeforeLlmFailureArrivesAsHookException() {
    Hooks hooks =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent e) throws Exception {
            throw new java.io.IOException("budget file unreadable");
          }
        };

    assertThatThrownBy(() -> runWith(hooks))
        .isInstanceOf(HookException.class)
        .hasMessage("beforeLLM hook failed: budget file unreadable");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void afterLlmSeesTheRawProviderPayloadWithUsage() {
    oneCallThenText();
    List<Hooks.LlmResponseEvent> seen = new CopyOnWriteArrayList<>();
    runWith(
        new Hooks() {
          @Override
          public void afterLLM(LlmResponseEvent e) {
            seen.add(e);
          }
        });

    assertThat(seen).hasSize(2);
    assertThat(seen.get(0).turn()).isZero();
    assertThat(seen.get(0).response().get("usage"))
        .isEqualTo(Map.of("prompt_tokens", 3, "completion_tokens", 2, "total_tokens", 5));
    assertThat(seen.get(1).response().get("id")).isEqualTo("chatcmpl-2");
  }

  @Test
  void beforeToolCanShortCircuitSoTheToolNeverRuns() {
    oneCallThenText();
    RunResult r =
        runWith(
            new Hooks() {
              @Override
              public ToolOverride beforeTool(ToolCallEvent e) {
                return ToolOverride.result(ToolResult.error("denied: " + e.name()));
              }
            });

    assertThat(toolSaw).isEmpty();
    assertThat(r.toolCalls().get(0).output()).isEqualTo("denied: get_weather");
    assertThat(r.toolCalls().get(0).isError()).isTrue();
  }

  @Test
  void beforeToolCanRewriteTheArguments() {
    oneCallThenText();
    RunResult r =
        runWith(
            new Hooks() {
              @Override
              public ToolOverride beforeTool(ToolCallEvent e) {
                return ToolOverride.args(Map.of("location", "Bergen"));
              }
            });

    assertThat(toolSaw).containsExactly(Map.of("location", "Bergen"));
    assertThat(r.toolCalls().get(0).args()).isEqualTo(Map.of("location", "Bergen"));
    assertThat(r.toolCalls().get(0).output()).isEqualTo("Sunny in Bergen");
  }

  @Test
  void afterToolCanTransformTheResult() {
    oneCallThenText();
    RunResult r =
        runWith(
            new Hooks() {
              @Override
              public ToolResult afterTool(ToolResultEvent e) {
                return ToolResult.ok(e.result().output().toUpperCase(java.util.Locale.ROOT));
              }
            });

    assertThat(r.toolCalls().get(0).output()).isEqualTo("SUNNY IN OSLO");
    assertThat(provider.request(1).body()).contains("\"content\":\"SUNNY IN OSLO\"");
  }

  @Test
  void aThrowingToolHookBecomesAnErrorResultForThatCallOnly() {
    oneCallThenText();
    RunResult r =
        runWith(
            new Hooks() {
              @Override
              public ToolResult afterTool(ToolResultEvent e) {
                throw new IllegalArgumentException("redactor crashed");
              }
            });

    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.toolCalls().get(0).isError()).isTrue();
    assertThat(r.toolCalls().get(0).output())
        .isEqualTo("afterTool hook failed for get_weather: redactor crashed");
  }

  @Test
  void aThrowingBeforeToolBecomesAnErrorResult() {
    oneCallThenText();
    RunResult r =
        runWith(
            new Hooks() {
              @Override
              public ToolOverride beforeTool(ToolCallEvent e) {
                throw new IllegalStateException("policy store down");
              }
            });

    assertThat(toolSaw).isEmpty();
    assertThat(r.toolCalls().get(0).output())
        .isEqualTo("beforeTool hook failed for get_weather: policy store down");
  }

  @Test
  void metricsReportEachLlmCallToolCallAndTheRun() {
    oneCallThenText();
    List<MetricEvent> metrics = new CopyOnWriteArrayList<>();
    LlmClient.create(Fixtures.openai(provider).onMetric(metrics::add).build()).run("go", kit);

    assertThat(metrics).extracting(MetricEvent::event).containsExactly("llm", "tool", "llm", "run");
    MetricEvent.LlmEvent llm = (MetricEvent.LlmEvent) metrics.get(0);
    assertThat(llm.status()).isEqualTo(MetricEvent.Status.OK);
    assertThat(llm.promptTokens()).isEqualTo(3);
    MetricEvent.ToolEvent tool = (MetricEvent.ToolEvent) metrics.get(1);
    assertThat(tool.tool()).isEqualTo("get_weather");
    assertThat(tool.source()).isEqualTo(dev.toolnexus.Source.NATIVE);
    assertThat(tool.isError()).isFalse();
    assertThat(tool.pending()).isFalse();
    MetricEvent.RunEvent run = (MetricEvent.RunEvent) metrics.get(3);
    assertThat(run.turns()).isEqualTo(2);
    assertThat(run.toolCalls()).isEqualTo(1);
    assertThat(run.totalTokens()).isEqualTo(11);
    assertThat(run.error()).isNull();
  }
}
