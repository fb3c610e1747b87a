package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BatchTest {
  private static final Map<String, Question> QS = Map.of("p", Question.noul("Holds?"));

  private static Classifier custom(Evaluator e) {
    return Classifier.create(ClassifierOptions.builder().evaluator(e).build());
  }

  private static Decision decision(double p) {
    return new Decision("m", Map.of("p", new NoulAnswer(p)), ClassifierUsage.ZERO, true);
  }

  @Test
  void decisionsComeBackInStateOrderWhateverFinishesFirst() {
    Classifier c =
        custom(
            (state, q, cancel) -> {
              int i = (Integer) state;
              sleep((10 - i) * 5L);
              return decision(i / 10.0);
            });
    List<Integer> states = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);

    List<Decision> out = c.evaluateBatch(states, QS);

    List<Double> ps = new ArrayList<>();
    out.forEach(d -> ps.add(d.noul("p").noul()));
    assertThat(ps).containsExactly(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9);
  }

  @Test
  void atMostSixteenRunAtOnce() {
    AtomicInteger running = new AtomicInteger();
    AtomicInteger peak = new AtomicInteger();
    Classifier c =
        custom(
            (state, q, cancel) -> {
              peak.accumulateAndGet(running.incrementAndGet(), Math::max);
              sleep(20);
              running.decrementAndGet();
              return decision(0.5);
            });
    List<Integer> states = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      states.add(i);
    }

    assertThat(c.evaluateBatch(states, QS)).hasSize(40);
    assertThat(peak.get()).isBetween(2, 16);
  }

  @Test
  void itFailsClosedNamingTheLowestFailingIndex() {
    Classifier c =
        custom(
            (state, q, cancel) -> {
              int i = (Integer) state;
              if (i == 3) {
                sleep(80);
                throw new IllegalStateException("three broke");
              }
              if (i == 7) {
                throw new IllegalStateException("seven broke");
              }
              return decision(0.5);
            });

    assertThatThrownBy(() -> c.evaluateBatch(List.of(0, 1, 2, 3, 4, 5, 6, 7), QS))
        .isInstanceOf(ClassifierException.class)
        .hasMessage("classifier: batch: state 3 failed: three broke")
        .hasCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void anEmptyStateListIsAnErrorAndSendsNothing() {
    AtomicInteger calls = new AtomicInteger();
    Classifier c =
        custom(
            (state, q, cancel) -> {
              calls.incrementAndGet();
              return decision(0.5);
            });

    assertThatThrownBy(() -> c.evaluateBatch(List.of(), QS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("classifier: evaluateBatch needs at least one state");
    assertThat(calls.get()).isZero();
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
