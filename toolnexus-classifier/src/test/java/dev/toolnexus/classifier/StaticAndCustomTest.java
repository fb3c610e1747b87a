package dev.toolnexus.classifier;

import static dev.toolnexus.classifier.Fixtures.list;
import static dev.toolnexus.classifier.Fixtures.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The recorded corpus answers with no network; the host's function answers as it likes. */
class StaticAndCustomTest {

  static List<RecordedDecision> corpus() {
    List<RecordedDecision> out = new ArrayList<>();
    for (Object e : list(Fixtures.load("decisions.json").get("entries"))) {
      Map<String, Object> request = map(map(e).get("request"));
      out.add(
          new RecordedDecision(
              request.get("state"),
              Fixtures.questions(request.get("questions")),
              map(map(e).get("response"))));
    }
    return out;
  }

  static Map<String, Question> guardQuestions() {
    return corpus().get(0).questions();
  }

  static Map<String, Object> command(String command) {
    return Map.of("command", command, "cwd", "/repo", "tool", "bash");
  }

  @Test
  void theStaticCorpusTellsTheThreeGuardBandsApartByState() {
    Classifier c = Classifier.fromRecorded("typesafe/jev-1.13", corpus());

    Decision allow = c.evaluate(command("git status --short"), guardQuestions());
    Decision ask = c.evaluate(command("rm -rf ./build"), guardQuestions());
    Decision deny =
        c.evaluate(command("python3 -c \"import shutil; shutil.rmtree('/')\""), guardQuestions());

    assertThat(allow.score("risk").score()).isEqualTo(0.02);
    assertThat(allow.noul("from_untrusted").noul()).isEqualTo(0.09);
    assertThat(ask.score("risk").score()).isEqualTo(2.25);
    assertThat(ask.score("risk").confidence()).isEqualTo(0.25);
    assertThat(deny.score("risk").score()).isEqualTo(2.97);
    assertThat(deny.noul("from_untrusted").noul()).isEqualTo(0.47);
    assertThat(deny.calibrated()).isTrue();
    assertThat(deny.model()).isEqualTo("typesafe/jev-1.13-20260917");
    assertThat(deny.usage()).isEqualTo(new ClassifierUsage(389, 36, null));
  }

  @Test
  void anUnmatchedRequestIsAnErrorNamingItsKeysAndNeverALiveCall() {
    Classifier c = Classifier.fromRecorded("typesafe/jev-1.13", corpus());

    assertThatThrownBy(() -> c.evaluate(command("ls"), guardQuestions()))
        .isInstanceOf(ClassifierException.class)
        .hasMessage(
            "classifier: static: no recorded decision for questions [from_untrusted, risk]"
                + " (request sha256"
                + " 334cd61a853ec94b14bba70d1c21ef76cf4c42b871df65c8f4cb5778134d3e71) and this"
                + " state");
  }

  @Test
  void aCustomEvaluatorGetsTheStateAndQuestionsAsGiven() {
    List<Object> seen = new ArrayList<>();
    Classifier c =
        Classifier.create(
            ClassifierOptions.builder()
                .baseUrl("http://127.0.0.1:9/never")
                .evaluator(
                    (state, questions, cancel) -> {
                      seen.add(state);
                      seen.add(questions.keySet());
                      return new Decision(
                          "mine", Map.of("p", new NoulAnswer(0.75)), ClassifierUsage.ZERO, false);
                    })
                .build());

    Decision d = c.evaluate(List.of(1, 2), Map.of("p", Question.noul("Holds?")));

    assertThat(d.noul("p").noul()).isEqualTo(0.75);
    assertThat(d.calibrated()).isFalse();
    assertThat(seen).containsExactly(List.of(1, 2), java.util.Set.of("p"));
  }
}
