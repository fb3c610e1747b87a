package dev.toolnexus.client.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ContentPart;
import dev.toolnexus.client.ChatRequest;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.LlmException;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.Message.UserMessage;
import dev.toolnexus.client.ToolCall;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The compactor's rules: the budget, where the tail starts, the estimator, the summarizer. */
class CompactorTest {
  private static final Summarizer COUNTING = older -> "S" + older.size();

  /** Each message costs what its text length says, so the split arithmetic reads plainly. */
  private static long lengthCost(List<Message> messages) {
    long total = 0;
    for (Message m : messages) {
      if (m instanceof SystemMessage s) {
        total += s.content().length();
      } else if (m instanceof UserMessage u) {
        total += u.text().length();
      } else if (m instanceof AssistantMessage a) {
        total += a.text().length() + 10L * a.toolCalls().size();
      } else {
        total += ((ToolMessage) m).output().length();
      }
    }
    return total;
  }

  private static Compactor.Builder byLength(long maxTokens) {
    return Compactor.builder(maxTokens).summarize(COUNTING).countTokens(CompactorTest::lengthCost);
  }

  private static AssistantMessage calls(String id) {
    return new AssistantMessage("", List.of(new ToolCall(id, "lookup", "{}")), Map.of());
  }

  private static ToolMessage result(String id, String output) {
    return new ToolMessage(id, "lookup", output, false, List.of(), null);
  }

  @Test
  void atTheBudgetExactlyNothingChanges() {
    List<Message> in = List.of(new SystemMessage("sys"), UserMessage.of("0123456"));
    Compactor c = byLength(10).build();

    assertThat(c.compact(in)).isSameAs(in);
    assertThat(c.beforeLLM(new Hooks.LlmRequestEvent(in, List.of(), "m", 0))).isNull();
  }

  @Test
  void keepTailDefaultsToHalfTheBudget() {
    assertThat(Compactor.builder(1001).summarize(COUNTING).build().keepTail()).isEqualTo(500);
    assertThat(Compactor.builder(1001).summarize(COUNTING).keepTail(7).build().keepTail())
        .isEqualTo(7);
  }

  @Test
  void theLongestTailWithinKeepTailIsKeptFromAUserTurn() {
    List<Message> in =
        List.of(
            new SystemMessage("sys"),
            UserMessage.of("aaaaaaaaaa"),
            AssistantMessage.of("bbbbbbbbbb"),
            UserMessage.of("cccc"),
            AssistantMessage.of("dddd"),
            UserMessage.of("ee"),
            AssistantMessage.of("ff"));
    // total 35 > 20; keepTail 12: the tail from "cccc" costs 12, from "ee" 4
    List<Message> out = byLength(20).keepTail(12).build().compact(in);

    assertThat(out)
        .containsExactly(
            in.get(0),
            new SystemMessage("[Summary of earlier conversation]\nS2"),
            in.get(3),
            in.get(4),
            in.get(5),
            in.get(6));
  }

  @Test
  void theTailNeverStartsAtAToolResultOrTheCallBeforeIt() {
    List<Message> in =
        List.of(
            new SystemMessage("s"),
            UserMessage.of("question one"),
            calls("c1"),
            result("c1", "xxxxxxxxxxxxxxxxxxxx"),
            AssistantMessage.of("answer one"),
            UserMessage.of("question two"),
            calls("c2"),
            result("c2", "yyyyy"),
            AssistantMessage.of("two"));
    // keepTail 20 fits only the last three messages, none of them a user turn: the most recent
    // user turn is taken instead, with its whole tool group
    List<Message> out = byLength(30).keepTail(20).build().compact(in);

    assertThat(out).hasSize(6);
    assertThat(out.get(1)).isEqualTo(new SystemMessage("[Summary of earlier conversation]\nS4"));
    assertThat(out.subList(2, 6)).isEqualTo(in.subList(5, 9));
    assertThat(CompactionFixtureTest.toolPairSafe(out)).isTrue();
  }

