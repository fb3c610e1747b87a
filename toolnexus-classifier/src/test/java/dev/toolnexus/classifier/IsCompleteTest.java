package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.classifier.batteries.Batteries.OnError;
import dev.toolnexus.classifier.batteries.BatteryOptions;
import dev.toolnexus.classifier.batteries.IsCompleteClassifier;
import dev.toolnexus.classifier.batteries.IsCompleteClassifier.Verdict;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.RunResult;
import org.junit.jupiter.api.Test;

/** IsComplete counts an answer complete only when the classifier is sure it is. */
class IsCompleteTest {

  static final String ROLE =
      "You check whether an AI agent's final answer completes the task it was given.";
  static final String TASK = "Rename the config key and update every caller.";
  static final String ANSWER = "Renamed the key in config.go; callers still use the old name.";
  static final String QUESTIONS =
      """
      {"complete": {"type": "noul",
        "instructions": "Does `answer` fully complete the request in `task`?",
        "criteria": {"true": "every part of the task is done and nothing asked for is missing",
                     "false": "part of the task is missing, wrong or only promised"}}}
      """;

  static String state(String answer) {
    return "{\"task\":\"" + TASK + "\",\"answer\":\"" + answer + "\",\"role\":\"" + ROLE + "\"}";
  }

  static String noul(double p, String extra) {
    return "{\"model\":\"m\",\"answers\":{\"complete\":{\"type\":\"noul\",\"noul\":"
        + p
        + "}}"
        + extra
        + "}";
  }

  static IsCompleteClassifier verifier(RecordedDecision... calls) {
    return new IsCompleteClassifier(
        Scripted.recorded(calls), BatteryOptions.onError(OnError.CLOSED));
  }

  @Test
  void aSureYesIsComplete() {
    assertThat(
            verifier(Scripted.call(state(ANSWER), QUESTIONS, noul(0.91, ""))).check(TASK, ANSWER))
        .isEqualTo(new Verdict(true, 0.91, Band.YES, true, null));
  }

  @Test
  void noAndUncertainAreNotComplete() {
    assertThat(
            verifier(Scripted.call(state(ANSWER), QUESTIONS, noul(0.08, ""))).check(TASK, ANSWER))
        .isEqualTo(new Verdict(false, 0.08, Band.NO, true, null));
    assertThat(verifier(Scripted.call(state(ANSWER), QUESTIONS, noul(0.7, ""))).check(TASK, ANSWER))
        .isEqualTo(new Verdict(false, 0.7, Band.UNCERTAIN, true, null));
  }

  @Test
  void aMissingAnswerIsNotCompleteWithNoProbability() {
    Verdict v =
        verifier(Scripted.call(state(ANSWER), QUESTIONS, "{\"model\":\"m\",\"answers\":{}}"))
            .check(TASK, ANSWER);

    assertThat(v).isEqualTo(new Verdict(false, null, Band.UNCERTAIN, true, null));
  }

  @Test
  void anErrorIsCompleteOpenAndIncompleteClosed() {
    Verdict open =
        new IsCompleteClassifier(Scripted.failing(), BatteryOptions.onError(OnError.OPEN))
            .check(TASK, ANSWER);
    Verdict closed =
        new IsCompleteClassifier(Scripted.failing(), BatteryOptions.onError(OnError.CLOSED))
            .check(TASK, ANSWER);

    assertThat(open)
        .isEqualTo(new Verdict(true, null, Band.UNCERTAIN, false, "classifier: backend down"));
    assertThat(closed.complete()).isFalse();
  }

  @Test
  void anUncalibratedDecisionIsReported() {
    Verdict v =
        verifier(Scripted.call(state(ANSWER), QUESTIONS, noul(0.95, ",\"calibrated\":false")))
            .check(TASK, ANSWER);

    assertThat(v).isEqualTo(new Verdict(true, 0.95, Band.YES, false, null));
  }

  @Test
  void anIncompleteAnswerIsSentBackThroughTheLoopUntilItIsComplete() throws Exception {
    String done = "Renamed the key in config.go and updated all four callers.";
    try (LocalServer server = new LocalServer();
        Toolkit toolkit = Toolkit.builder().builtins(false).build()) {
      server.json(Scripted.text(ANSWER)).json(Scripted.text(done));
      IsCompleteClassifier gate =
          verifier(
              Scripted.call(state(ANSWER), QUESTIONS, noul(0.08, "")),
              Scripted.call(state(done), QUESTIONS, noul(0.93, "")));

      RunResult result =
          Scripted.client(server).run(TASK, RunOptions.of(toolkit).withHooks(gate.asHook(null)));

      assertThat(result.text()).isEqualTo(done);
      assertThat(server.requests()).hasSize(2);
      assertThat(server.request(1).body()).contains(IsCompleteClassifier.FEEDBACK);
    }
  }
}
