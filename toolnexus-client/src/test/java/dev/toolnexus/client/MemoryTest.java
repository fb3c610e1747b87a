package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.internal.Transcripts;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.InMemoryConversationStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** SPEC §8 "Conversation memory": ask with an id, the store, conversations, streaming. */
class MemoryTest {
  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  MemoryTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void askWithAnIdContinuesTheConversationInEveryStyle(Style style) {
    provider.json(Wire.text(style, "Hello Ada")).json(Wire.text(style, "Your name is Ada"));
    LlmClient client = LlmClient.create(Wire.client(style, provider).build());

    client.ask("I am Ada", kit, "t1");
    RunResult second = client.ask("What is my name?", kit, "t1");

    assertThat(second.text()).isEqualTo("Your name is Ada");
    assertThat(provider.request(1).body())
        .contains("I am Ada")
        .contains("Hello Ada")
        .contains("What is my name?");
    assertThat(client.store().get("t1").orElseThrow())
        .extracting(Message::role)
        .containsExactly("user", "assistant", "user", "assistant");
    assertThat(second.messages()).isEqualTo(client.store().get("t1").orElseThrow());
  }

  @Test
  void askWithoutAnIdIsStatelessAndLeavesTheStoreAlone() {
    List<String> touched = new CopyOnWriteArrayList<>();
    ConversationStore spy =
        new ConversationStore() {
          @Override
          public Optional<List<Message>> get(String id) {
            touched.add("get " + id);
            return Optional.empty();
          }

          @Override
          public void save(String id, List<Message> messages) {
            touched.add("save " + id);
          }
        };
    provider.json(openaiText("one", 1, 1)).json(openaiText("two", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).store(spy).build());

    client.ask("a", AskOptions.of(kit));
    client.ask("b", AskOptions.of(kit));

    assertThat(touched).isEmpty();
    assertThat(provider.request(1).body()).doesNotContain("\"a\"");
    assertThat(client.store()).isSameAs(spy);
  }

  @Test
  void theDefaultStoreIsInMemoryAndReachableThroughTheAccessor() {
    provider.json(openaiText("hi", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    client.ask("hello", kit, "x");

    assertThat(client.store()).isInstanceOf(InMemoryConversationStore.class);
    assertThat(client.store().get("x").orElseThrow()).hasSize(2);
  }

  @Test
  void aHostCanRewindTheTranscriptThroughTheStore() {
    provider.json(openaiText("first", 1, 1)).json(openaiText("again", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    client.ask("one", kit, "x");

    client.store().save("x", List.of(UserMessage.of("rewound")));
    client.ask("two", kit, "x");

    assertThat(provider.request(1).body())
        .contains(
            "\"messages\":[{\"role\":\"user\",\"content\":\"rewound\"},"
                + "{\"role\":\"user\",\"content\":\"two\"}]");
  }

  @Test
  void askWithOnTextStreamsDeltasAndStillReturnsAndSavesTheResult() {
    provider.sse(Wire.stream(Style.OPENAI, "streamed"));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    List<String> deltas = new ArrayList<>();

    RunResult r = client.ask("hi", AskOptions.of(kit, "s").withOnText(deltas::add));

    assertThat(deltas).containsExactly("streamed");
    assertThat(r.text()).isEqualTo("streamed");
    assertThat(provider.request(0).body()).contains("\"stream\":true");
    assertThat(client.store().get("s").orElseThrow()).isEqualTo(r.messages());
  }

  @Test
  void aStreamWithAnIdLoadsHistoryAndSavesWhenDoneFires() {
    provider.json(openaiText("remembered", 1, 1)).sse(Wire.stream(Style.OPENAI, "next"));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    client.ask("first", kit, "s");
    List<Integer> storedAtDone = new ArrayList<>();

    try (RunStream stream = client.stream("second", AskOptions.of(kit, "s"))) {
      for (StreamEvent e : stream) {
        if (e instanceof StreamEvent.Done) {
          storedAtDone.add(client.store().get("s").orElseThrow().size());
        }
      }
    }

    assertThat(storedAtDone).containsExactly(4);
    assertThat(provider.request(1).body()).contains("remembered");
  }

  @Test
  void aConversationKeepsItsTranscriptUntilReset() {
    provider.json(openaiText("a1", 1, 1)).json(openaiText("a2", 1, 1)).json(openaiText("a3", 1, 1));
    Conversation convo = LlmClient.create(Fixtures.openai(provider).build()).conversation(kit);

    convo.send("q1");
    convo.send("q2");
    assertThat(convo.messages())
        .extracting(Message::role)
        .containsExactly("user", "assistant", "user", "assistant");
    assertThat(provider.request(1).body()).contains("q1").contains("a1");

    convo.reset();
    convo.send("q3");

    assertThat(convo.messages()).hasSize(2);
    assertThat(provider.request(2).body()).doesNotContain("q1");
  }

  @Test
  void parallelAsksOnOneIdAreSerializedAndLoseNoTurn() throws Exception {
    int n = 6;
    for (int i = 0; i < n; i++) {
      provider.json(openaiText("answer", 1, 1));
    }
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    CountDownLatch start = new CountDownLatch(1);
    List<CompletableFuture<RunResult>> asks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String prompt = "q" + i;
      asks.add(
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
                return client.ask(prompt, kit, "shared");
              }));
    }
    start.countDown();
    for (CompletableFuture<RunResult> f : asks) {
      f.get(30, TimeUnit.SECONDS);
    }

    List<Message> stored = client.store().get("shared").orElseThrow();
    assertThat(stored).hasSize(2 * n);
    assertThat(
            stored.stream()
                .filter(m -> m instanceof UserMessage)
                .map(m -> ((UserMessage) m).text()))
        .containsExactlyInAnyOrder("q0", "q1", "q2", "q3", "q4", "q5");
    List<Integer> sent = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      sent.add(((List<?>) Fixtures.parse(provider.request(i).body()).get("messages")).size());
    }
    assertThat(sent).containsExactly(1, 3, 5, 7, 9, 11);
  }

