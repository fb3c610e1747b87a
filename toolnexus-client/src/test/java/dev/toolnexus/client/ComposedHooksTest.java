package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Several hooks compose in the documented order; the completion slot can send the model back. */
class ComposedHooksTest {
  private final List<String> log = new CopyOnWriteArrayList<>();

  /** A hook that logs each callback under its name. */
  private Hooks named(String name) {
    return new Hooks() {
      @Override
      public LlmOverride beforeLLM(LlmRequestEvent event) {
        log.add(name + ".beforeLLM");
        return null;
      }

      @Override
      public void afterLLM(LlmResponseEvent event) {
        log.add(name + ".afterLLM");
      }

      @Override
      public ToolOverride beforeTool(ToolCallEvent event) {
        log.add(name + ".beforeTool");
        return null;
      }

      @Override
      public ToolResult afterTool(ToolResultEvent event) {
        log.add(name + ".afterTool");
        return null;
      }

      @Override
      public String onCompletion(CompletionEvent event) {
        log.add(name + ".onCompletion");
        return null;
      }
    };
  }

  private static ChatModel oneToolThenAnswer() {
    return r ->
        r.messages().get(r.messages().size() - 1) instanceof Message.ToolMessage
            ? ChatResponse.text("done")
            : ChatResponse.toolCalls(new ToolCall("c1", "get_weather", "{\"location\":\"Oslo\"}"));
  }

  @Test
  void beforeHooksRunInRegistrationOrderAndAfterHooksInReverse() {
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .model("m")
                .chatModel(oneToolThenAnswer())
                .hooks(named("a"), named("b"))
                .build());

    client.run("weather?", Fixtures.kit(Fixtures.weather()));

    assertThat(log)
        .containsExactly(
            "a.beforeLLM",
            "b.beforeLLM",
            "b.afterLLM",
            "a.afterLLM",
            "a.beforeTool",
            "b.beforeTool",
            "b.afterTool",
            "a.afterTool",
            "a.beforeLLM",
            "b.beforeLLM",
            "b.afterLLM",
            "a.afterLLM",
            "a.onCompletion",
            "b.onCompletion");
  }

  @Test
  void eachHookSeesWhatTheHooksBeforeItChanged() {
    Hooks rewrite =
        new Hooks() {
          @Override
          public ToolOverride beforeTool(ToolCallEvent event) {
            return ToolOverride.args(Map.of("location", "Rome"));
          }

          @Override
          public ToolResult afterTool(ToolResultEvent event) {
            return ToolResult.ok(event.result().output() + " (checked)");
          }
        };
    Hooks observe =
        new Hooks() {
          @Override
          public ToolOverride beforeTool(ToolCallEvent event) {
            log.add("args " + event.args());
            return null;
          }

          @Override
          public ToolResult afterTool(ToolResultEvent event) {
            return ToolResult.ok(event.result().output() + " (seen)");
          }
        };
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .model("m")
                .chatModel(oneToolThenAnswer())
                .hooks(rewrite, observe)
                .build());

    RunResult r = client.run("weather?", Fixtures.kit(Fixtures.weather()));

    assertThat(log).containsExactly("args {location=Rome}");
    assertThat(r.toolCalls().get(0).output()).isEqualTo("Sunny, 21C in Rome (seen) (checked)");
  }

  @Test
  void theFirstBeforeToolResultShortCircuitsTheLaterHooksAndTheTool() {
    Hooks deny =
        new Hooks() {
          @Override
          public ToolOverride beforeTool(ToolCallEvent event) {
            return ToolOverride.result(ToolResult.error("denied"));
          }
        };
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .model("m")
                .chatModel(oneToolThenAnswer())
                .hooks(deny, named("later"))
                .build());

    RunResult r = client.run("weather?", Fixtures.kit(Fixtures.weather()));

    assertThat(r.toolCalls().get(0).output()).isEqualTo("denied");
    assertThat(log).doesNotContain("later.beforeTool", "later.afterTool");
  }

  @Test
  void completionFeedbackIsSentBackAsAUserTurnAndTheLoopGoesOn() {
    List<String> prompts = new CopyOnWriteArrayList<>();
    ChatModel model =
        r -> {
          Message last = r.messages().get(r.messages().size() - 1);
          prompts.add(((Message.UserMessage) last).text());
          return ChatResponse.text(prompts.size() == 1 ? "draft" : "final");
        };
    Hooks gate =
        new Hooks() {
          @Override
          public String onCompletion(CompletionEvent event) {
            return event.text().equals("draft") ? "Cite a source." : null;
          }
        };
    LlmClient client =
        LlmClient.create(ClientOptions.builder().model("m").chatModel(model).hooks(gate).build());

    RunResult r = client.run("answer", Toolkit.of());

    assertThat(r.text()).isEqualTo("final");
    assertThat(r.turns()).isEqualTo(2);
    assertThat(prompts).containsExactly("answer", "Cite a source.");
  }

  @Test
  void runOptionsReplaceTheClientsHooksAndLoopSettingsForOneRun() {
    ChatModel model =
        r -> ChatResponse.text("system was: " + r.messages().get(0).toMap().get("content"));
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .model("m")
                .chatModel(model)
                .systemPrompt("client prompt")
                .hooks(named("client"))
                .build());

    RunResult r =
        client.run(
            "hi",
            RunOptions.of(Toolkit.of()).withSystemPrompt("run prompt").withHooks(named("run")));

    assertThat(r.text()).isEqualTo("system was: run prompt");
    assertThat(log).containsExactly("run.beforeLLM", "run.afterLLM", "run.onCompletion");
  }
}
