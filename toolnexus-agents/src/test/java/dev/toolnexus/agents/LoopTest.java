package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.Toolkit;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.RunLimit;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The loop door: an agent definition over the caller's own client options and toolkit. */
class LoopTest extends ScriptedRuntimeTest {

  private ClientOptions.Builder caller() {
    return ClientOptions.builder()
        .baseUrl(model.baseUrl())
        .style("openai")
        .model("m-default")
        .apiKey("test-key")
        .retries(0);
  }

  private static AgentDef.Builder agent() {
    return AgentDef.builder("worker").does("works");
  }

  private static Toolkit lookupKit() {
    return Toolkit.of(Fixture.tool("lookup"));
  }

  private Object systemPromptSent() {
    Map<String, Object> first = model.calls().get(0).messages().get(0);
    return "system".equals(first.get("role")) ? first.get("content") : null;
  }

  @SuppressWarnings("unchecked")
  private List<String> toolNamesSent() {
    return model.calls().get(0).tools().stream()
        .map(
            t ->
                (String)
                    ((Map<String, Object>) ((Map<String, Object>) t).get("function")).get("name"))
        .toList();
  }

  @Test
  void theSoulIsTheSystemPromptWhenTheCallerSetNone() {
    Loop loop = Loop.of(agent().soul("You are careful.").build(), caller().build(), lookupKit());
    loop.run("hello");
    assertThat(systemPromptSent()).isEqualTo("You are careful.");
  }

  @Test
  void theCallersSystemPromptBeatsTheSoul() {
    Loop loop =
        Loop.of(
            agent().soul("You are careful.").build(),
            caller().systemPrompt("Caller rules.").build(),
            lookupKit());
    loop.run("hello");
    assertThat(systemPromptSent()).isEqualTo("Caller rules.");
  }

  @Test
  void theAgentsModelIsTheDefaultAndAPerCallModelBeatsIt() {
    model.script("m-w", c -> ScriptedModel.Reply.text("from w"));
    Loop loop = Loop.of(agent().model("m-peer").build(), caller().build(), lookupKit());

    RunResult first = loop.run("1. one");
    RunResult second = loop.run("hi", "m-w");

    assertThat(first.text()).isEqualTo("processed 1 items");
    assertThat(second.text()).isEqualTo("from w");
    assertThat(model.calls())
        .extracting(ScriptedModel.Call::model)
        .containsExactly("m-peer", "m-w");
  }

  @Test
  void anInheritingAgentUsesTheCallersModel() {
    model.script("m-default", c -> ScriptedModel.Reply.text("default here"));
    Loop loop = Loop.of(agent().build(), caller().build(), lookupKit());
    assertThat(loop.run("hi").text()).isEqualTo("default here");
  }

