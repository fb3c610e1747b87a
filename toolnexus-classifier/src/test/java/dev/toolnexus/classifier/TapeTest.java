package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TapeTest {
  private static final List<NamedQuestion> QS =
      List.of(
          NamedQuestion.noul("refund", "Is the customer asking for a refund?"),
          NamedQuestion.choice(
              "department",
              "Which department?",
              Map.of("billing", "refunds and charges", "shipping", "delivery damage")),
          NamedQuestion.score("urgency", "How urgent?", List.of("routine", "urgent")));

  private final AtomicInteger liveCalls = new AtomicInteger();

  private Classifier live() {
    return Classifier.create(
        ClassifierOptions.builder()
            .evaluator(
                (state, qs, cancel) -> {
                  liveCalls.incrementAndGet();
                  return new Decision(
                      "jev-1.13-20260917",
                      Map.of(
                          "refund", new NoulAnswer(0.92),
                          "department",
                              new ChoiceAnswer(
                                  "shipping", Map.of("billing", 0.1, "shipping", 0.9), 0.9),
                          "urgency",
                              new ScoreAnswer(
                                  0.4,
                                  Map.of("0", "routine", "1", "urgent"),
                                  Map.of("0", 0.6, "1", 0.4),
                                  0.8)),
                      new ClassifierUsage(300, 40, 0.0),
                      true);
                })
            .build());
  }

  @Test
  void aRecordedCallReplaysFromAFileWithNoLiveCall(@TempDir Path dir) {
    Tape tape = Tape.recording(live());
    Map<String, Judgement> recorded = Judge.ask(tape.record("triage"), "parcel smashed", QS);
    Path file = dir.resolve("triage.tape.json");
    tape.save(file);

    Classifier replay = Tape.load(file).replay("triage");
    Map<String, Judgement> replayed = Judge.ask(replay, "parcel smashed", QS);
    Decision d = replay.evaluate("parcel smashed", Judge.questions(QS));

    assertThat(liveCalls.get()).isEqualTo(1);
    assertThat(replayed.get("refund").value()).isEqualTo(0.92);
    assertThat(replayed.get("refund").band()).isEqualTo(Band.YES);
    assertThat(replayed.get("department").choice()).isEqualTo("shipping");
    assertThat(replayed.get("department").sure()).isTrue();
    assertThat(replayed.get("urgency").value()).isEqualTo(0.4);
    assertThat(replayed.keySet()).isEqualTo(recorded.keySet());
    assertThat(d.model()).isEqualTo("jev-1.13-20260917");
    assertThat(d.usage()).isEqualTo(new ClassifierUsage(300, 40, 0.0));
    assertThat(d.calibrated()).isTrue();
  }

  @Test
  void replayingAnUnknownCallFailsOnlyWhenEvaluatedAndSendsNothing() {
    Tape tape = Tape.recording(live());
    Classifier replay = tape.replay("never recorded");

    assertThatThrownBy(() -> Judge.ask(replay, "s", QS))
        .isInstanceOf(ClassifierException.class)
        .hasMessage("tape: no recorded decision for call \"never recorded\"");
    assertThat(liveCalls.get()).isZero();
  }

  @Test
  void aReplayOnlyTapeCannotRecord() {
    assertThatThrownBy(() -> Tape.replaying(Map.of()).record("x"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("tape: a replaying tape has no live classifier to record");
  }
}
