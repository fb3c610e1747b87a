package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** onBudget: what happens when a handle runs out of one of its own limits. */
class OnBudgetTest {
  private final Fixture fx = Fixture.load("subagent-budgets");
  private ScriptedModel model;
  private AgentRuntime rt;
  private final List<BudgetInfo> asked = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void setUp() throws Exception {
    model = new ScriptedModel();
  }

  @AfterEach
  void tearDown() {
    rt.close();
    model.close();
  }

  private AgentRuntime runtime(java.util.function.Function<BudgetInfo, BudgetDecision> onBudget) {
    return AgentRuntime.builder(Fixture.host(model))
        .agents(fx.registry())
        .clock(new VirtualClock())
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
    rt =
        AgentRuntime.builder(Fixture.host(model))
            .agents(fx.registry())
            .clock(new VirtualClock())
            .build();
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
        AgentRuntime.builder(Fixture.host(model))
            .clock(new VirtualClock())
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
}
