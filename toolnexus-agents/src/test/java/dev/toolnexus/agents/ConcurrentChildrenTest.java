package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How many children of one parent run at once: the per-parent cap (the runtime's default, or the
 * parent's own budget) beside the runtime-wide turn gate. Overlap is proven by the scripted model
 * holding the first calls of a model until that many are in flight together, so a cap that let
 * fewer run would leave the held calls failing instead of answering.
 */
class ConcurrentChildrenTest extends ScriptedRuntimeTest {
  private static final int WIDE = 32;

  @Override
  ScriptedModel newModel() throws IOException {
    return new ScriptedModel()
        .together("m-wide", WIDE)
        .together("m-eight", 8)
        .together("m-three", 3);
  }

  @BeforeEach
  void script() {
    model.script("m-wide", c -> ScriptedModel.Reply.text("wide: " + c.lastUserText()));
    model.script("m-eight", c -> ScriptedModel.Reply.text("eight: " + c.lastUserText()));
    model.script("m-three", c -> ScriptedModel.Reply.text("three: " + c.lastUserText()));
  }

  private static AgentDef worker(String name, String model) {
    return AgentDef.builder(name).does("answers one question").model(model).build();
  }

  /** Spawns {@code n} of {@code agent} under {@code parent}, wakes them all, then waits for all. */
  private List<TaskResult> runAll(Handle parent, String agent, int n) {
    List<Handle> hs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      hs.add(rt.spawn(parent, agent));
    }
    for (int i = 0; i < n; i++) {
      rt.wake(hs.get(i), "q" + i);
    }
    return hs.stream().map(rt::wait).toList();
  }

  @Test
  void thirtyTwoChildrenOfTheRootAllHaveTheirModelCallInFlightAtOnce() {
    rt =
        runtimeWith(List.of(worker("wide", "m-wide")))
            .maxConcurrentTurns(WIDE)
            .defaultMaxConcurrent(WIDE)
            .build();

    List<TaskResult> results = runAll(rt.root(), "wide", WIDE);

    assertThat(results).extracting(TaskResult::status).containsOnly(TaskStatus.DONE);
    assertThat(results.get(WIDE - 1).text()).isEqualTo("wide: q31");
    assertThat(model.highWater()).isEqualTo(WIDE);
  }

  @Test
  void byDefaultEightChildrenOfAParentRunAtOnceAndTheRestQueue() {
    rt = runtimeWith(List.of(worker("eight", "m-eight"))).maxConcurrentTurns(WIDE).build();

    List<TaskResult> results = runAll(rt.root(), "eight", 12);

    assertThat(results).extracting(TaskResult::status).containsOnly(TaskStatus.DONE);
    assertThat(results.get(11).text()).isEqualTo("eight: q11");
    assertThat(model.highWater()).isEqualTo(8);
  }

  @Test
  void aParentsOwnMaxConcurrentWinsOverTheRuntimeDefault() {
    AgentDef lead =
        AgentDef.builder("lead")
            .does("holds children")
            .model("m-three")
            .budget(Budget.NONE.withMaxConcurrent(3))
            .build();
    rt =
        runtimeWith(List.of(lead, worker("three", "m-three")))
            .maxConcurrentTurns(WIDE)
            .defaultMaxConcurrent(WIDE)
            .build();
    Handle parent = rt.spawn(rt.root(), "lead");

    List<TaskResult> results = runAll(parent, "three", 9);

    assertThat(results).extracting(TaskResult::status).containsOnly(TaskStatus.DONE);
    assertThat(model.highWater()).isEqualTo(3);
  }

  @Test
  void aDefaultMaxConcurrentOfZeroIsRefusedNamingIt() {
    AgentRuntime.Builder b = runtimeWith(List.of()).defaultMaxConcurrent(0);

    assertThatThrownBy(b::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("defaultMaxConcurrent must be positive, got 0");
  }
}
