package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** onBudget: what happens when a handle runs out of one of its own limits. */
class OnBudgetTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("subagent-budgets");
  private final List<BudgetInfo> asked = Collections.synchronizedList(new ArrayList<>());

  private AgentRuntime runtime(java.util.function.Function<BudgetInfo, BudgetDecision> onBudget) {
    return runtimeWith(fx.registry())
        .onBudget(
            info -> {
              asked.add(info);
              return onBudget.apply(info);
            })
        .build();
  }

  @Test
  void extendGrantsTheExhaustedPoolAgainAndTheTurnGoesOn() {
    rt = runtime(info -> asked.size() == 1 ? BudgetDecision.EXTEND : BudgetDecision.STOP);
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxTokens(100));
    rt.wake(looper, "loop forever");
    TaskResult r = rt.wait(looper);

    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(Limit.MAX_TOKENS);
    assertThat(r.turns()).isEqualTo(5);
    assertThat(r.ownTokens()).isEqualTo(200);
    assertThat(asked)
        .extracting(BudgetInfo::limit)
        .containsExactly(Limit.MAX_TOKENS, Limit.MAX_TOKENS);
    assertThat(asked.get(0).turns()).isEqualTo(3);
    assertThat(asked.get(0).handleId()).isEqualTo("root/looper.1");
  }

  @Test
  void withoutOnBudgetALimitStops() {
    rt = runtimeWith(fx.registry()).build();
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxTokens(100));
    rt.wake(looper, "loop forever");

    assertThat(rt.wait(looper).turns()).isEqualTo(3);
  }

  @Test
  void suspendAsksForApprovalAndAnApprovingAnswerExtendsAndReplays() {
    rt = runtime(info -> BudgetDecision.SUSPEND);
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxToolCalls(1));
    rt.wake(looper, "loop forever");
    TaskResult r1 = rt.wait(looper);

    assertThat(r1.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(r1.pending().kind()).isEqualTo("approval");
    assertThat(r1.pending().data()).containsEntry("limit", "maxToolCalls");
    assertThat(r1.pending().data().get("path")).isEqualTo(List.of("root", "looper.1"));
    assertThat(r1.turns()).isEqualTo(2);
    assertThat(rt.conversationStore().get(looper.id()).orElse(List.of())).isEmpty();

    TaskResult r2 = rt.resume(Answer.ok(r1.pending().id()));
    assertThat(r2.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(r2.pending().id()).isNotEqualTo(r1.pending().id());
    assertThat(r2.turns()).isEqualTo(4);

    TaskResult r3 = rt.resume(Answer.declined(r2.pending().id(), "declined"));
    assertThat(r3.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r3.limit()).isEqualTo(Limit.MAX_TOOL_CALLS);
    assertThat(looper.transitions())
        .containsExactly(
            "idle→running",
            "running→suspended",
            "suspended→idle",
            "idle→running",
            "running→suspended",
            "suspended→idle");
  }

  @Test
  void aDefinitionsOnBudgetReplacesTheRuntimes() {
    List<String> byDef = Collections.synchronizedList(new ArrayList<>());
    AgentRuntime.Builder b =
        runtimeWith(List.of())
            .onBudget(
                info -> {
                  asked.add(info);
                  return BudgetDecision.STOP;
                });
    for (AgentDef d : fx.registry()) {
      b.agent(
          d.name().equals("looper")
              ? d.toBuilder()
                  .onBudget(
                      info -> {
                        byDef.add(info.limit().value());
                        return BudgetDecision.STOP;
                      })
                  .build()
              : d);
    }
    rt = b.build();
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxTokens(40));
    rt.wake(looper, "loop forever");
    rt.wait(looper);

    assertThat(byDef).containsExactly("maxTokens");
    assertThat(asked).isEmpty();
  }

  @Test
  void theTurnCapMidTurnAsksOnBudgetAndExtendGrantsMoreTurns() {
    rt = runtime(info -> asked.size() == 1 ? BudgetDecision.EXTEND : BudgetDecision.STOP);
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxTurns(2));
    rt.wake(looper, "loop forever");
    TaskResult r = rt.wait(looper);

    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(Limit.MAX_TURNS);
    assertThat(r.text()).isEqualTo("hit maxTurns (4) without a final answer");
    assertThat(r.turns()).isEqualTo(4);
    assertThat(asked)
        .extracting(BudgetInfo::limit)
        .containsExactly(Limit.MAX_TURNS, Limit.MAX_TURNS);
    assertThat(asked).extracting(BudgetInfo::turns).containsExactly(2, 4);
    assertThat(model.requestsFor("m-loop")).isEqualTo(4);
  }

  @Test
  void suspendOnTheTurnCapIsAnApprovalRequestThatAnApprovingAnswerExtendsAndResumes() {
    rt = runtime(info -> BudgetDecision.SUSPEND);
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxTurns(2));
    rt.wake(looper, "loop forever");
    TaskResult r1 = rt.wait(looper);

    assertThat(r1.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(r1.pending().kind()).isEqualTo("approval");
    assertThat(r1.pending().data()).containsEntry("limit", "maxTurns");
    assertThat(r1.turns()).isEqualTo(2);

    TaskResult r2 = rt.resume(Answer.ok(r1.pending().id()));
    assertThat(r2.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(r2.turns()).isEqualTo(4);
    assertThat(model.requestsFor("m-loop")).isEqualTo(4);

    TaskResult r3 = rt.resume(Answer.declined(r2.pending().id(), "enough"));
    assertThat(r3.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r3.limit()).isEqualTo(Limit.MAX_TURNS);
    assertThat(looper.state()).isEqualTo(HandleState.IDLE);
  }

  @Test
  void suspendIsAnsweredByTheHandlesOwnInterpreterWithoutSuspending() {
    List<String> requests = Collections.synchronizedList(new ArrayList<>());
    AgentRuntime.Builder b =
        runtimeWith(List.of())
            .onBudget(
                info -> {
                  asked.add(info);
                  return asked.size() == 1 ? BudgetDecision.SUSPEND : BudgetDecision.STOP;
                });
    for (AgentDef d : fx.registry()) {
      b.agent(
          d.name().equals("looper")
              ? d.toBuilder()
                  .waitFor(
                      req -> {
                        requests.add(req.kind() + " " + req.data().get("limit"));
                        return Answer.ok(req.id());
                      })
                  .build()
              : d);
    }
    rt = b.build();
    Handle looper = rt.spawn(rt.root(), "looper", Budget.NONE.withMaxTokens(100));
    rt.wake(looper, "loop forever");
    TaskResult r = rt.wait(looper);

    assertThat(requests).containsExactly("approval maxTokens");
    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.turns()).isEqualTo(5);
    assertThat(looper.transitions()).containsExactly("idle→running", "running→idle");
  }

  /** A coordinator whose 100-token pool a looper child drains, and a second child not yet woken. */
  private Handle drainedSibling() {
    Handle coordinator = rt.spawn(rt.root(), "coordinator", Budget.NONE.withMaxTokens(100));
    Handle looper = rt.spawn(coordinator, "looper");
    Handle explore = rt.spawn(coordinator, "explore");
    rt.wake(looper, "loop forever");
    assertThat(rt.wait(looper).limit()).isEqualTo(Limit.MAX_TOKENS);
    assertThat(coordinator.tokensLeft()).isEqualTo(-20);
    return explore;
  }

  private static BudgetDecision forExplore(BudgetInfo info, BudgetDecision d) {
    return info.agent().equals("explore") ? d : BudgetDecision.STOP;
  }

  @Test
  void anAncestorsExhaustedPoolAsksOnBudgetAtAdmissionAndStopRefuses() {
    rt = runtime(info -> forExplore(info, BudgetDecision.STOP));
    Handle explore = drainedSibling();
    rt.wake(explore, "find x");
    TaskResult r = rt.wait(explore);

    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(Limit.MAX_TOKENS);
    assertThat(r.turns()).isZero();
    assertThat(asked)
        .filteredOn(i -> i.agent().equals("explore"))
        .extracting(BudgetInfo::handleId, BudgetInfo::limit)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("root/coordinator.1/explore.2", Limit.MAX_TOKENS));
  }

  @Test
  void anAncestorsExhaustedPoolExtendedAtAdmissionLetsTheTurnRun() {
    rt = runtime(info -> forExplore(info, BudgetDecision.EXTEND));
    Handle explore = drainedSibling();
    rt.wake(explore, "find x");
    TaskResult r = rt.wait(explore);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("found:data(x)");
    assertThat(rt.find("root/coordinator.1").tokensLeft()).isEqualTo(80 - 80);
  }

  @Test
  void anAncestorsExhaustedPoolSuspendedAtAdmissionWaitsForApprovalThenRuns() {
    rt = runtime(info -> forExplore(info, BudgetDecision.SUSPEND));
    Handle explore = drainedSibling();
    rt.wake(explore, "find x");
    TaskResult r1 = rt.wait(explore);

    assertThat(r1.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(r1.pending().kind()).isEqualTo("approval");
    assertThat(r1.pending().data()).containsEntry("limit", "maxTokens");
    assertThat(r1.pending().data().get("path"))
        .isEqualTo(List.of("root", "coordinator.1", "explore.2"));
    assertThat(model.requestsFor("m-explore")).isZero();

    TaskResult r2 = rt.resume(Answer.ok(r1.pending().id()));
    assertThat(r2.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r2.text()).isEqualTo("found:data(x)");
    assertThat(explore.transitions())
        .containsExactly(
            "idle→running", "running→suspended", "suspended→idle", "idle→running", "running→idle");
  }

  @Test
  void aSpawnUnderAnExhaustedPoolAsksOnBudgetAndExtendLetsItThrough() {
    rt =
        runtime(
            info ->
                info.agent().equals("coordinator") ? BudgetDecision.EXTEND : BudgetDecision.STOP);
    drainedSibling();
    Handle more = rt.spawn(rt.find("root/coordinator.1"), "explore");

    assertThat(more.id()).isEqualTo("root/coordinator.1/explore.3");
    assertThat(asked)
        .filteredOn(i -> i.agent().equals("coordinator"))
        .extracting(BudgetInfo::limit)
        .containsExactly(Limit.MAX_TOKENS);
  }

  /** A lead that delegates one task to explore, with {@code waitFor} answering its requests. */
  private AgentRuntime leadRuntime(
      dev.toolnexus.WaitFor waitFor, java.util.function.Function<BudgetInfo, BudgetDecision> d) {
    model.script(
        "m-lead",
        c ->
            c.toolMessages().isEmpty()
                ? ScriptedModel.Reply.call(
                    "task", java.util.Map.of("agent", "explore", "prompt", "find x"))
                : ScriptedModel.Reply.text("lead: " + c.toolMessages().get(0).get("content")));
    return runtimeWith(fx.registry())
        .agent(
            AgentDef.builder("lead")
                .does("delegates")
                .model("m-lead")
                .team(List.of("explore"))
                .waitFor(waitFor)
                .build())
        .onBudget(
            info -> {
              asked.add(info);
              return d.apply(info);
            })
        .build();
  }

  @Test
  void suspendOnARefusedSpawnIsAnApprovalTheNearestInterpreterAnswers() {
    List<String> requests = Collections.synchronizedList(new ArrayList<>());
    rt =
        leadRuntime(
            req -> {
              requests.add(
                  req.kind() + " " + req.data().get("limit") + " " + req.data().get("path"));
              return Answer.ok(req.id());
            },
            info -> info.agent().equals("lead") ? BudgetDecision.SUSPEND : BudgetDecision.EXTEND);
    Handle lead = rt.spawn(rt.root(), "lead", Budget.NONE.withMaxTokens(30));
    rt.wake(lead, "delegate");
    TaskResult r = rt.wait(lead);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("lead: found:data(x)");
    assertThat(requests.get(0)).isEqualTo("approval maxTokens [root, lead.1]");
    assertThat(lead.childIds()).containsExactly("root/lead.1/explore.1");
    assertThat(lead.transitions()).containsExactly("idle→running", "running→idle");
  }

  @Test
  void aDeclinedApprovalForASpawnReachesTheModelAndSpawnsNothing() {
    rt =
        leadRuntime(
            req -> Answer.declined(req.id(), "no"),
            info ->
                info.agent().equals("lead")
                        && asked.stream().filter(a -> a.agent().equals("lead")).count() == 1
                    ? BudgetDecision.SUSPEND // the refused spawn; later asks extend
                    : BudgetDecision.EXTEND);
    Handle lead = rt.spawn(rt.root(), "lead", Budget.NONE.withMaxTokens(30));
    rt.wake(lead, "delegate");
    TaskResult r = rt.wait(lead);

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text())
        .isEqualTo(
            "lead: declined/expired: root/lead.1 ran out of its maxTokens budget; approve more?");
    assertThat(lead.childIds()).isEmpty();
  }
}