  @Test
  void theBudgetsMaxTurnsIsTheLoopsTurnCap() {
    Loop loop =
        Loop.of(
            agent().model("m-loop").budget(Budget.NONE.withMaxTurns(2)).build(),
            caller().maxTurns(10).build(),
            lookupKit());

    RunResult r = loop.run("go");

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.MAX_TURNS);
    assertThat(loop.turns()).isEqualTo(2);
    assertThat(loop.status()).isEqualTo(Loop.Status.INCOMPLETE);
  }

  @Test
  void theCallersToolkitReplacesTheAgentsTools() {
    Loop loop =
        Loop.of(
            agent().model("m-peer").tools(List.of(Fixture.tool("check_secret"))).build(),
            caller().build(),
            lookupKit());
    loop.run("hi");
    assertThat(toolNamesSent()).containsExactly("lookup");
  }

  @Test
  void aRefusedCompletionSendsTheLoopBackWithItsHistoryThenEndsIncompleteWithLimitCompletion() {
    model.script("m-w", c -> ScriptedModel.Reply.text("all done"));
    Loop loop =
        Loop.of(
            agent()
                .model("m-w")
                .completion(Completion.of(2, r -> Verdict.fail("no tests were run")))
                .build(),
            caller().build(),
            lookupKit());

    RunResult r = loop.run("do it");

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.COMPLETION);
    assertThat(r.text())
        .isEqualTo("completion check failed 2 time(s); last reason: no tests were run");
    assertThat(loop.attempts()).isEqualTo(2);
    assertThat(loop.turns()).isEqualTo(2);
    assertThat(loop.status()).isEqualTo(Loop.Status.INCOMPLETE);
    ScriptedModel.Call retry = model.calls().get(1);
    assertThat(retry.lastUserText())
        .isEqualTo("Your work did not verify: no tests were run. Fix it and finish.");
    assertThat(retry.messages())
        .extracting(m -> m.get("role"))
        .containsExactly("user", "assistant", "user");
  }

  @Test
  void anAcceptedAnswerLeavesTheLoopIdle() {
    model.script("m-w", c -> ScriptedModel.Reply.text("all done"));
    Loop loop =
        Loop.of(
            agent().model("m-w").completion(Completion.of(1, r -> Verdict.pass())).build(),
            caller().build(),
            lookupKit());

    RunResult r = loop.run("do it");

    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(loop.status()).isEqualTo(Loop.Status.IDLE);
    assertThat(loop.attempts()).isEqualTo(1);
  }

  @Test
  void aPendingLoopRunIsNeverChecked() {
    AtomicInteger checks = new AtomicInteger();
    Loop loop =
        Loop.of(
            agent()
                .model("m-asker")
                .completion(
                    Completion.of(
                        2,
                        r -> {
                          checks.incrementAndGet();
                          return Verdict.fail("never");
                        }))
                .build(),
            caller().build(),
            Toolkit.of(Fixture.tool("check_secret")));

    RunResult r = loop.run("get it");

    assertThat(r.status()).isEqualTo(RunStatus.PENDING);
    assertThat(loop.status()).isEqualTo(Loop.Status.PENDING);
    assertThat(checks.get()).isZero();
  }

  @Test
  void theCallersWaitForAnswersSuspensionsAndTheAgentsIsIgnored() {
    Loop loop =
        Loop.of(
            agent().model("m-asker").waitFor(req -> Answer.declined(req.id(), "agent's")).build(),
            caller().waitFor(req -> Answer.ok(req.id())).build(),
            Toolkit.of(Fixture.tool("check_secret")));

    assertThat(loop.run("get it").text()).isEqualTo("asker-done: secret-token");
  }

  @Test
  void guardrailsApplyOnTheLoop() {
    Loop loop =
        Loop.of(
            agent()
                .model("m-explore")
                .guardrails(List.of(Guardrail.denyTools("no lookups", List.of("lookup"))))
                .build(),
            caller().build(),
            lookupKit());

    assertThat(loop.run("go").text()).isEqualTo("found:denied: no lookups");
  }

  @Test
  void theAgentsHooksReplaceTheCallers() {
    AtomicInteger callerHook = new AtomicInteger();
    AtomicInteger agentHook = new AtomicInteger();
    Loop loop =
        Loop.of(
            agent().model("m-peer").hooks(counting(agentHook)).build(),
            caller().hooks(counting(callerHook)).build(),
            lookupKit());

    loop.run("hi");

    assertThat(agentHook.get()).isEqualTo(1);
    assertThat(callerHook.get()).isZero();
  }

  private static Hooks counting(AtomicInteger fired) {
    return new Hooks() {
      @Override
      public LlmOverride beforeLLM(LlmRequestEvent event) {
        fired.incrementAndGet();
        return null;
      }
    };
  }

  @Test
  void unsupportedListsTheDiscardedFieldsInTheirFixedOrder() {
    AgentDef all =
        agent()
            .onMetric(e -> {})
            .waitFor(req -> Answer.ok(req.id()))
            .team(List.of("explore"))
            .tools(List.of(Fixture.tool("lookup")))
            .build();
    assertThat(Loop.unsupported(all)).containsExactly("tools", "team", "waitFor", "onMetric");
    assertThat(Loop.unsupported(agent().onMetric(e -> {}).build())).containsExactly("onMetric");
    assertThat(Loop.unsupported(agent().soul("s").budget(Budget.NONE.withMaxTurns(3)).build()))
        .isEmpty();
  }

  @Test
  void anAgentsLoopUnsupportedNamesItsToolsAndTeam() {
    Agent helper = Agent.builder("helper").does("helps").build();
    Agent lead =
        Agent.builder("lead").does("leads").uses(Fixture.tool("lookup")).team(helper).build();
    assertThat(lead.loopUnsupported()).containsExactly(Loop.TOOLS, Loop.TEAM);
    assertThat(lead.loop(caller().build(), lookupKit()).status()).isEqualTo(Loop.Status.IDLE);
  }
}
