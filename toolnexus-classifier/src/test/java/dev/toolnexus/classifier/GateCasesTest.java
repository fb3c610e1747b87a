package dev.toolnexus.classifier;

import static dev.toolnexus.classifier.Fixtures.list;
import static dev.toolnexus.classifier.Fixtures.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every shared gate case, through a real classifier evaluation answering the case's answers. */
class GateCasesTest {
  private static final Map<String, Object> FIXTURE = Fixtures.load("adapters/gate-cases.json");

  static Stream<Arguments> cases() {
    return list(FIXTURE.get("cases")).stream().map(c -> Arguments.of(map(c).get("name"), map(c)));
  }

  private static List<NamedQuestion> questions() {
    List<NamedQuestion> out = new ArrayList<>();
    Fixtures.questions(FIXTURE.get("questions"))
        .forEach((k, q) -> out.add(new NamedQuestion(k, q)));
    return out;
  }

  private static List<Rule> rules(Object wire) {
    List<Rule> out = new ArrayList<>();
    for (Object o : list(wire)) {
      Map<String, Object> r = map(o);
      String q = (String) r.get("question");
      String action = (String) r.get("action");
      Rule rule =
          r.containsKey("below")
              ? Rule.below(q, ((Number) r.get("below")).doubleValue(), action)
              : r.containsKey("at_least")
                  ? Rule.atLeast(q, ((Number) r.get("at_least")).doubleValue(), action)
                  : Rule.is(q, (String) r.get("is"), action);
      out.add(r.containsKey("target") ? rule.to((String) r.get("target")) : rule);
    }
    return out;
  }

  private static Bands bands(Object wire) {
    if (wire == null) {
      return Bands.DEFAULT;
    }
    Map<String, Object> b = map(wire);
    return new Bands(((Number) b.get("low")).doubleValue(), ((Number) b.get("high")).doubleValue());
  }

  /** A classifier whose one recorded answer set is the case's; the questions are the fixture's. */
  private static Classifier answering(Map<String, Object> answers) {
    return Classifier.create(
        ClassifierOptions.builder()
            .evaluator(
                (state, qs, cancel) -> {
                  Map<String, Object> body = Map.of("model", "case", "answers", answers);
                  return Classifier.fromRecorded(
                          "case", List.of(new RecordedDecision(state, qs, Map.copyOf(body))))
                      .evaluate(state, qs, cancel);
                })
            .build());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void gateCase(String name, Map<String, Object> c) {
    Classifier classifier = answering(map(c.get("answers")));
    List<Rule> rules = rules(c.containsKey("rules") ? c.get("rules") : FIXTURE.get("rules"));
    Bands bands = bands(c.get("bands"));
    Map<String, Object> state = Map.of("report", name);

    GateOutcome out;
    if (c.containsKey("policy")) {
      Map<String, Object> p = map(c.get("policy"));
      out =
          Policy.of(rules)
              .withDefault((String) p.get("default"))
              .withBands(bands)
              .withSkipUncertain((Boolean) p.get("skipUncertain"))
              .decide(classifier, state, questions());
    } else {
      out = Judge.gate(classifier, state, questions(), rules, bands);
    }

    Map<String, Object> want = map(c.get("want"));
    assertThat(out.action()).isEqualTo(want.get("action"));
    assertThat(out.target()).isEqualTo(want.get("target"));
    assertThat(out.escalated()).isEqualTo(want.get("escalated"));
    if (out.escalated()) {
      assertThat(out.request().id()).isEqualTo(want.get("requestId"));
      assertThat(out.request().kind()).isEqualTo("input");
      assertThat(out.request().data().get("question")).isEqualTo(want.get("question"));
      if (want.containsKey("reason")) {
        assertThat(out.request().data().get("reason")).isEqualTo(want.get("reason"));
      }
      assertThat(out.request().data()).containsKey("answers");
    } else {
      assertThat(out.request()).isNull();
    }
    Map<String, Object> wantAnswers = map(c.get("wantAnswers"));
    assertThat(out.answers()).containsOnlyKeys(wantAnswers.keySet());
    wantAnswers.forEach(
        (key, w) -> {
          Map<String, Object> wa = map(w);
          Judgement j = out.answers().get(key);
          assertThat(j.value()).as(key).isEqualTo(((Number) wa.get("value")).doubleValue());
          if (wa.containsKey("band")) {
            assertThat(j.band().id()).as(key).isEqualTo(wa.get("band"));
          }
          if (wa.containsKey("sure")) {
            assertThat(j.sure()).as(key).isEqualTo(wa.get("sure"));
          }
          if (wa.containsKey("choice")) {
            assertThat(j.choice()).as(key).isEqualTo(wa.get("choice"));
          }
        });
  }

  @Test
  void theDefaultBandsAreTheFixturesAndTheEscalationPersistsAsPlainData() {
    Map<String, Object> defaults = map(FIXTURE.get("defaultBands"));
    assertThat(Bands.DEFAULT.low()).isEqualTo(((Number) defaults.get("low")).doubleValue());
    assertThat(Bands.DEFAULT.high()).isEqualTo(((Number) defaults.get("high")).doubleValue());

    Map<String, Object> c = map(list(FIXTURE.get("cases")).get(2));
    GateOutcome out =
        Judge.gate(answering(map(c.get("answers"))), "s", questions(), rules(FIXTURE.get("rules")));

    assertThat(out.request().prompt())
        .isEqualTo(
            "Classifier is unsure about \"fixable\" (uncertain answer \"fixable\"). Decide rule 0"
                + " (fail).");
    Map<String, Object> persisted = Json.parseObject(Json.write(out.request().toMap()));
    assertThat(map(map(map(persisted.get("data")).get("answers")).get("fixable")))
        .containsEntry("band", "uncertain")
        .containsEntry("value", 0.55);
  }
}
