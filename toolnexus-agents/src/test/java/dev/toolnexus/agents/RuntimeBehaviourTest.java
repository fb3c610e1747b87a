package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.client.Message;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Runtime behaviour beyond the fixtures: failures as results, teams, the handle state rules. */
class RuntimeBehaviourTest extends ScriptedRuntimeTest {

  private static final Tool EXPLODE =
      new Tool() {
        @Override
        public String name() {
          return "explode";
        }

        @Override
        public String description() {
          return "always throws";
        }

        @Override
        public Map<String, Object> inputSchema() {
          return Map.of("type", "object", "properties", Map.of());
        }

        @Override
        public Source source() {
          return Source.NATIVE;
        }

        @Override
        public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
          throw new IllegalStateException("disk on fire");
        }
      };

  @BeforeEach
  void script() {
    model.script(
        "m-breaker",
        c ->
            c.toolMessages().isEmpty()
                ? ScriptedModel.Reply.call("explode", Map.of())
                : ScriptedModel.Reply.text(
                    "breaker saw: " + c.toolMessages().get(0).get("content")));
    model.script(
        "m-delegator",
        c ->
            c.toolMessages().isEmpty()
                ? ScriptedModel.Reply.call(
                    "task", Map.of("agent", c.lastUserText(), "prompt", "do it"))
                : ScriptedModel.Reply.text("delegator: " + c.toolMessages().get(0).get("content")));
    model.script(
        "m-fail",
        c -> {
          throw new IllegalStateException("model is down");
        });
  }

  private AgentRuntime runtime(AgentDef... defs) {
    return runtimeWith(List.of(defs)).build();
  }

  private static AgentDef delegator(String... team) {
    return AgentDef.builder("delegator")
        .does("delegates")
        .model("m-delegator")
        .team(List.of(team))
        .build();
  }

  @Test
  void aChildWhoseToolThrowsComesBackAsAnErrorResultNotAnException() {
    rt =
        runtime(
            delegator("breaker"),
            AgentDef.builder("breaker")
                .does("breaks things")
                .model("m-breaker")
                .tools(List.of(EXPLODE))
                .build());
    Handle d = rt.spawn(rt.root(), "delegator");
    rt.wake(d, "breaker");
    TaskResult r = rt.wait(d);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("delegator: breaker saw: tool explode failed: disk on fire");
    List<Message> child = rt.conversationStore().get("root/delegator.1/breaker.1").orElseThrow();
    assertThat(child)
        .filteredOn(m -> m instanceof Message.ToolMessage)
        .singleElement()
        .satisfies(
            m -> {
              Message.ToolMessage t = (Message.ToolMessage) m;
              assertThat(t.isError()).isTrue();
              assertThat(t.output()).isEqualTo("tool explode failed: disk on fire");
            });
  }

  @Test
  void aChildWhoseRunFailsCrossesToItsParentAsAnErrorResult() {
    rt =
        runtime(
            delegator("failer"), AgentDef.builder("failer").does("fails").model("m-fail").build());
    Handle d = rt.spawn(rt.root(), "delegator");
    rt.wake(d, "failer");
    TaskResult r = rt.wait(d);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).startsWith("delegator: [error] ").contains("500");
    Message.ToolMessage t =
        (Message.ToolMessage)
            rt.conversationStore().get(d.id()).orElseThrow().stream()
                .filter(m -> m instanceof Message.ToolMessage)
                .findFirst()
                .orElseThrow();
    assertThat(t.isError()).isTrue();
    assertThat(rt.find("root/delegator.1/failer.1").lastResult().status())
        .isEqualTo(TaskStatus.ERROR);
  }

  @Test
  void aTaskOutsideTheTeamIsRefusedListingTheTeam() {
    rt =
        runtime(
            delegator("peer", "breaker"),
            AgentDef.builder("peer").does("team member").model("m-peer").build(),
            AgentDef.builder("breaker").does("breaks things").model("m-breaker").build(),
            AgentDef.builder("stranger").does("not on the team").model("m-peer").build());
    Handle d = rt.spawn(rt.root(), "delegator");
    rt.wake(d, "stranger");
    TaskResult r = rt.wait(d);

    assertThat(r.text())
        .isEqualTo(
            "delegator: agent \"stranger\" is not in this agent's team (available: breaker, peer)");
    assertThat(d.childIds()).isEmpty();
  }

  @Test
  @SuppressWarnings("unchecked")
  void theTaskToolAdvertisesOnlyTheTeamSortedByName() {
    rt =
        runtime(
            delegator("peer", "breaker"),
            AgentDef.builder("peer").does("team member").model("m-peer").build(),
            AgentDef.builder("breaker").does("breaks things").model("m-breaker").build());
    Handle d = rt.spawn(rt.root(), "delegator");
    rt.wake(d, "peer");
    rt.wait(d);

    Map<String, Object> task = (Map<String, Object>) model.calls().get(0).tools().get(0);
    Map<String, Object> fn = (Map<String, Object>) task.get("function");
    assertThat(fn.get("name")).isEqualTo("task");
    assertThat((String) fn.get("description"))
        .endsWith("Your team:\n- breaker: breaks things\n- peer: team member");
  }

  @Test
  void anAgentWithoutATeamHasNoTaskTool() {
    rt = runtime(AgentDef.builder("peer").does("team member").model("m-peer").build());
    Handle p = rt.spawn(rt.root(), "peer");
    rt.wake(p, "hi");
    rt.wait(p);

    assertThat(model.calls().get(0).tools()).isEmpty();
  }

  @Test
  void aSuspendedHandleBuffersPostsAndIgnoresWakesUntilAnswered() {
    Fixture fx = Fixture.load("subagent-durable-resume");
    rt = runtimeWith(fx.registry()).build();
    Handle p = rt.spawn(rt.root(), "approverParent");
    rt.wake(p, "do the secret thing");
    TaskResult r1 = rt.wait(p);
    rt.post(p, "nudge");
    rt.wake(p, "hurry up");

    assertThat(p.state()).isEqualTo(HandleState.SUSPENDED);
    assertThat(p.inboxSize()).isEqualTo(1);
    assertThat(rt.wait(p)).isEqualTo(r1);
  }

  @Test
  void interruptingASuspendedHandleCancelsItsRequest() {
    Fixture fx = Fixture.load("subagent-durable-resume");
    rt = runtimeWith(fx.registry()).build();
    Handle p = rt.spawn(rt.root(), "approverParent");
    rt.wake(p, "do the secret thing");
    rt.wait(p);
    Handle leaf = rt.find("root/approverParent.1/asker.1");
    rt.interrupt(leaf);

    assertThat(leaf.state()).isEqualTo(HandleState.IDLE);
    assertThat(leaf.pending()).isNull();
    assertThat(leaf.transitions()).endsWith("suspended→idle");
  }

  @Test
  void aClosedHandleRefusesWakesAndWaitAnswersClosed() {
    rt = runtime(AgentDef.builder("peer").does("team member").model("m-peer").build());
    Handle p = rt.spawn(rt.root(), "peer");
    rt.close(p);

    assertThatThrownBy(() -> rt.wake(p, "hi"))
        .isInstanceOf(AgentException.class)
        .hasMessageContaining("closed");
    assertThat(rt.wait(p).status()).isEqualTo(TaskStatus.CLOSED);
    assertThatThrownBy(() -> rt.spawn(rt.root(), "nobody"))
        .isInstanceOf(AgentException.class)
        .hasMessage("unknown agent \"nobody\" (known: peer)");
  }

  @Test
  void aThousandHandleTreeClosesLeafFirstAndLeavesNoThreadBehind() throws Exception {
    java.util.Set<Thread> before = java.util.Set.copyOf(Thread.getAllStackTraces().keySet());
    List<String> closed = Collections.synchronizedList(new ArrayList<>());
    rt =
        runtime(
            AgentDef.builder("node")
                .does("a node")
                .model("m-slow")
                .onClose((h, why) -> closed.add(h.id()))
                .build());
    List<Handle> leaves = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      Handle a = rt.spawn(rt.root(), "node");
      for (int j = 0; j < 10; j++) {
        Handle b = rt.spawn(a, "node");
        for (int k = 0; k < 9; k++) {
          leaves.add(rt.spawn(b, "node"));
        }
      }
    }
    assertThat(rt.list()).hasSize(1010);
    for (int i = 0; i < 20; i++) {
      rt.wake(leaves.get(i * 45), "work slowly");
    }
    assertThat(model.slowStarted.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    rt.close(rt.root(), true);

    assertThat(closed).hasSize(1010);
    Map<String, Integer> position = new HashMap<>();
    for (int i = 0; i < closed.size(); i++) {
      position.put(closed.get(i), i);
    }
    for (HandleView v : rt.list()) {
      assertThat(v.state()).isEqualTo(HandleState.CLOSED);
      String parent = v.id().substring(0, v.id().lastIndexOf('/'));
      if (!parent.equals("root")) {
        assertThat(position.get(v.id()))
            .as("%s closes before its parent", v.id())
            .isLessThan(position.get(parent));
      }
    }
    assertThat(rt.activeTurns()).isZero();
    rt.close();
    assertThat(rt.runner.terminated()).isTrue();
    assertThat(threadsLeftBehind(before)).isEmpty();
    assertThat(leaves.get(0).lastResult().status()).isEqualTo(TaskStatus.CLOSED);
  }

  /**
   * The live threads that were not there before, once given 5 s to end: the JDK's own pools
   * (virtual-thread carriers, the HTTP client's selector, the shared timer) and the scripted
   * model's server threads excepted.
   */
  private static List<String> threadsLeftBehind(java.util.Set<Thread> before)
      throws InterruptedException {
    List<String> left = List.of();
    for (int i = 0; i < 50; i++) {
      left =
          Thread.getAllStackTraces().keySet().stream()
              .filter(t -> t.isAlive() && !before.contains(t))
              .map(Thread::getName)
              .filter(
                  n ->
                      !n.startsWith("ForkJoinPool")
                          && !n.startsWith("HttpClient-")
                          && !n.startsWith("scripted-model")
                          && !n.startsWith("toolnexus-timer")
                          && !n.startsWith("toolnexus-worker")
                          && !n.equals("Attach Listener"))
              .sorted()
              .toList();
      if (left.isEmpty()) {
        return left;
      }
      Thread.sleep(100);
    }
    return left;
  }

  @Test
  void aLimitStopNamesItsLimitAndNoOtherResultDoes() {
    assertThatThrownBy(() -> new TaskResult("x", true, TaskStatus.INCOMPLETE, null, null, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TaskResult("x", true, TaskStatus.TIMEOUT, null, null, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new TaskResult("x", false, TaskStatus.DONE, Limit.MAX_TURNS, null, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new TaskResult("x", true, TaskStatus.ERROR, Limit.MAX_TOKENS, null, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
