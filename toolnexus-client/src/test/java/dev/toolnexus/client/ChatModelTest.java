package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Toolkit;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.ToolMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A user's own {@link ChatModel} runs the whole loop and translate. */
class ChatModelTest {

  /** A local model library stand-in: answers from a function of the request, records each one. */
  static final class ScriptedModel implements ChatModel {
    final List<ChatRequest> seen = new CopyOnWriteArrayList<>();
    private final Function<ChatRequest, ChatResponse> answer;

    ScriptedModel(Function<ChatRequest, ChatResponse> answer) {
      this.answer = answer;
    }

    @Override
    public ChatResponse call(ChatRequest request) {
      seen.add(request);
      return answer.apply(request);
    }
  }

  private static long toolResults(ChatRequest r) {
    return r.messages().stream().filter(m -> m instanceof ToolMessage).count();
  }

  @Test
  void aUserModelDrivesTheLoopThroughTwoToolCallsAndAFinalAnswer() {
    ScriptedModel model =
        new ScriptedModel(
            r ->
                switch ((int) toolResults(r)) {
                  case 0 ->
                      ChatResponse.toolCalls(
                              new ToolCall("c1", "get_weather", "{\"location\":\"Oslo\"}"))
                          .withUsage(new Usage(10, 2, 12));
                  case 1 ->
                      ChatResponse.toolCalls(
                              new ToolCall("c2", "get_time", "{\"location\":\"Oslo\"}"))
                          .withUsage(new Usage(20, 2, 22));
                  default -> ChatResponse.text("Sunny at noon.").withUsage(new Usage(30, 4, 34));
                });
    LlmClient client = LlmClient.create("local-llama", model);

    RunResult r =
        client.run("Weather and time in Oslo?", Fixtures.kit(Fixtures.weather(), Fixtures.time()));

    assertThat(r.text()).isEqualTo("Sunny at noon.");
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.turns()).isEqualTo(3);
    assertThat(r.usage()).isEqualTo(new Usage(60, 8, 68));
    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::output)
        .containsExactly("Sunny, 21C in Oslo", "12:00 in Oslo");
    assertThat(model.seen).extracting(ChatRequest::model).containsOnly("local-llama");
    assertThat(model.seen.get(0).tools())
        .isEqualTo(Fixtures.kit(Fixtures.weather(), Fixtures.time()).toOpenAI());
    assertThat(model.seen.get(0).toolset())
        .extracting(t -> t.name())
        .containsExactly("get_weather", "get_time");
    assertThat(model.seen.get(2).messages())
        .extracting(Message::role)
        .containsExactly("user", "assistant", "tool", "assistant", "tool");
    assertThat(model.seen).allMatch(req -> req.onText() == null);
  }

  @Test
  void translateRunsOnAUserModelWithItsParametersUnderOpenAiNames() {
    ScriptedModel model =
        new ScriptedModel(
            r ->
                ChatResponse.toolCalls(
                    new ToolCall("c9", "get_weather", "{\"location\":\"Rome\"}")));
    LlmClient client = LlmClient.create("local-llama", model);

    TranslateResult t =
        client.translate(
            TranslateRequest.of(List.of(Map.of("role", "user", "content", "Rome?")))
                .withToolkit(Fixtures.kit(Fixtures.weather()))
                .withToolChoice("required")
                .withMaxTokens(64));

    assertThat(t.toolCalls())
        .containsExactly(new ToolCall("c9", "get_weather", "{\"location\":\"Rome\"}"));
    assertThat(t.finishReason()).isEqualTo("tool_calls");
    assertThat(t.model()).isEqualTo("local-llama");
    assertThat(model.seen).hasSize(1);
    assertThat(model.seen.get(0).params())
        .isEqualTo(Map.of("tool_choice", "required", "max_tokens", 64));
    assertThat(model.seen.get(0).messages()).extracting(Message::role).containsExactly("user");
  }

  @Test
  void afterLlmSeesAnOpenAiShapedCompletionWhenTheModelHasNoPayload() {
    List<Map<String, Object>> seen = new ArrayList<>();
    Hooks hooks =
        new Hooks() {
          @Override
          public void afterLLM(LlmResponseEvent event) {
            seen.add(event.response());
          }
        };
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .model("m")
                .chatModel(r -> ChatResponse.text("hi").withUsage(new Usage(1, 1, 2)))
                .hooks(hooks)
                .build());

    client.run("hello", Toolkit.of());

    assertThat(dev.toolnexus.Json.write(seen.get(0)))
        .contains("\"finish_reason\":\"stop\"")
        .contains("\"content\":\"hi\"")
        .contains("\"total_tokens\":2");
  }

  @Test
  void aModelThatCannotStreamIsRefusedAStream() {
    LlmClient client = LlmClient.create("m", r -> ChatResponse.text("x"));

    assertThatThrownBy(() -> client.stream("hi", RunOptions.of(Toolkit.of())))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage("this client's model cannot stream: its ChatModel.streams() is false");
  }

  @Test
  void aStreamingModelSendsItsDeltasToTheRunStream() {
    ChatModel streaming =
        new ChatModel() {
          @Override
          public ChatResponse call(ChatRequest request) {
            request.onText().accept("Hel");
            request.onText().accept("lo");
            return ChatResponse.text("Hello");
          }

          @Override
          public boolean streams() {
            return true;
          }
        };
    LlmClient client = LlmClient.create("m", streaming);
    List<String> deltas = new ArrayList<>();

    RunResult r =
        client.stream(
            "hi",
            RunOptions.of(Toolkit.of()),
            e -> {
              if (e instanceof StreamEvent.Text t) {
                deltas.add(t.delta());
              }
            });

    assertThat(deltas).containsExactly("Hel", "lo");
    assertThat(r.text()).isEqualTo("Hello");
  }

  @Test
  void theHttpModelAnswersOneCallDirectly() throws Exception {
    try (FakeProvider p = new FakeProvider()) {
      p.json(Fixtures.openaiText("Paris.", 3, 1));
      ChatModel http =
          ChatModel.http(
              ModelOptions.builder()
                  .baseUrl(p.baseUrl() + "/v1")
                  .style(Style.OPENAI)
                  .apiKey("sk-test")
                  .build());

      ChatResponse r =
          http.call(ChatRequest.of("gpt-4o-mini", List.of(Message.UserMessage.of("Capital?"))));

      assertThat(r.message()).isEqualTo(AssistantMessage.of("Paris."));
      assertThat(r.usage()).isEqualTo(new Usage(3, 1, 4));
      assertThat(r.finishReason()).isEqualTo(new FinishReason(FinishReason.Kind.STOP, "stop"));
    }
  }

  @Test
  void aClientOverAChatModelTakesNoBaseUrl() {
    assertThatThrownBy(
            () ->
                ClientOptions.builder()
                    .model("m")
                    .baseUrl("http://x")
                    .chatModel(r -> ChatResponse.text("x"))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("chatModel takes no baseUrl or apiKey");
  }
}
