package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The subagent-escalation fixture: the parent's interpreter answers its child's suspension. */
class EscalationFixtureTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("subagent-escalation");

  @BeforeEach
  void setUp() {
    AgentRuntime.Builder b = runtimeWith(List.of());
    for (AgentDef def : fx.registry()) {
      if (def.name().equals("approverParent")) {
        def = def.toBuilder().waitFor(request -> Answer.ok(request.id())).build();
      }
      b.agent(def);
    }
    rt = b.build();
  }

  @Test
  void theNearestInterpreterAnswersAndTheChildResumesInline() {
    Handle parent = rt.spawn(rt.root(), fx.<String>at("run", "entry"));
    rt.wake(parent, fx.at("run", "prompt"));
    TaskResult r = rt.wait(parent);

    assertThat(r.status().value()).isEqualTo(fx.<String>at("expect", "status"));
    for (String s : fx.<List<String>>at("expect", "textContains")) {
      assertThat(r.text()).contains(s);
    }
    assertThat(r.text()).isEqualTo("parent-final: asker-done: secret-token");
    String answeredBy = fx.at("expect", "escalation", "answeredBy");
    assertThat(rt.trace())
        .contains(
            answeredBy
                + ": escalation from root/approverParent.1/asker.1 answered here (nearest"
                + " interpreter)");
    Map<String, List<String>> transitions = fx.at("expect", "transitions");
    transitions.forEach(
        (id, expected) -> Fixture.assertTransitions(rt.find(id).transitions(), expected, id));
    List<String> child = rt.find("root/approverParent.1/asker.1").transitions();
    assertThat(child)
        .containsSubsequence(fx.<List<String>>at("expect", "escalation", "childTrace"));
  }
}
