package dev.toolnexus.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.Tools;
import dev.toolnexus.agents.Agent;
import dev.toolnexus.agents.Completion;
import dev.toolnexus.agents.Limit;
import dev.toolnexus.agents.TaskResult;
import dev.toolnexus.agents.TaskStatus;
import dev.toolnexus.agents.Verdict;
import dev.toolnexus.classifier.Classifier;
import dev.toolnexus.classifier.ClassifierOptions;
import dev.toolnexus.classifier.ClassifierUsage;
import dev.toolnexus.classifier.Decision;
import dev.toolnexus.classifier.NoulAnswer;
import dev.toolnexus.classifier.ScoreAnswer;
import dev.toolnexus.classifier.batteries.Batteries;
import dev.toolnexus.classifier.batteries.BatteryOptions;
import dev.toolnexus.classifier.batteries.IsCompleteClassifier;
import dev.toolnexus.classifier.batteries.ToolGuardClassifier;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.ToolCall;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The batteries inside the agent runtime as they are: IsComplete as an agent's completion gate, and
 * ToolGuard as an agent's hook, holding a destructive call for the agent's own waitFor.
 */
class AgentBatteriesTest {

  /** A classifier that judges an answer complete only when it mentions the tests. */
  private static Classifier completeWhenTestsMentioned(List<Object> states) {
    return Classifier.create(
        ClassifierOptions.builder()
            .evaluator(
                (state, questions, cancel) -> {
                  states.add(state);
                  String answer = String.valueOf(((Map<?, ?>) state).get("answer"));
                  double p = answer.contains("tests pass") ? 0.95 : 0.05;
                  return new Decision(
                      "judge", Map.of("complete", new NoulAnswer(p)), ClassifierUsage.ZERO, false);
                })
            .build());
  }

  private static Completion gate(IsCompleteClassifier judge, String task, int attempts) {
    return Completion.of(
        attempts,
        run -> {
          IsCompleteClassifier.Verdict v = judge.check(task, run.text());
          return v.complete() ? Verdict.pass() : Verdict.fail(IsCompleteClassifier.FEEDBACK);
        });
  }

  @Test
  void isCompleteSendsAnIncompleteAnswerBackUntilItChecksOut() {
    List<Object> judged = new CopyOnWriteArrayList<>();
    AtomicInteger calls = new AtomicInteger();
    ChatModel model =
        request ->
            ChatResponse.text(
                calls.incrementAndGet() == 1 ? "Report written." : "Report written, tests pass.");
    IsCompleteClassifier judge =
        new IsCompleteClassifier(
            completeWhenTestsMentioned(judged), BatteryOptions.onError(Batteries.OnError.CLOSED));
    Agent writer =
        Agent.builder("writer")
            .does("writes the weekly report")
            .client(LlmClient.create("local", model))
            .completion(gate(judge, "Write the report", 3))
            .build();

    TaskResult r = writer.run("Write the report");

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("Report written, tests pass.");
    assertThat(calls.get()).isEqualTo(2);
    assertThat(judged.stream().map(s -> (Object) ((Map<?, ?>) s).get("answer")).toList())
        .containsExactly("Report written.", "Report written, tests pass.");
  }

  @Test
  void isCompleteThatNeverPassesEndsTheAgentIncompleteOnTheCompletionLimit() {
    IsCompleteClassifier judge =
        new IsCompleteClassifier(
            completeWhenTestsMentioned(new CopyOnWriteArrayList<>()),
            BatteryOptions.onError(Batteries.OnError.CLOSED));
    Agent writer =
        Agent.builder("writer")
            .does("writes the weekly report")
            .client(LlmClient.create("local", request -> ChatResponse.text("Report written.")))
            .completion(gate(judge, "Write the report", 2))
            .build();

    TaskResult r = writer.run("Write the report");

    assertThat(r.status()).isEqualTo(TaskStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(Limit.COMPLETION);
  }

  @Test
  void toolGuardOnAnAgentHoldsADestructiveCallForTheAgentsWaitFor() {
    List<String> asked = new CopyOnWriteArrayList<>();
    AtomicInteger dropped = new AtomicInteger();
    ChatModel model =
        request ->
            request.messages().get(request.messages().size() - 1) instanceof Message.ToolMessage t
                ? ChatResponse.text("Done: " + t.output())
                : ChatResponse.toolCalls(new ToolCall("c1", "drop_table", "{\"table\":\"users\"}"));
    Classifier risky =
        Classifier.create(
            ClassifierOptions.builder()
                .evaluator(
                    (state, questions, cancel) ->
                        new Decision(
                            "judge",
                            Map.of("risk", new ScoreAnswer(2.1, Map.of(), Map.of(), 0.9)),
                            ClassifierUsage.ZERO,
                            false))
                .build());
    ToolGuardClassifier guard =
        new ToolGuardClassifier(
            risky, ToolGuardClassifier.Options.onError(Batteries.OnError.CLOSED));
    Agent dba =
        Agent.builder("dba")
            .does("keeps the database tidy")
            .uses(
                Tools.annotated(
                    Tools.define(
                        "drop_table",
                        "Drops a table.",
                        Map.of(),
                        a -> "dropped " + dropped.incrementAndGet()),
                    ToolAnnotations.of(false, true, false, false)))
            .client(LlmClient.create("local", model))
            .hooks(guard.asHook(null))
            .waitFor(
                request -> {
                  asked.add(request.kind());
                  return Answer.ok(request.id());
                })
            .build();

    TaskResult r = dba.run("Clean up the users table");

    assertThat(asked).containsExactly("approval");
    assertThat(dropped.get()).isEqualTo(1);
    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("Done: dropped 1");
  }
}
