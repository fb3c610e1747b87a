package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Tool;
import dev.toolnexus.builtins.Builtins;
import dev.toolnexus.builtins.BuiltinsOptions;
import dev.toolnexus.client.RunResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The completion gate on the runtime's turns, through the real loop on the scripted model. */
class CompletionGateTest extends ScriptedRuntimeTest {

  private TaskResult runOnce(AgentDef def) {
    rt = runtimeWith(List.of(def)).build();
    Handle h = rt.spawn(rt.root(), def.name());
    rt.wake(h, "do the work");
    return rt.wait(h);
  }

  private static Tool todowrite() {
    return Builtins.create(BuiltinsOptions.defaults()).stream()
        .filter(t -> t.name().equals("todowrite"))
        .findFirst()
        .orElseThrow();
  }

  private static Map<String, Object> todos(boolean completed) {
    return Map.of(
        "todos", List.of(Map.of("id", "1", "text", "write tests", "completed", completed)));
  }

  @Test
  void aFailedCheckSendsTheAgentBackThenEndsIncompleteWithLimitCompletion() {
    model.script("m-w", c -> ScriptedModel.Reply.text("all done"));
    AgentDef def =
        AgentDef.builder("worker")
            .does("works")
            .model("m-w")
            .completion(Completion.of(2, r -> Verdict.fail("tests are red")))
            .build();

    TaskResult r = runOnce(def);

    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(Limit.COMPLETION);
    assertThat(r.text()).isEqualTo("completion check failed 2 time(s); last reason: tests are red");
    assertThat(r.turns()).isEqualTo(2);
    assertThat(model.requestsFor("m-w")).isEqualTo(2);
    assertThat(model.calls().get(1).lastUserText())
        .isEqualTo("Your work did not verify: tests are red. Fix it and finish.");
  }

  @Test
  void anAnswerAcceptedOnTheSecondAttemptIsDone() {
    model.script(
        "m-w", c -> ScriptedModel.Reply.text(c.lastUserText().startsWith("Your") ? "fixed" : "v1"));
    AtomicInteger checks = new AtomicInteger();
    AgentDef def =
        AgentDef.builder("worker")
            .does("works")
            .model("m-w")
            .completion(
                Completion.of(
                    3,
                    r ->
                        checks.incrementAndGet() == 1
                            ? Verdict.fail("missing a test")
                            : Verdict.pass()))
            .build();

    TaskResult r = runOnce(def);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("fixed");
    assertThat(checks.get()).isEqualTo(2);
    assertThat(model.requestsFor("m-w")).isEqualTo(2);
  }

