package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RunObserverTest {
  /** A marker a tool scope adds to the tool's context. */
  record Marker(String value) {}

  private final FakeProvider provider = new FakeProvider();
  private final List<String> events = new CopyOnWriteArrayList<>();
  private final List<String> toolSawMarker = new CopyOnWriteArrayList<>();
  private final Toolkit kit =
      Toolkit.of(
          Tools.define(
              "get_weather",
              "w",
              Fixtures.WEATHER_SCHEMA,
              (args, ctx) -> {
                toolSawMarker.add(ctx.get(Marker.class).map(Marker::value).orElse("none"));
                return "Sunny";
              }));

  RunObserverTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  private final RunObserver observer =
      info -> {
        events.add("run " + info.model() + " " + info.style() + " " + info.messages().size());
        return new RunObserver.Run() {
          @Override
          public <T> T within(Supplier<T> body) {
            events.add("within run");
            return body.get();
          }

          @Override
          public RunObserver.ModelCall startModelCall(
              String model, int turn, List<Message> messages) {
            events.add("model " + model + " turn " + turn);
            return (response, error) ->
                events.add(
                    "model end " + (error != null ? "error" : response.finishReason().kind()));
          }

          @Override
          public RunObserver.ToolExecution startTool(
              String name, String id, Map<String, Object> args) {
            events.add("tool " + name + " " + id + " " + args);
            return new RunObserver.ToolExecution() {
              @Override
              public ToolContext context(ToolContext base) {
                return base.with(Marker.class, new Marker("from-" + id));
              }

              @Override
              public void end(String source, ToolResult result, Throwable error) {
                events.add("tool end " + source + " " + result.output());
              }
            };
          }

          @Override
          public void end(RunResult result, Throwable error) {
            events.add("run end " + (error != null ? "error" : result.status().value()));
          }
        };
      };

  @Test
  void anObserverSeesTheRunEachModelCallAndEachToolCallInOrder() {
    provider
        .json(openaiCalls(3, 2, new String[] {"c1", "get_weather", "{\"location\":\"Oslo\"}"}))
        .json(openaiText("done", 5, 1));

    LlmClient.create(Fixtures.openai(provider).observer(observer).build()).run("go", kit);

    assertThat(events)
        .containsExactly(
            "run " + Fixtures.openai(provider).build().model() + " OPENAI 1",
            "within run",
            "model " + Fixtures.openai(provider).build().model() + " turn 0",
            "model end tool_calls",
            "tool get_weather c1 {location=Oslo}",
            "tool end native Sunny",
            "model " + Fixtures.openai(provider).build().model() + " turn 1",
            "model end stop",
            "run end done");
  }

  @Test
  void aToolScopeAddsAttributesToTheToolsContext() {
    provider
        .json(openaiCalls(3, 2, new String[] {"c7", "get_weather", "{\"location\":\"Oslo\"}"}))
        .json(openaiText("done", 5, 1));

    LlmClient.create(Fixtures.openai(provider).observer(observer).build()).run("go", kit);

    assertThat(toolSawMarker).containsExactly("from-c7");
  }

  @Test
  void aFailedModelCallEndsTheModelScopeAndTheRunScopeWithTheError() {
    provider.error(400, "{\"error\":{\"message\":\"bad\"}}");

    assertThatThrownBy(
            () ->
                LlmClient.create(Fixtures.openai(provider).observer(observer).build())
                    .run("go", kit))
        .isInstanceOf(LlmException.class);
    assertThat(events).endsWith("model end error", "run end error");
  }
}