  @Test
  void aRunStoppedBetweenAToolCallAndItsResultIsSavedWhole() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    Toolkit slow =
        Fixtures.kit(
            Tools.define(
                "get_weather",
                "Weather",
                Fixtures.WEATHER_SCHEMA,
                (args, ctx) -> {
                  running.countDown();
                  CountDownLatch stopped = new CountDownLatch(1);
                  ctx.cancel().onCancel(stopped::countDown);
                  stopped.await(30, TimeUnit.SECONDS);
                  return "too late";
                }));
    provider.json(openaiCalls(4, 2, new String[] {"c1", "get_weather", "{\"location\":\"Oslo\"}"}));
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider).timeout(java.time.Duration.ofMillis(1500)).build());

    RunResult r = client.ask("weather?", slow, "cut");

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.TIMEOUT);
    List<Message> stored = client.store().get("cut").orElseThrow();
    assertThat(stored).extracting(Message::role).containsExactly("user", "assistant", "tool");
    assertThat(((ToolMessage) stored.get(2)).toolCallId()).isEqualTo("c1");
    assertThat(r.messages()).isEqualTo(stored);
  }

  @Test
  void anUnansweredToolCallGetsAnErrorResultBeforeTheTranscriptIsKept() {
    List<Message> cut =
        List.of(
            UserMessage.of("q"),
            new Message.AssistantMessage(
                "", List.of(new ToolCall("c1", "a", "{}"), new ToolCall("c2", "b", "{}")), null),
            new ToolMessage("c1", "a", "ok", false, List.of(), null));

    assertThat(Transcripts.balance(cut))
        .containsExactly(
            cut.get(0),
            cut.get(1),
            cut.get(2),
            new ToolMessage("c2", "b", Transcripts.NO_RESULT, true, List.of(), null));
  }

  @Test
  void aDurableHaltIsKeptAsItIsForTheResume() {
    List<Message> halted =
        List.of(
            UserMessage.of("q"),
            new Message.AssistantMessage(
                "", List.of(new ToolCall("c1", "a", "{}"), new ToolCall("c2", "b", "{}")), null),
            new ToolMessage("c1", "a", "Which city?", false, List.of(), "req-1"));

    assertThat(Transcripts.balance(halted)).isEqualTo(halted);
  }
}