  @Test
  void withNoUserTurnAfterTheFirstMessageNothingIsCompacted() {
    List<Message> in =
        List.of(
            new SystemMessage("s"),
            UserMessage.of("the only question, a long one"),
            calls("c1"),
            result("c1", "a very long tool result that is far over budget"),
            AssistantMessage.of("an answer that is long as well"));
    Compactor c = byLength(10).keepTail(5).build();

    assertThat(c.compact(in)).isSameAs(in);
    assertThat(c.beforeLLM(new Hooks.LlmRequestEvent(in, List.of(), "m", 0))).isNull();
  }

  @Test
  void withoutASystemPromptTheSummaryLeadsAndAUserTurnIsKept() {
    List<Message> in =
        List.of(
            UserMessage.of("aaaaaaaaaa"),
            AssistantMessage.of("bbbbbbbbbb"),
            UserMessage.of("cc"),
            AssistantMessage.of("dd"));
    List<Message> out = byLength(10).keepTail(4).build().compact(in);

    assertThat(out)
        .containsExactly(
            new SystemMessage("[Summary of earlier conversation]\nS2"), in.get(2), in.get(3));
  }

  @Test
  void aCustomCounterIsAskedOnceForTheWholeAndOncePerMessage() {
    List<Message> in = new ArrayList<>();
    in.add(new SystemMessage("s"));
    for (int i = 0; i < 500; i++) {
      in.add(UserMessage.of("question " + i));
      in.add(AssistantMessage.of("answer " + i));
    }
    AtomicInteger calls = new AtomicInteger();
    Compactor c =
        Compactor.builder(100)
            .summarize(COUNTING)
            .countTokens(
                messages -> {
                  calls.incrementAndGet();
                  return lengthCost(messages);
                })
            .build();

    List<Message> out = c.compact(in);

    assertThat(calls.get()).isEqualTo(1001 + 1);
    assertThat(out.get(1)).isEqualTo(new SystemMessage("[Summary of earlier conversation]\nS996"));
    assertThat(out.subList(2, out.size())).isEqualTo(in.subList(997, 1001));
  }

  @Test
  void theSummarizerSeesExactlyTheOlderMessages() {
    List<Message> in =
        List.of(
            new SystemMessage("sys"),
            UserMessage.of("aaaaaaaaaa"),
            AssistantMessage.of("bbbbbbbbbb"),
            UserMessage.of("c"),
            AssistantMessage.of("d"));
    AtomicReference<List<Message>> seen = new AtomicReference<>();
    Compactor c =
        Compactor.builder(10)
            .keepTail(2)
            .countTokens(CompactorTest::lengthCost)
            .summarize(
                older -> {
                  seen.set(older);
                  return "x";
                })
            .build();

    c.compact(in);

    assertThat(seen.get()).containsExactly(in.get(1), in.get(2));
  }

