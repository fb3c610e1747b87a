package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Answer;
import dev.toolnexus.client.Message;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The subagent-durable-resume fixture: pending at the root, then resume with reattachment. */
class DurableResumeFixtureTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("subagent-durable-resume");

  @BeforeEach
  void setUp() {
    rt = runtimeWith(fx.registry()).build();
  }

  @Test
  void noInterpreterMeansPendingAtTheRootThenResumeCascadesAndReattaches() {
    Handle parent = rt.spawn(rt.root(), fx.<String>at("run", "entry"));
    rt.wake(parent, fx.at("run", "prompt"));
    TaskResult r1 = rt.wait(parent);

    assertThat(r1.status().value()).isEqualTo(fx.<String>at("phase1_expect", "status"));
    assertThat(r1.pending().kind()).isEqualTo(fx.<String>at("phase1_expect", "pendingKind"));
    assertThat(r1.pending().data().get("path")).isEqualTo(List.of("root", "approverParent.1"));
    assertThat(fx.<String>at("phase1_expect", "pendingDataPathEndsWithin"))
        .isEqualTo(String.join("/", List.of("root", "approverParent.1")));
    assertThat(rt.list()).allMatch(v -> v.state() == HandleState.SUSPENDED);
    Handle leaf = rt.find("root/approverParent.1/asker.1");
    assertThat(leaf.pending().data().get("path"))
        .isEqualTo(List.of("root", "approverParent.1", "asker.1"));
    long leafTokensBefore = leaf.ownTokens();
    int leafTurnsBefore = leaf.turns();
    assertThat(rt.conversationStore().get(leaf.id()).orElse(List.of()))
        .as("rewound to the pre-turn checkpoint")
        .isEmpty();
    assertThat(rt.conversationStore().get(parent.id()).orElse(List.of())).isEmpty();

    boolean ok = fx.<Boolean>at("resume", "answer", "ok");
    TaskResult r2 = rt.resume(new Answer(r1.pending().id(), ok, null, null));

    assertThat(r2.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r2.text()).isEqualTo("parent-final: asker-done: secret-token");
    assertThat(parent.state().value())
        .isEqualTo(fx.<String>at("phase2_expect", "finalParentState"));
    assertThat(leaf.ownTokens()).as("leaf usage grew, not reset").isGreaterThan(leafTokensBefore);
    assertThat(leaf.turns()).isEqualTo(leafTurnsBefore + 2);
    assertThat(parent.childIds()).as("no duplicate child").containsExactly(leaf.id());
    for (String s : fx.<List<String>>at("phase2_expect", "traceContains")) {
      assertThat(rt.trace()).anyMatch(l -> l.contains(s));
    }
    Map<String, List<String>> transitions = fx.at("phase2_expect", "transitions");
    transitions.forEach(
        (id, expected) -> Fixture.assertTransitions(rt.find(id).transitions(), expected, id));
    List<Message> stored = rt.conversationStore().get(parent.id()).orElseThrow();
    assertThat(stored)
        .anyMatch(
            m ->
                m instanceof Message.ToolMessage t
                    && t.output().equals("asker-done: secret-token"));
  }

  @Test
  void anAnswerForAnotherRequestIsRefused() {
    Handle parent = rt.spawn(rt.root(), "approverParent");
    rt.wake(parent, "do the secret thing");
    rt.wait(parent);

    assertThatThrownBy(() -> rt.resume(Answer.ok("not-the-request")))
        .isInstanceOf(AgentException.class)
        .hasMessageContaining("not-the-request")
        .hasMessageContaining("root/approverParent.1/asker.1");
  }

  @Test
  void resumeWithNothingSuspendedIsRefused() {
    assertThatThrownBy(() -> rt.resume(Answer.ok("x")))
        .isInstanceOf(AgentException.class)
        .hasMessageContaining("nothing is suspended");
  }
}
