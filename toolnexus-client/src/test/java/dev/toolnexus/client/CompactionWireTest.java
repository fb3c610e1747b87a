package dev.toolnexus.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.compaction.Compactor;
import dev.toolnexus.client.memory.ConversationStore;
import dev.toolnexus.client.memory.InMemoryConversationStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A compactor on the wire: the request a provider receives keeps every tool result with its call in
 * all three styles, the store keeps the whole conversation, and a compacted turn that suspends
 * comes back whole and compacts again when it resumes.
 */
class CompactionWireTest {
  private final FakeProvider provider = new FakeProvider();
  private final Toolkit kit = Fixtures.kit(Fixtures.weather());

  CompactionWireTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  /** A system prompt, then {@code groups} of user, call, result, answer (4 messages each). */
  static List<Message> history(int groups) {
    List<Message> out = new ArrayList<>();
    out.add(new SystemMessage("You are Ava. SOUL."));
    for (int i = 0; i < groups; i++) {
      out.add(UserMessage.of("question " + i + " " + "pad ".repeat(40)));
      out.add(
          new AssistantMessage(
              "",
              List.of(new ToolCall("call_" + i, "get_weather", "{\"location\":\"Paris\"}")),
              Map.of()));
      out.add(
          new ToolMessage(
              "call_" + i,
              "get_weather",
              "result " + i + " " + "data ".repeat(40),
              false,
              null,
              null));
      out.add(AssistantMessage.of("answer " + i));
    }
    return out;
  }

