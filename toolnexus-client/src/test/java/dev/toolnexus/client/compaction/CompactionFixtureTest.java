package dev.toolnexus.client.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.Message.AssistantMessage;
import dev.toolnexus.client.Message.SystemMessage;
import dev.toolnexus.client.Message.ToolMessage;
import dev.toolnexus.client.ToolCall;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The shared compaction fixture: a transcript of tool groups over budget is compacted to the
 * leading system prompt, one summary and a tail that begins at a user turn (C2 to C4, and the flush
 * variant); within budget nothing changes (C1).
 */
class CompactionFixtureTest {
  private static final Map<String, Object> FIXTURE = load();

  @SuppressWarnings("unchecked")
  private static Map<String, Object> at(String... path) {
    Map<String, Object> m = FIXTURE;
    for (String key : path) {
      m = (Map<String, Object>) m.get(key);
    }
    return m;
  }

  private static Map<String, Object> load() {
    try (InputStream in =
        CompactionFixtureTest.class.getResourceAsStream("/conformance/compaction/fixture.json")) {
      return Json.parseObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The generator's transcript: the system prompt, then the four-message group per user turn. */
  @SuppressWarnings("unchecked")
  static List<Message> transcript() {
    Map<String, Object> input = at("input");
    Map<String, Object> generator = (Map<String, Object>) input.get("generator");
    int turns = ((Number) generator.get("userTurns")).intValue();
    String group = Json.write(generator.get("group"));
    List<Object> maps = new ArrayList<>();
    maps.add(Map.of("role", "system", "content", input.get("systemPrompt")));
    for (int i = 0; i < turns; i++) {
      String expanded =
          group
              .replace("<repeat 'pad ' 40 times>", "pad ".repeat(40))
              .replace("<repeat 'data ' 40 times>", "data ".repeat(40))
              .replace("<i>", Integer.toString(i));
      maps.addAll(Json.parseArray(expanded));
    }
    return Message.fromMaps(maps);
  }

  private static Compactor.Builder fixtureCompactor() {
    Map<String, Object> options = at("options");
    return Compactor.builder(((Number) options.get("maxTokens")).longValue())
        .keepTail(((Number) options.get("keepTail")).longValue())
        .summarize(older -> "summarized " + older.size() + " messages");
  }

  private static String content(Message m) {
    return ((SystemMessage) m).content();
  }

  /** Every tool result comes after an assistant turn that made its call. */
  static boolean toolPairSafe(List<Message> messages) {
    Set<String> called = new HashSet<>();
    for (Message m : messages) {
      if (m instanceof AssistantMessage a) {
        a.toolCalls().stream().map(ToolCall::id).forEach(called::add);
      } else if (m instanceof ToolMessage t && !called.contains(t.toolCallId())) {
        return false;
      }
    }
    return true;
  }

  @Test
  void theGeneratedTranscriptIsOverBudget() {
    List<Message> input = transcript();
    assertThat(input).hasSize(121);
    assertThat(TokenEstimator.estimate(input)).isEqualTo(4682);
  }

  @Test
  void c1WithinBudgetTheTranscriptComesBackAsItIs() {
    List<Message> shortOne = transcript().subList(0, 9);
    assertThat(TokenEstimator.estimate(shortOne)).isLessThanOrEqualTo(2000);

    List<Message> out = fixtureCompactor().build().compact(shortOne);

    assertThat(out).isSameAs(shortOne);
    assertThat(Message.toJson(out)).isEqualTo(Message.toJson(transcript().subList(0, 9)));
  }

  @Test
  @SuppressWarnings("unchecked")
  void c2ToC4OverBudgetTheOlderBodyBecomesOneSummaryAndTheTailIsKept() {
    List<Message> input = transcript();
    List<Message> out = fixtureCompactor().build().compact(input);
    Map<String, Object> expect = at("expect");
    Map<String, Object> leading = (Map<String, Object>) expect.get("leadingSystemMessage");

    assertThat(out != input).isEqualTo(expect.get("compacts"));
    assertThat(TokenEstimator.estimate(out) < TokenEstimator.estimate(input))
        .isEqualTo(expect.get("resultSmallerThanInput"));
    assertThat(out.get(0)).isSameAs(input.get(0));
    assertThat(out.get(0).role()).isEqualTo(leading.get("role"));
    assertThat(content(out.get(0))).contains((String) leading.get("contentContains"));
    assertThat(out.get(1).role()).isEqualTo("system");
    assertThat(content(out.get(1)).startsWith((String) expect.get("summaryContentPrefix")))
        .isEqualTo(expect.get("summarySystemMessagePresent"));
    // the tail: the five most recent groups (780 estimated tokens within keepTail 800)
    assertThat(content(out.get(1)))
        .isEqualTo("[Summary of earlier conversation]\nsummarized 100 messages");
    assertThat(out).hasSize(22);
    assertThat(out.subList(2, 22)).isEqualTo(input.subList(101, 121));
    assertThat(out.get(2).role()).isEqualTo(expect.get("firstNonSystemMessageRole"));
    assertThat(toolPairSafe(out)).isTrue();
  }

  @Test
  void theFlushVariantAddsTheMemoryReminderBeforeTheTail() {
    List<Message> input = transcript();
    List<Message> out = fixtureCompactor().flushToMemory(true).build().compact(input);

    assertThat(out).hasSize(23);
    assertThat(content(out.get(1)))
        .isEqualTo("[Summary of earlier conversation]\nsummarized 100 messages");
    assertThat(content(out.get(2))).isEqualTo(Compactor.FLUSH_REMINDER);
    assertThat(Compactor.FLUSH_REMINDER).contains("memory tool").contains("durable facts");
    assertThat(out.subList(3, 23)).isEqualTo(input.subList(101, 121));
    assertThat(toolPairSafe(out)).isTrue();
  }
}
