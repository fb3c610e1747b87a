package dev.toolnexus.classifier;

import static dev.toolnexus.classifier.Fixtures.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Limits are checked before sending, and degenerate criteria are reported, never repaired. */
class ValidationTest {
  private LocalServer server;
  private final List<ClassifierEvent> events = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = new LocalServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Classifier classifier(String model) {
    return Classifier.create(
        ClassifierOptions.builder()
            .baseUrl(server.baseUrl())
            .model(model)
            .env(name -> null)
            .onMetric(events::add)
            .build());
  }

  private static Map<String, String> options(int n) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      m.put("o" + i, "option number " + i);
    }
    return m;
  }

  @Test
  void aChoiceWithNoOptionsFailsNamingTheKeyAndSendsNothing() {
    assertThatThrownBy(
            () -> classifier("m").evaluate("s", Map.of("pick", Question.choice("?", Map.of()))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("classifier: question \"pick\": a choice needs 1..255 options, got 0");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void aChoiceOf256OptionsFailsAndOf255IsSent() {
    assertThatThrownBy(
            () -> classifier("m").evaluate("s", Map.of("pick", Question.choice("?", options(256)))))
        .hasMessage("classifier: question \"pick\": a choice needs 1..255 options, got 256");
    assertThat(server.requests()).isEmpty();

    server.json("{\"answers\":{}}");
    classifier("m").evaluate("s", Map.of("pick", Question.choice("?", options(255))));
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void aScoreOutsideTwoToTenLevelsFailsNamingTheKey() {
    assertThatThrownBy(
            () -> classifier("m").evaluate("s", Map.of("r", Question.score("?", List.of("one")))))
        .hasMessage("classifier: question \"r\": a score needs 2..10 ordered levels, got 1");
    assertThatThrownBy(
            () ->
                classifier("m")
                    .evaluate(
                        "s", Map.of("r", Question.score("?", Collections.nCopies(11, "level")))))
        .hasMessage("classifier: question \"r\": a score needs 2..10 ordered levels, got 11");
    assertThat(server.requests()).isEmpty();
    assertThat(events)
        .allSatisfy(e -> assertThat(((ClassifierEvent.Evaluate) e).status()).isEqualTo("error"));
  }

  @Test
  void noQuestionsIsAnError() {
    assertThatThrownBy(() -> classifier("m").evaluate("s", Map.of()))
        .hasMessage("classifier: no questions to evaluate");
  }

  @Test
  void degenerateChoicesWarnOncePerKeyAndTheRequestIsUnchanged() {
    Map<String, Object> f = Fixtures.load("degenerate.json");
    Map<String, Object> request = map(f.get("request"));
    Map<String, Question> qs = Fixtures.questions(request.get("questions"));
    server.json("{\"answers\":{}}").json("{\"answers\":{}}");
    Classifier c = classifier((String) request.get("model"));

    c.evaluate(request.get("state"), qs);
    c.evaluate(request.get("state"), qs);

    List<ClassifierEvent.Warning> warnings = new ArrayList<>();
    events.forEach(
        e -> {
          if (e instanceof ClassifierEvent.Warning w) {
            warnings.add(w);
          }
        });
    assertThat(warnings)
        .extracting(ClassifierEvent.Warning::question)
        .containsExactly("all_empty", "all_identical", "keys_as_criteria");
    assertThat(warnings).allSatisfy(w -> assertThat(w.event()).isEqualTo("classifier.warning"));
    assertThat(warnings.get(0).warning())
        .isEqualTo(
            "classifier: question \"all_empty\" has degenerate criteria (every description is"
                + " empty): every option reads the same to the model and the answer ranks at"
                + " chance; describe what picking each option would mean");
    assertThat(warnings.get(1).warning()).contains("(every description is identical)");
    assertThat(warnings.get(2).warning()).contains("(every description is just its own option id)");
    String canonical = (String) f.get("canonical");
    assertThat(server.request(0).body())
        .startsWith(canonical.substring(0, canonical.length() - 1) + ",\"state\":");
    assertThat(server.request(1).body()).isEqualTo(server.request(0).body());
  }

  @Test
  void aSingleOptionChoiceIsNeverDegenerate() {
    server.json("{\"answers\":{}}");
    classifier("m").evaluate("s", Map.of("only", Question.choice("?", Map.of("only", "only"))));

    assertThat(events).noneMatch(e -> e instanceof ClassifierEvent.Warning);
  }

  @Test
  void aMalformedAnswerIsAnErrorNamingTheKey() {
    server.json("{\"answers\":{\"pick\":{\"type\":\"choice\",\"choice\":\"z\",\"confidence\":1}}}");

    assertThatThrownBy(
            () ->
                classifier("m")
                    .evaluate(
                        "s", Map.of("pick", Question.choice("?", Map.of("a", "x", "b", "y")))))
        .isInstanceOf(ClassifierException.class)
        .hasMessage("classifier: answer \"pick\" picked \"z\", which was not offered");
  }

  @Test
  void anOfferedOptionLeftOutOfTheMapCountsAsAZeroEntry() {
    server.json(
        "{\"answers\":{\"pick\":{\"type\":\"choice\",\"choice\":\"a\","
            + "\"probabilities\":{\"a\":0.5,\"b\":0.5},\"confidence\":0.5}}}");
    Map<String, String> offered = new LinkedHashMap<>();
    offered.put("a", "first");
    offered.put("b", "second");
    offered.put("c", "third");
    offered.put("d", "fourth");

    ChoiceAnswer a =
        classifier("m").evaluate("s", Map.of("pick", Question.choice("?", offered))).choice("pick");

    assertThat(a.probabilities())
        .containsExactly(
            Map.entry("a", 0.5), Map.entry("b", 0.5), Map.entry("c", 0.0), Map.entry("d", 0.0));
    assertThat(a.nearUniform()).isFalse();
  }

  @Test
  void aProbabilityForAnUnofferedOptionIsMalformed() {
    server.json(
        "{\"answers\":{\"pick\":{\"type\":\"choice\",\"choice\":\"a\","
            + "\"probabilities\":{\"a\":0.5,\"z\":0.5},\"confidence\":0.5}}}");

    assertThatThrownBy(
            () ->
                classifier("m")
                    .evaluate(
                        "s", Map.of("pick", Question.choice("?", Map.of("a", "x", "b", "y")))))
        .isInstanceOf(ClassifierException.class)
        .hasMessage(
            "classifier: answer \"pick\" gives a probability to \"z\", which was not offered");
  }

  @Test
  void typedReadersThrowOnAnAbsentOrWrongKindKey() {
    Decision d = new Decision("m", Map.of("p", new NoulAnswer(0.4)), ClassifierUsage.ZERO, true);

    assertThatThrownBy(() -> d.noul("q"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("classifier: no answer \"q\" in this decision");
    assertThatThrownBy(() -> d.choice("p"))
        .hasMessage("classifier: answer \"p\" is a noul answer, not choice");
    assertThat(d.noul("p").noul()).isEqualTo(0.4);
  }
}
