package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Tools;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.RunLimit;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An agent as a server runs it: one run per task, its ends read as run results. */
class AgentAsResponderTest {
  private ScriptedModel model;
  private LlmClient host;

  @BeforeEach
  void setUp() throws Exception {
    model = new ScriptedModel();
    host = Fixture.host(model);
  }

  @AfterEach
  void tearDown() {
    model.close();
  }

  private static Agent parentOfAsker() {
    Agent asker =
        Agent.builder("asker")
            .does("needs approvals")
            .uses(Fixture.tool("check_secret"))
            .model("m-asker")
            .build();
    return Agent.builder("approverParent")
        .does("delegates")
        .team(asker)
        .model("m-approver-parent")
        .build();
  }

  @Test
  void aDoneTurnIsADoneRunWithTheAnswerAndTheAgentsModel() {
    Agent explore =
        Agent.builder("explore")
            .does("research")
            .uses(Fixture.tool("lookup"))
            .model("m-explore")
            .build();
    RunResult r = explore.respond(host, "find it", new CancelToken());
    assertThat(r.status()).isEqualTo(RunStatus.DONE);
    assertThat(r.text()).startsWith("found:");
    assertThat(r.model()).isEqualTo("m-explore");
    assertThat(r.turns()).isEqualTo(2);
  }

  @Test
  void aPendingTurnIsAPendingRunAndResumeContinuesTheParkedTree() {
    Agent parent = parentOfAsker();
    RunResult pending = parent.respond(host, "do the secret thing", new CancelToken());
    assertThat(pending.status()).isEqualTo(RunStatus.PENDING);
    assertThat(pending.text()).isEqualTo(pending.pending().prompt());

    RunResult done =
        parent.resume(
            host, pending.pending(), Answer.ok(pending.pending().id()), new CancelToken());
    assertThat(done.status()).isEqualTo(RunStatus.DONE);
    assertThat(done.text()).isEqualTo("parent-final: asker-done: secret-token");
  }

  @Test
  void resumingARequestNothingWaitsOnFailsNamingTheAgentAndTheRequest() {
    Agent parent = parentOfAsker();
    assertThatThrownBy(
            () ->
                parent.resume(
                    host,
                    dev.toolnexus.Request.of("input", "?"),
                    Answer.ok("req-gone"),
                    new CancelToken()))
        .isInstanceOf(AgentException.class)
        .hasMessage("no run of approverParent waits on request req-gone (it may be answered)");
  }

  @Test
  void aTurnLimitStopIsAnIncompleteRunNamingMaxTurns() {
    Agent looper =
        Agent.builder("looper")
            .does("loops")
            .uses(Fixture.tool("lookup"))
            .model("m-loop")
            .budget(Budget.NONE.withMaxTurns(2))
            .build();
    RunResult r = looper.respond(host, "go", new CancelToken());
    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.MAX_TURNS);
  }

  @Test
  void aBudgetTheClientHasNoLimitForFailsSayingWhichBudgetStoppedIt() {
    Agent looper =
        Agent.builder("looper")
            .does("loops")
            .uses(Fixture.tool("lookup"))
            .model("m-loop")
            .budget(Budget.NONE.withMaxToolCalls(1))
            .build();
    assertThatThrownBy(() -> looper.respond(host, "go", new CancelToken()))
        .isInstanceOf(AgentException.class)
        .hasMessageStartingWith(
            "agent looper stopped at its maxToolCalls budget before it answered");
  }

  @Test
  void cancellingTheTokenClosesTheTreeAndTheRunThrowsCancellation() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    Agent waiter =
        Agent.builder("waiter")
            .does("waits")
            .uses(
                Tools.define(
                    "lookup",
                    "waits until cancelled",
                    Map.of("type", "object"),
                    (args, ctx) -> {
                      started.countDown();
                      CountDownLatch stop = new CountDownLatch(1);
                      ctx.cancel().onCancel(stop::countDown);
                      stop.await(30, TimeUnit.SECONDS);
                      return "stopped";
                    }))
            .model("m-loop")
            .build();
    CancelToken cancel = new CancelToken();
    CompletableFuture<RunResult> run =
        CompletableFuture.supplyAsync(() -> waiter.respond(host, "go", cancel));
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    cancel.cancel("the task was canceled");
    assertThatThrownBy(() -> run.get(20, TimeUnit.SECONDS))
        .hasCauseInstanceOf(CancellationException.class)
        .hasMessageContaining("agent waiter was cancelled");
  }

  @Test
  void ofPicksTheNamedDefinitionAndRegistersAllOfThemSoItsTeamResolves() {
    Agent parent = parentOfAsker();
    Agent picked = Agent.of("approverParent", parent.registry().values());
    assertThat(picked.registry()).containsOnlyKeys("approverParent", "asker");
    RunResult pending = picked.respond(host, "do the secret thing", new CancelToken());
    assertThat(pending.status()).isEqualTo(RunStatus.PENDING);
  }

  @Test
  void ofANameNoDefinitionHasFailsNamingTheDeclaredOnes() {
    assertThatThrownBy(() -> Agent.of("nobody", parentOfAsker().registry().values()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no agent called nobody; declared: approverParent, asker");
  }
}
