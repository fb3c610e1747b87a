package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Responder;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.RunStatus;
import dev.toolnexus.client.Usage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A served responder (what an agent definition is to the server) runs each task in place of the
 * client's own loop: its answers, requests, failures and cancels become the task's states.
 */
class ServedResponderTest {

  /**
   * Answers {@code agent: <prompt>}, asks for a name on "ask", fails on "fail", waits on "slow".
   */
  static final class Scripted implements Responder {
    final List<String> seen = new CopyOnWriteArrayList<>();
    final CountDownLatch cancelled = new CountDownLatch(1);
    final CountDownLatch slowStarted = new CountDownLatch(1);

    @Override
    public String name() {
      return "scripted";
    }

    @Override
    public RunResult respond(LlmClient host, String prompt, CancelToken cancel) {
      seen.add("respond " + prompt + " on " + host.options().model());
      switch (prompt) {
        case "ask":
          return result(
              "What is your name?", RunStatus.PENDING, Request.of("input", "What is your name?"));
        case "fail":
          throw new IllegalStateException("agent scripted stopped at its maxTokens budget");
        case "slow":
          cancel.onCancel(cancelled::countDown);
          slowStarted.countDown();
          try {
            cancelled.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          throw new java.util.concurrent.CancellationException("cancelled");
        default:
          return result("agent: " + prompt, RunStatus.DONE, null);
      }
    }

    @Override
    public RunResult resume(LlmClient host, Request pending, Answer answer, CancelToken cancel) {
      seen.add("resume " + pending.prompt() + " with " + answer.data().get("text"));
      return result("agent greets " + answer.data().get("text"), RunStatus.DONE, null);
    }

    private static RunResult result(String text, RunStatus status, Request pending) {
      return new RunResult(
          text, List.of(), List.of(), 0, 1, Usage.ZERO, "scripted", status, null, pending);
    }
  }

  @Test
  void aTaskIsOneRunOfTheResponderOnTheHostClientNotTheClientsOwnLoop() throws Exception {
    Scripted agent = new Scripted();
    try (Served s = Served.start(new ScriptedLlm(), agent, b -> {})) {
      Map<String, Object> task =
          Rpc.task(s.rpc(Rpc.send(Dialect.V0_3, "hello", null, null, true), Map.of()));
      assertThat(Rpc.state(task)).isEqualTo("completed");
      assertThat(Rpc.artifactText(task)).isEqualTo("agent: hello");
      assertThat(agent.seen).containsExactly("respond hello on scripted");
      assertThat(s.llm.calls.get()).isZero();
    }
  }

  @Test
  void aPendingResultWaitsForInputAndTheFollowUpMessageResumesTheResponder() throws Exception {
    Scripted agent = new Scripted();
    try (Served s = Served.start(new ScriptedLlm(), agent, b -> {})) {
      Map<String, Object> asked =
          Rpc.task(s.rpc(Rpc.send(Dialect.V0_3, "ask", null, null, true), Map.of()));
      assertThat(Rpc.state(asked)).isEqualTo("input-required");
      assertThat(Rpc.statusText(asked)).isEqualTo("What is your name?");
      String id = (String) asked.get("id");
      String context = (String) asked.get("contextId");
      Map<String, Object> done =
          Rpc.task(s.rpc(Rpc.send(Dialect.V0_3, "Ada", id, context, true), Map.of()));
      assertThat(Rpc.state(done)).isEqualTo("completed");
      assertThat(Rpc.artifactText(done)).isEqualTo("agent greets Ada");
      assertThat(agent.seen)
          .containsExactly("respond ask on scripted", "resume What is your name? with Ada");
    }
  }

  @Test
  void aResponderThatThrowsFailsTheTaskWithItsMessage() throws Exception {
    List<TaskEvent> events = new CopyOnWriteArrayList<>();
    try (Served s = Served.start(new ScriptedLlm(), new Scripted(), b -> b.onTask(events::add))) {
      Map<String, Object> task =
          Rpc.task(s.rpc(Rpc.send(Dialect.V0_3, "fail", null, null, true), Map.of()));
      assertThat(Rpc.state(task)).isEqualTo("failed");
      assertThat(Rpc.statusText(task)).isEqualTo("agent scripted stopped at its maxTokens budget");
      assertThat(events).extracting(TaskEvent::state).containsExactly(TaskState.FAILED);
    }
  }

  @Test
  void cancellingATaskCancelsTheResponderRun() throws Exception {
    Scripted agent = new Scripted();
    try (Served s = Served.start(new ScriptedLlm(), agent, b -> {})) {
      Map<String, Object> started =
          Rpc.task(s.rpc(Rpc.send(Dialect.V0_3, "slow", null, null, false), Map.of()));
      assertThat(agent.slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
      Map<String, Object> canceled =
          Rpc.task(s.rpc(Rpc.cancel(Dialect.V0_3, (String) started.get("id")), Map.of()));
      assertThat(Rpc.state(canceled)).isEqualTo("canceled");
      assertThat(agent.cancelled.await(10, TimeUnit.SECONDS)).isTrue();
    }
  }
}
