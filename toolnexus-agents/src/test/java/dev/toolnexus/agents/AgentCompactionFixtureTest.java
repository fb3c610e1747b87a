package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.compaction.Compactor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The agent-hooks fixture, scenarios H5 and H6: a compactor attached to one agent's definition
 * compacts that agent's turn on the wire, and a compacted turn that suspends leaves the stored
 * transcript whole, so the resumed replay compacts again.
 */
class AgentCompactionFixtureTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("agent-hooks");

  /** H5's seeded transcript, built from the fixture's generator. */
  @SuppressWarnings("unchecked")
  private List<Message> seeded() {
    Map<String, Object> generator = fx.at("scenarios", 4, "given", "generator");
    List<Object> maps = new ArrayList<>();
    maps.add(generator.get("leading"));
    int pairs = ((Number) generator.get("pairs")).intValue();
    for (int i = 0; i < pairs; i++) {
      for (Object m : (List<Object>) generator.get("group")) {
        maps.add(expand((Map<String, Object>) m));
      }
    }
    return Message.fromMaps(maps);
  }

  /** A group entry with its {@code <repeat 'x' N times>} content written out. */
  private static Map<String, Object> expand(Map<String, Object> m) {
    Matcher r = Pattern.compile("<repeat '(.)' (\\d+) times>").matcher((String) m.get("content"));
    assertThat(r.matches()).isTrue();
    return Map.of(
        "role", m.get("role"), "content", r.group(1).repeat(Integer.parseInt(r.group(2))));
  }

  /** H5's compactor options. */
  private Compactor compactor() {
    Map<String, Object> o = fx.at("scenarios", 4, "given", "compactorOptions");
    assertThat(o.get("summarize")).isEqualTo("returns the literal string 'SUMMARY-OF-HEAD'");
    return Compactor.builder(((Number) o.get("maxTokens")).longValue())
        .keepTail(((Number) o.get("keepTail")).longValue())
        .summarize(older -> "SUMMARY-OF-HEAD")
        .build();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> wireMessages(String body) {
    return (List<Map<String, Object>>) (List<?>) Json.parseObject(body).get("messages");
  }

  @Test
  @SuppressWarnings("unchecked")
  void h5ACompactorOnOneAgentsDefinitionCompactsItsRun() {
    assertThat(fx.<String>at("scenarios", 4, "id")).isEqualTo("H5");
    assertThat(fx.<String>at("scenarios", 4, "given", "attachedVia"))
        .isEqualTo("the agent def's hooks.beforeLLM");
    AgentDef peer =
        AgentDef.builder("a").does("team member").model("m-peer").hooks(compactor()).build();
    rt = AgentRuntime.builder(Fixture.host(model)).agent(peer).build();
    Handle h = rt.spawn(rt.root(), "a");
    rt.conversationStore().save(h.id(), seeded());
    Map<String, Object> expect = fx.at("scenarios", 4, "expect");
    assertThat(rt.conversationStore().get(h.id()).orElseThrow())
        .hasSize(((Number) expect.get("preRunStoredMessages")).intValue());

    rt.wake(h, "hello");
    TaskResult r = rt.wait(h);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(model.bodies()).hasSize(1);
    List<Map<String, Object>> wire = wireMessages(model.bodies().get(0));
    assertThat(wire.size() < 81).isEqualTo(expect.get("wireTranscriptSmallerThanPreRun"));
    assertThat(wire.get(0).get("content")).isEqualTo(expect.get("firstWireMessageContent"));
    assertThat(model.bodies().get(0)).contains((String) expect.get("wireTranscriptContains"));
    // the leading prompt, the summary, and the tail from the new user turn
    assertThat(wire).extracting(m -> m.get("role")).containsExactly("system", "system", "user");
    assertThat(wire.get(1).get("content"))
        .isEqualTo("[Summary of earlier conversation]\nSUMMARY-OF-HEAD");
  }

  @Test
  @SuppressWarnings("unchecked")
  void h6ACompactedTurnThatSuspendsIsRewoundAndTheReplayCompactsAgain() {
    assertThat(fx.<String>at("scenarios", 5, "id")).isEqualTo("H6");
    AgentDef asker =
        AgentDef.builder("asker")
            .does("needs a secret")
            .model("m-asker")
            .tools(List.of(Fixture.tool("check_secret")))
            .hooks(compactor())
            .build();
    rt = AgentRuntime.builder(Fixture.host(model)).agent(asker).build();
    Handle h = rt.spawn(rt.root(), "asker");
    rt.conversationStore().save(h.id(), seeded());

    rt.wake(h, "get the secret");
    TaskResult r = rt.wait(h);

    Map<String, Object> expect = fx.at("scenarios", 5, "expect");
    assertThat(r.status().value()).isEqualTo(expect.get("status"));
    assertThat(model.bodies().get(0)).contains("SUMMARY-OF-HEAD");
    List<Message> stored = rt.conversationStore().get(h.id()).orElseThrow();
    assertThat(stored).hasSize(((Number) expect.get("storedMessagesAfter")).intValue());
    assertThat(stored).isEqualTo(seeded());

    TaskResult resumed = rt.resume(Answer.ok(r.pending().id()));

    assertThat(resumed.status()).isEqualTo(TaskStatus.DONE);
    assertThat(resumed.text()).isEqualTo("asker-done: secret-token");
    String replay = model.bodies().get(model.bodies().size() - 1);
    assertThat(replay).contains("[Summary of earlier conversation]\\nSUMMARY-OF-HEAD");
    assertThat(wireMessages(replay).get(0).get("content")).isEqualTo("SOUL-VERBATIM");
  }
}