  @Test
  void aPendingRunIsNeverChecked() {
    AtomicInteger checks = new AtomicInteger();
    AgentDef def =
        AgentDef.builder("asker")
            .does("asks")
            .model("m-asker")
            .tools(List.of(Fixture.tool("check_secret")))
            .completion(
                Completion.of(
                    2,
                    r -> {
                      checks.incrementAndGet();
                      return Verdict.fail("never");
                    }))
            .build();

    TaskResult r = runOnce(def);

    assertThat(r.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(checks.get()).isZero();
  }

  @Test
  void theCheckSeesTheToolCallsOfEveryAttempt() {
    model.script(
        "m-w",
        c ->
            c.toolMessages().size() < (c.lastUserText().startsWith("Your") ? 2 : 1)
                ? ScriptedModel.Reply.call("lookup", Map.of("q", "x"))
                : ScriptedModel.Reply.text("answer"));
    List<Integer> seen = new CopyOnWriteArrayList<>();
    AgentDef def =
        AgentDef.builder("worker")
            .does("works")
            .model("m-w")
            .tools(List.of(Fixture.tool("lookup")))
            .completion(
                Completion.of(
                    2,
                    r -> {
                      seen.add(r.toolCalls().size());
                      return seen.size() == 1 ? Verdict.fail("look again") : Verdict.pass();
                    }))
            .build();

    TaskResult r = runOnce(def);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(seen).containsExactly(1, 2);
  }

  @Test
  void theTodoCheckSendsBackOpenItemsUntilTheyAreDone() {
    model.script(
        "m-w",
        c -> {
          boolean retry = c.lastUserText().startsWith("Your");
          int done = c.toolMessages().size();
          if (done < (retry ? 2 : 1)) {
            return ScriptedModel.Reply.call("todowrite", todos(retry));
          }
          return ScriptedModel.Reply.text(retry ? "all ticked" : "done, I think");
        });
    AgentDef def =
        AgentDef.builder("worker")
            .does("works")
            .model("m-w")
            .tools(List.of(todowrite()))
            .completion(Completion.allTodosDone(2))
            .build();

    TaskResult r = runOnce(def);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("all ticked");
    assertThat(model.calls().get(2).lastUserText())
        .isEqualTo(
            "Your work did not verify: 1 item(s) still open: write tests. Fix it and finish.");
  }

  @Test
  void theTodoCheckExhaustedNamesTheOpenItems() {
    model.script(
        "m-w",
        c ->
            c.toolMessages().isEmpty()
                ? ScriptedModel.Reply.call("todowrite", todos(false))
                : ScriptedModel.Reply.text("done, I think"));
    AgentDef def =
        AgentDef.builder("worker")
            .does("works")
            .model("m-w")
            .tools(List.of(todowrite()))
            .completion(Completion.allTodosDone(1))
            .build();

    TaskResult r = runOnce(def);

    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(Limit.COMPLETION);
    assertThat(r.text())
        .isEqualTo(
            "completion check failed 1 time(s); last reason: 1 item(s) still open: write tests");
  }

  @Test
  void aChildReachedThroughTaskIsGatedToo() {
    AgentDef coordinator =
        AgentDef.builder("coordinator")
            .does("delegates")
            .model("m-coordinator")
            .team(List.of("explore"))
            .build();
    AgentDef explore =
        AgentDef.builder("explore")
            .does("research")
            .model("m-explore")
            .tools(List.of(Fixture.tool("lookup")))
            .completion(Completion.of(2, r -> Verdict.fail("cite a source")))
            .build();
    rt = runtimeWith(List.of(coordinator, explore)).build();
    Handle h = rt.spawn(rt.root(), "coordinator");
    rt.wake(h, "compare");
    TaskResult r = rt.wait(h);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(model.requestsFor("m-explore")).isEqualTo(6);
    ScriptedModel.Call last = model.calls().get(model.calls().size() - 1);
    assertThat(last.toolMessages())
        .extracting(m -> String.valueOf(m.get("content")))
        .allSatisfy(
            c ->
                assertThat(c)
                    .contains("completion check failed 2 time(s); last reason: cite a source"));
  }

  @Test
  void theTodoCheckPassesWhenNoPlanWasMade() {
    RunResult run =
        new RunResult("x", List.of(), List.of(), 0, 1, null, "m", null, null, null, null);
    assertThat(Completion.todosDone(run)).isEqualTo(Verdict.pass());
  }

  @Test
  void aCommandCheckPassesOnExitZeroAndNamesTheExitAndOutputOtherwise() throws Exception {
    RunResult run =
        new RunResult("x", List.of(), List.of(), 0, 1, null, "m", null, null, null, null);
    assertThat(Completion.command(1, List.of("sh", "-c", "exit 0"), null).check().verify(run))
        .isEqualTo(Verdict.pass());
    assertThat(
            Completion.command(1, List.of("sh", "-c", "echo boom; exit 3"), null)
                .check()
                .verify(run))
        .isEqualTo(Verdict.fail("command sh exited 3: boom"));
  }

  @Test
  void maxAttemptsBelowOneIsRefused() {
    assertThatThrownBy(() -> Completion.of(0, r -> Verdict.pass()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("completion.maxAttempts must be at least 1, got 0");
  }
}
