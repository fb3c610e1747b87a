package dev.toolnexus.classifier;

import static dev.toolnexus.classifier.Fixtures.list;
import static dev.toolnexus.classifier.Fixtures.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** State and named-question builders produce exactly the hand-written evaluate inputs. */
class StateCasesTest {

  static Stream<Arguments> cases() {
    return list(Fixtures.load("adapters/state-cases.json").get("cases")).stream()
        .map(c -> Arguments.of(map(c).get("name"), map(c)));
  }

  private static List<NamedQuestion> named(Object wire) {
    List<NamedQuestion> out = new ArrayList<>();
    for (Object o : list(wire)) {
      Map<String, Object> q = map(o);
      String name = (String) q.get("name");
      String instructions = (String) q.get("instructions");
      switch ((String) q.get("kind")) {
        case "noul" -> out.add(NamedQuestion.noul(name, instructions));
        case "choice" -> {
          Map<String, String> options = new LinkedHashMap<>();
          map(q.get("options")).forEach((k, v) -> options.put(k, (String) v));
          out.add(NamedQuestion.choice(name, instructions, options));
        }
        default -> {
          List<String> levels = new ArrayList<>();
          list(q.get("levels")).forEach(v -> levels.add((String) v));
          out.add(NamedQuestion.score(name, instructions, levels));
        }
      }
    }
    return out;
  }

  private static Object state(Map<String, Object> c) {
    if (c.containsKey("roleState")) {
      Map<String, Object> rs = map(c.get("roleState"));
      return State.of((String) rs.get("role"), rs.get("data"));
    }
    if (c.containsKey("context")) {
      Map<String, Object> cx = map(c.get("context"));
      return State.context(
          (String) cx.get("context"), (String) cx.get("message"), map(cx.get("extra")));
    }
    return c.get("state");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void stateCase(String name, Map<String, Object> c) {
    List<Object> sent = new ArrayList<>();
    AtomicInteger calls = new AtomicInteger();
    Classifier recorder =
        Classifier.create(
            ClassifierOptions.builder()
                .evaluator(
                    (state, qs, cancel) -> {
                      calls.incrementAndGet();
                      sent.add(state);
                      sent.add(qs);
                      return new Decision("m", Map.of(), ClassifierUsage.ZERO, true);
                    })
                .build());

    if (c.containsKey("wantError")) {
      assertThatThrownBy(() -> Judge.ask(recorder, state(c), named(c.get("questions"))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage((String) c.get("wantError"));
      assertThat(calls.get()).isZero();
      return;
    }
    Judge.ask(recorder, state(c), named(c.get("questions")));

    assertThat(sent.get(0)).isEqualTo(c.get("wantState"));
    @SuppressWarnings("unchecked")
    Map<String, Question> qs = (Map<String, Question>) sent.get(1);
    Map<String, Question> want = Fixtures.questions(c.get("wantQuestions"));
    assertThat(qs).containsExactlyEntriesOf(want);
    assertThat(Classifier.canonicalRequest("m", qs))
        .isEqualTo(Classifier.canonicalRequest("m", want));
  }

  @Test
  void aRecordIsAnObjectSoItsFieldsSitBesideTheRole() {
    record Turn(String message) {}

    assertThat(State.of("judge", new Turn("hi")))
        .containsExactly(Map.entry("role", "judge"), Map.entry("message", "hi"));
  }
}