  private static Compactor compactor() {
    return Compactor.builder(2000)
        .keepTail(800)
        .summarize(older -> "summarized " + older.size() + " messages")
        .build();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(Object o) {
    return (List<Map<String, Object>>) o;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  /**
   * Checks that every tool result on the wire directly follows the model turn that made its call,
   * in the style's own shape, and returns how many tool results there are.
   */
  static int pairedToolResults(Style style, String body) {
    Map<String, Object> b = Json.parseObject(body);
    int results = 0;
    switch (style) {
      case OPENAI -> {
        Set<String> open = new HashSet<>();
        for (Map<String, Object> m : list(b.get("messages"))) {
          if ("tool".equals(m.get("role"))) {
            assertThat(open)
                .as("the call of tool result %s", m.get("tool_call_id"))
                .contains((String) m.get("tool_call_id"));
            results++;
            continue;
          }
          open.clear();
          if ("assistant".equals(m.get("role")) && m.get("tool_calls") != null) {
            list(m.get("tool_calls")).forEach(c -> open.add((String) c.get("id")));
          }
        }
      }
      case ANTHROPIC -> {
        Set<String> previous = Set.of();
        for (Map<String, Object> m : list(b.get("messages"))) {
          Set<String> uses = new HashSet<>();
          if (m.get("content") instanceof List<?> blocks) {
            for (Map<String, Object> block : list(blocks)) {
              if ("tool_use".equals(block.get("type"))) {
                uses.add((String) block.get("id"));
              } else if ("tool_result".equals(block.get("type"))) {
                assertThat(previous).contains((String) block.get("tool_use_id"));
                results++;
              }
            }
          }
          previous = uses;
        }
      }
      case GEMINI -> {
        List<Object> previous = List.of();
        for (Map<String, Object> c : list(b.get("contents"))) {
          List<Object> calls = new ArrayList<>();
          List<Object> responses = new ArrayList<>();
          for (Map<String, Object> p : list(c.get("parts"))) {
            if (p.get("functionCall") != null) {
              calls.add(map(p.get("functionCall")).get("name"));
            }
            if (p.get("functionResponse") != null) {
              responses.add(map(p.get("functionResponse")).get("name"));
            }
          }
          if (!responses.isEmpty()) {
            assertThat(responses).isEqualTo(previous);
            results += responses.size();
          }
          previous = calls;
        }
      }
    }
    return results;
  }

  /** The first turn after the system prompt, as the style sends it. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> firstTurn(Style style, String body) {
    Map<String, Object> b = Json.parseObject(body);
    return switch (style) {
      case OPENAI -> list(b.get("messages")).get(2);
      case ANTHROPIC -> list(b.get("messages")).get(0);
      case GEMINI -> list(b.get("contents")).get(0);
    };
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void theCompactedRequestKeepsEveryToolResultWithItsCall(Style style) {
    provider.json(Wire.text(style, "ok"));
    ConversationStore store = new InMemoryConversationStore();
    store.save("t1", history(30));
    LlmClient client = LlmClient.create(Wire.client(style, provider).build());

    RunResult r =
        client.ask(
            "and now?", AskOptions.of(kit, "t1").withStore(store).withCompactor(compactor()));

    assertThat(r.text()).isEqualTo("ok");
    String body = provider.request(0).body();
    // the tail: the four most recent groups and the new prompt (within keepTail 800)
    assertThat(pairedToolResults(style, body)).isEqualTo(4);
    assertThat(body)
        .contains("You are Ava. SOUL.")
        .contains("[Summary of earlier conversation]\\nsummarized 104 messages")
        .doesNotContain("question 25 ")
        .contains("question 26 ")
        .contains("and now?");
    assertThat(firstTurn(style, body).get("role")).isEqualTo("user");
    assertThat(Json.write(firstTurn(style, body))).contains("question 26 ");
  }

  @ParameterizedTest
  @EnumSource(Style.class)
  void theCheckCatchesAToolResultCutFromItsCall(Style style) {
    provider.json(Wire.text(style, "ok"));
    Hooks naiveCut =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            List<Message> m = new ArrayList<>();
            m.add(UserMessage.of("start"));
            m.addAll(
                event.messages().subList(event.messages().size() - 3, event.messages().size()));
            return LlmOverride.messages(m);
          }
        };
    LlmClient client = LlmClient.create(Wire.client(style, provider).hooks(naiveCut).build());

    client.run("and now?", RunOptions.of(kit).withHistory(history(3)));

    String body = provider.request(0).body();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> pairedToolResults(style, body))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void theStoreKeepsTheWholeConversationWhileEachRequestStaysCompacted() {
    ConversationStore store = new InMemoryConversationStore();
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    AskOptions ask =
        AskOptions.of(kit, "long")
            .withStore(store)
            .withCompactor(
                Compactor.builder(400)
                    .keepTail(150)
                    .summarize(older -> "S" + older.size())
                    .build());
    for (int i = 0; i < 40; i++) {
      provider.json(Fixtures.openaiText("reply " + i + " " + "r".repeat(100), 5, 2));
      client.ask("turn " + i + " " + "q".repeat(100), ask);
    }

    List<Message> kept = store.get("long").orElseThrow();
    assertThat(kept).hasSize(80);
    assertThat(kept.get(0)).isEqualTo(UserMessage.of("turn 0 " + "q".repeat(100)));
    assertThat(kept).noneMatch(m -> m instanceof SystemMessage);
    // past the budget every request is the summary plus the two most recent exchanges at most
    for (int i = 10; i < 40; i++) {
      List<Map<String, Object>> sent =
          list(Fixtures.parse(provider.request(i).body()).get("messages"));
      assertThat(sent.get(0).get("role")).isEqualTo("system");
      assertThat((String) sent.get(0).get("content"))
          .isEqualTo("[Summary of earlier conversation]\nS" + (2 * i - 2));
      assertThat(sent).hasSize(4);
      assertThat(sent.get(sent.size() - 1).get("content"))
          .isEqualTo("turn " + i + " " + "q".repeat(100));
    }
  }

  @Test
  void aStreamedAskWithACompactorSendsTheCompactionAndStoresTheWholeConversation() {
    provider.sse(Wire.stream(Style.OPENAI, "streamed")).sse(Wire.stream(Style.OPENAI, "again"));
    ConversationStore store = new InMemoryConversationStore();
    store.save("s", history(30));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    AskOptions ask = AskOptions.of(kit, "s").withStore(store).withCompactor(compactor());
    List<String> deltas = new ArrayList<>();

    RunResult viaOnText = client.ask("first", ask.withOnText(deltas::add));
    RunResult viaStream = null;
    try (RunStream events = client.stream("second", ask)) {
      for (StreamEvent e : events) {
        if (e instanceof StreamEvent.Done d) {
          viaStream = d.result();
        }
      }
    }

    assertThat(viaOnText.text()).isEqualTo("streamed");
    assertThat(deltas).containsExactly("streamed");
    assertThat(viaStream.text()).isEqualTo("again");
    assertThat(provider.request(0).body()).contains("[Summary of earlier conversation]");
    assertThat(provider.request(1).body()).contains("[Summary of earlier conversation]");
    List<Message> kept = store.get("s").orElseThrow();
    assertThat(kept).hasSize(125);
    assertThat(kept.subList(0, 121)).isEqualTo(history(30));
    assertThat(kept.subList(121, 125))
        .containsExactly(
            UserMessage.of("first"),
            AssistantMessage.of("streamed"),
            UserMessage.of("second"),
            AssistantMessage.of("again"));
  }

  private final Tool approve =
      Tools.define(
          "approve",
          "Needs a human approval",
          Map.of("type", "object", "properties", Map.of("what", Map.of("type", "string"))),
          (args, ctx) ->
              ctx.answer() != null
                  ? "approved by " + ctx.answer().data().get("by")
                  : ToolResult.pending(
                      new Request("req-1", "approval", "Approve?", null, null, null)));

  @Test
  void aCompactedTurnThatSuspendsComesBackWholeAndCompactsAgainOnResume() {
    provider
        .json(Fixtures.openaiCalls(4, 2, new String[] {"c1", "approve", "{\"what\":\"x\"}"}))
        .json(Fixtures.openaiText("done", 5, 2));
    Toolkit tools = Toolkit.of(approve);
    LlmClient client = LlmClient.create(Fixtures.openai(provider).hooks(compactor()).build());
    List<Message> before = history(30);

    RunResult halted = client.run("approve it", RunOptions.of(tools).withHistory(before));

    assertThat(halted.status()).isEqualTo(RunStatus.PENDING);
    assertThat(provider.request(0).body()).contains("[Summary of earlier conversation]");
    assertThat(halted.messages()).hasSize(121 + 3);
    assertThat(halted.messages().subList(0, 121)).isEqualTo(before);
    assertThat(halted.messages().get(121)).isEqualTo(UserMessage.of("approve it"));
    assertThat(halted.messages().get(123)).isInstanceOf(ToolMessage.class);
    assertThat(((ToolMessage) halted.messages().get(123)).pendingId()).isEqualTo("req-1");

    RunResult resumed =
        client.runWithAnswer(
            tools, halted.messages(), halted.pending(), Answer.ok("req-1", Map.of("by", "Ada")));

    assertThat(resumed.status()).isEqualTo(RunStatus.DONE);
    assertThat(resumed.text()).isEqualTo("done");
    String replay = provider.request(1).body();
    assertThat(replay)
        .contains("[Summary of earlier conversation]\\nsummarized 104 messages")
        .contains("approved by Ada")
        .doesNotContain("question 25 ");
  }

  @Test
  void anAskWhoseCompactedTurnSuspendsStoresTheWholeTranscript() {
    provider.json(Fixtures.openaiCalls(4, 2, new String[] {"c1", "approve", "{\"what\":\"x\"}"}));
    ConversationStore store = new InMemoryConversationStore();
    store.save("t", history(30));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult halted =
        client.ask(
            "approve it",
            AskOptions.of(Toolkit.of(approve), "t").withStore(store).withCompactor(compactor()));

    assertThat(halted.status()).isEqualTo(RunStatus.PENDING);
    assertThat(provider.request(0).body()).contains("[Summary of earlier conversation]");
    List<Message> kept = store.get("t").orElseThrow();
    assertThat(kept).hasSize(124);
    assertThat(kept.subList(0, 121)).isEqualTo(history(30));
    assertThat(kept)
        .noneMatch(m -> m instanceof SystemMessage s && s.content().startsWith("[Summary"));
  }

  @Test
  void withinBudgetTheRequestIsByteIdenticalToOneWithoutACompactor() {
    provider.json(Fixtures.openaiText("a", 5, 2)).json(Fixtures.openaiText("a", 5, 2));
    LlmClient plain = LlmClient.create(Fixtures.openai(provider).build());
    LlmClient compacting = LlmClient.create(Fixtures.openai(provider).hooks(compactor()).build());

    RunResult r1 = plain.run("hi", RunOptions.of(kit).withHistory(history(2)));
    RunResult r2 = compacting.run("hi", RunOptions.of(kit).withHistory(history(2)));

    assertThat(provider.request(1).body()).isEqualTo(provider.request(0).body());
    assertThat(Message.toJson(r2.messages())).isEqualTo(Message.toJson(r1.messages()));
  }
}
