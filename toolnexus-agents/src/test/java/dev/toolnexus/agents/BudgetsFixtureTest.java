package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The subagent-budgets fixture, step by step. */
class BudgetsFixtureTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("subagent-budgets");

  @BeforeEach
  void setUp() {
    rt = runtimeWith(fx.registry()).build();
  }

  private Budget stepBudget(int step) {
    return Fixture.budget(fx.<Map<String, Object>>at("steps", step, "spawn", "budget"));
  }

  @Test
  void carvedPoolsLiveAncestorWalkAndLoudLimitStops() {
    Handle coordinator = rt.spawn(rt.root(), "coordinator", stepBudget(0));
    Handle kid1 = rt.spawn(coordinator, "explore", stepBudget(1));
    assertThat(kid1.tokensLeft())
        .as("carve: min(500, parent 100)")
        .isEqualTo(fx.<Number>at("steps", 1, "expect", "effectiveTokens").longValue());
    Handle kid2 = rt.spawn(coordinator, "explore");
    assertThatThrownBy(() -> rt.spawn(coordinator, "explore"))
        .isInstanceOfSatisfying(
            AgentException.class,
            e ->
                assertThat(e.limit().value())
                    .isEqualTo(fx.<String>at("steps", 3, "expect", "isError")))
        .hasMessageContaining("maxChildren");

    rt.wake(kid1, fx.at("steps", 4, "wakeWait", "prompt"));
    TaskResult r1 = rt.wait(kid1);
    assertThat(r1.status().value()).isEqualTo(fx.<String>at("steps", 4, "expect", "status"));
    assertThat(coordinator.tokensLeft())
        .isEqualTo(fx.<Number>at("steps", 4, "expect", "parentPoolAfter").longValue());

    rt.wake(kid2, fx.at("steps", 5, "wakeWait", "prompt"));
    TaskResult r2 = rt.wait(kid2);
    assertThat(r2.status().value()).isEqualTo(fx.<String>at("steps", 5, "expect", "status"));
    assertThat(r2.limit()).isNull();

    rt.wake(kid2, fx.at("steps", 6, "wakeWait", "prompt"));
    TaskResult r3 = rt.wait(kid2);
    assertThat(r3.status().value()).isEqualTo(fx.<String>at("steps", 6, "expect", "status"));
    assertThat(r3.text()).contains(fx.<String>at("steps", 6, "expect", "errorContains"));
    assertThat(r3.limit()).isEqualTo(Limit.MAX_TOKENS);
    assertThat(coordinator.tokensLeft()).isEqualTo(-60);

    Handle looper = rt.spawn(rt.root(), "looper", stepBudget(7));
    rt.wake(looper, fx.at("steps", 8, "wakeWait", "prompt"));
    TaskResult r4 = rt.wait(looper);
    assertThat(r4.status().value()).isEqualTo(fx.<String>at("steps", 8, "expect", "status"));
    assertThat(r4.limit()).isEqualTo(Limit.MAX_TURNS);
    assertThat(r4.turns()).isEqualTo(3);
  }

  @Test
  void anOwnTokenPoolStopsTheRunBeforeTheNextModelCall() {
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxTokens(100));
    rt.wake(looper, "loop forever");
    TaskResult r = rt.wait(looper);

    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(Limit.MAX_TOKENS);
    assertThat(r.turns()).isEqualTo(3);
    assertThat(r.ownTokens()).isEqualTo(120);
    assertThat(rt.conversationStore().get(looper.id()).orElseThrow())
        .as("partial work preserved")
        .hasSizeGreaterThan(3);
  }

  @Test
  void aToolCallPoolStopsTheRunAtTheCallThatWouldOverspend() {
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxToolCalls(2));
    rt.wake(looper, "loop forever");
    TaskResult r = rt.wait(looper);

    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(Limit.MAX_TOOL_CALLS);
    assertThat(r.turns()).isEqualTo(3);
  }

  @Test
  void maxDepthRefusesASpawnBelowIt() {
    Handle c = rt.spawn(rt.root(), "coordinator", Budget.NONE.withMaxDepth(1));
    assertThatThrownBy(() -> rt.spawn(c, "explore"))
        .isInstanceOfSatisfying(
            AgentException.class, e -> assertThat(e.limit()).isEqualTo(Limit.MAX_DEPTH));
  }
}
