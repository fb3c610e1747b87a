package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The subagent-fanout fixture: two task calls in one turn run concurrently and roll up. */
class FanoutFixtureTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("subagent-fanout");

  @Override
  ScriptedModel newModel() throws IOException {
    return new ScriptedModel().together("m-explore", 2);
  }

  @BeforeEach
  void setUp() {
    rt = runtimeWith(fx.registry()).build();
  }

  @Test
  void parallelTaskCallsRunConcurrentlyAndRollUpIntoTheParent() {
    Handle coordinator = rt.spawn(rt.root(), fx.<String>at("run", "entry"));
    rt.wake(coordinator, fx.at("run", "prompt"));
    TaskResult r = rt.wait(coordinator);

    assertThat(r.status().value()).isEqualTo(fx.<String>at("expect", "status"));
    for (String s : fx.<List<String>>at("expect", "textContains")) {
      assertThat(r.text()).contains(s);
    }
    assertThat(r.text().split("found:", -1).length - 1)
        .isEqualTo(fx.<Number>at("expect", "textOccurrences", "found:").intValue());
    assertThat(r.text()).isEqualTo("synthesis: found:data(x) + found:data(x)");
    assertThat(r.turns()).isEqualTo(fx.<Number>at("expect", "parentTurns").intValue());
    assertThat(coordinator.childIds()).isEqualTo(fx.<List<String>>at("expect", "childIds"));
    assertThat(model.highWater())
        .isGreaterThanOrEqualTo(
            fx.<Number>at("expect", "concurrentTurnsObservedAtLeast").intValue());
    assertThat(r.totalTokens()).isEqualTo(fx.<Number>at("expect", "parentUsageTotal").longValue());
    assertThat(coordinator.totalTokens()).isEqualTo(240);
    assertThat(coordinator.ownTokens()).isEqualTo(80);
    assertThat(rt.list())
        .filteredOn(v -> !v.id().equals(coordinator.id()))
        .allMatch(v -> v.state() == HandleState.CLOSED);
    Map<String, List<String>> transitions = fx.at("expect", "transitions");
    transitions.forEach(
        (id, expected) -> Fixture.assertTransitions(rt.find(id).transitions(), expected, id));
  }

  @Test
  void eachTaskCallAddsExactlyOneToolMessageToTheParent() {
    Handle coordinator = rt.spawn(rt.root(), "coordinator");
    rt.wake(coordinator, "answer using two lookups");
    rt.wait(coordinator);

    ScriptedModel.Call last =
        model.calls().stream()
            .filter(c -> c.model().equals("m-coordinator"))
            .reduce((a, b) -> b)
            .orElseThrow();
    assertThat(last.toolMessages()).hasSize(2);
    assertThat(last.toolMessages())
        .extracting(m -> m.get("content"))
        .containsExactly("found:data(x)", "found:data(x)");
  }

  @Test
  void childrenSpawnInToolCallOrderWithTheirOwnPrompts() {
    Handle coordinator = rt.spawn(rt.root(), "coordinator");
    rt.wake(coordinator, "answer using two lookups");
    rt.wait(coordinator);

    List<String> childPrompts =
        model.calls().stream()
            .filter(c -> c.model().equals("m-explore") && c.toolMessages().isEmpty())
            .map(ScriptedModel.Call::lastUserText)
            .sorted()
            .toList();
    assertThat(childPrompts).containsExactly("find A", "find B");
    assertThat(rt.trace())
        .filteredOn(l -> l.contains(": spawned"))
        .containsExactly(
            "root/coordinator.1: spawned (depth 1)",
            "root/coordinator.1/explore.1: spawned (depth 2)",
            "root/coordinator.1/explore.2: spawned (depth 2)");
    assertThat(rt.conversationStore().get("root/coordinator.1/explore.1").orElseThrow())
        .first()
        .extracting(m -> ((dev.toolnexus.client.Message.UserMessage) m).text())
        .isEqualTo("find A");
  }
}