  @Test
  void aCompactorComposesWithOtherHooks() throws Exception {
    Hooks tag =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            List<Message> m = new ArrayList<>(event.messages());
            m.add(UserMessage.of("zzzzzzzzzzzzzzzzzzzz"));
            return LlmOverride.messages(m);
          }
        };
    Compactor c = byLength(15).keepTail(20).build();
    List<Message> in =
        List.of(new SystemMessage("s"), UserMessage.of("a"), AssistantMessage.of("b"));

    Hooks.LlmOverride ov =
        Hooks.of(tag, c).beforeLLM(new Hooks.LlmRequestEvent(in, List.of(), "m", 0));

    assertThat(ov.messages())
        .containsExactly(
            in.get(0),
            new SystemMessage("[Summary of earlier conversation]\nS2"),
            UserMessage.of("zzzzzzzzzzzzzzzzzzzz"));
  }

  @Test
  void aCompactorNeedsASummarizer() {
    assertThatThrownBy(() -> Compactor.builder(10).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a compactor needs summarize(...) to write the summary");
    assertThatThrownBy(() -> Compactor.builder(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxTokens must be 0 or more, got -1");
  }

  @Test
  void theEstimateIsAQuarterOfTheJsonCharsRoundedUp() {
    // {"role":"user","content":"hello"} is 33 chars
    assertThat(TokenEstimator.estimate(UserMessage.of("hello"))).isEqualTo(9);
    // {"role":"system","content":"abc"} is 33 chars
    assertThat(TokenEstimator.estimate(new SystemMessage("abc"))).isEqualTo(9);
    assertThat(TokenEstimator.estimate(List.of(UserMessage.of("hello"), new SystemMessage("abc"))))
        .isEqualTo(18);
  }

  @Test
  void charsAreUtf16CodeUnits() {
    // {"role":"user","content":"😀😀"}: 28 chars plus 2 code units per emoji = 32
    assertThat(TokenEstimator.estimate(UserMessage.of("\uD83D\uDE00\uD83D\uDE00"))).isEqualTo(8);
  }

  @Test
  void aMediaPartCostsItsBytesOver750AndNeverLessThan85() {
    String big = Base64.getEncoder().encodeToString(new byte[150_000]);
    ContentPart.Media image = ContentPart.ofBase64("image", "image/png", big);
    ContentPart.Media small = ContentPart.fromBytes(new byte[82], "image/png");
    ContentPart.Media link = ContentPart.fromUrl("https://example.com/a.png", "image/png");
    // the payload never counts as text: each of these is
    // {"role":"user","content":[{"type":"image","mimeType":"image/png"}]} = 66 chars = 17
    assertThat(TokenEstimator.estimate(UserMessage.of(List.of(image)))).isEqualTo(17 + 200);
    assertThat(TokenEstimator.estimate(UserMessage.of(List.of(small)))).isEqualTo(17 + 85);
    assertThat(TokenEstimator.estimate(UserMessage.of(List.of(link)))).isEqualTo(17 + 85);
  }

  @Test
  void aToolResultsPartsCountLikeAPromptsParts() {
    ContentPart.Media shot = ContentPart.fromBytes(new byte[7500 * 100], "image/png");
    ToolMessage t = new ToolMessage("c1", "shot", "ok", false, List.of(shot), null);
    // {"role":"tool","toolCallId":"c1","name":"shot","content":"ok","isError":false,
    //  "parts":[{"type":"image","mimeType":"image/png"}]} = 128 chars = 32
    assertThat(TokenEstimator.estimate(t)).isEqualTo(32 + 1000);
  }

  @Test
  void theReadyMadeSummarizerAsksTheModelOnceWithTheTranscriptAsText() {
    List<ChatRequest> asked = new ArrayList<>();
    Summarizer s =
        Summarizer.using(
            request -> {
              asked.add(request);
              return ChatResponse.text("  Ada asked about Paris weather.  ");
            },
            "small-model");
    List<Message> older =
        List.of(
            UserMessage.of("weather in Paris?"),
            new AssistantMessage(
                "", List.of(new ToolCall("c1", "get_weather", "{\"city\":\"Paris\"}")), Map.of()),
            result("c1", "18C"),
            AssistantMessage.of("It is 18C."));

    assertThat(s.summarize(older)).isEqualTo("Ada asked about Paris weather.");
    assertThat(asked).hasSize(1);
    assertThat(asked.get(0).model()).isEqualTo("small-model");
    assertThat(asked.get(0).tools()).isEmpty();
    assertThat(asked.get(0).messages())
        .containsExactly(
            new SystemMessage(Summarizer.INSTRUCTION),
            UserMessage.of(
                "user: weather in Paris?\n\nassistant: \nassistant called get_weather"
                    + " {\"city\":\"Paris\"}\n\ntool lookup result: 18C\n\nassistant: It is 18C."));
  }

  @Test
  void aSummarizerModelWithNoTextFailsLoudly() {
    Summarizer s = Summarizer.using(request -> ChatResponse.text(""), "m");

    assertThatThrownBy(() -> s.summarize(List.of(UserMessage.of("x"))))
        .isInstanceOf(LlmException.class)
        .hasMessageContaining("the summarizing model answered with no text");
  }
}
