package dev.toolnexus.classifier;

import static dev.toolnexus.classifier.Fixtures.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The recorded responses decode to what the fixtures expect, through a real POST. */
class DecodeFixturesTest {
  private LocalServer server;

  @BeforeEach
  void start() throws Exception {
    server = new LocalServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Decision answer(String fixture, List<ClassifierEvent> events) {
    Map<String, Object> f = Fixtures.load(fixture);
    Map<String, Object> request = map(f.get("request"));
    server.json(Json.write(f.get("response")));
    Classifier c =
        Classifier.create(
            ClassifierOptions.builder()
                .baseUrl(server.baseUrl() + "/v1")
                .model((String) request.get("model"))
                .env(name -> null)
                .onMetric(events::add)
                .build());
    return c.evaluate(request.get("state"), Fixtures.questions(request.get("questions")));
  }

  @Test
  void baseDecodesEachTypeAndPostsTheCanonicalBodyWithTheState() {
    List<ClassifierEvent> events = new ArrayList<>();
    Decision d = answer("base.json", events);

    assertThat(d.model()).isEqualTo("typesafe/jev-1.13-20260917");
    assertThat(d.calibrated()).isTrue();
    assertThat(d.choice("department").choice()).isEqualTo("shipping");
    assertThat(d.choice("department").confidence()).isEqualTo(0.41);
    assertThat(d.choice("department").nearUniform()).isFalse();
    assertThat(d.choice("department").probabilities())
        .containsExactly(
            Map.entry("billing", 0.39), Map.entry("technical", 0.0), Map.entry("shipping", 0.61));
    assertThat(d.noul("is_refund_request").noul()).isEqualTo(0.98);
    assertThat(d.score("urgency").score()).isEqualTo(1.21);
    assertThat(d.score("urgency").confidence()).isEqualTo(0.57);
    assertThat(d.score("urgency").levels()).containsExactly("routine", "elevated", "urgent");
    assertThat(d.usage()).isEqualTo(new ClassifierUsage(398, 72, null));

    String canonical = (String) Fixtures.load("base.json").get("canonical");
    LocalServer.Received sent = server.request(0);
    assertThat(sent.method()).isEqualTo("POST");
    assertThat(sent.path()).isEqualTo("/v1/systemone");
    assertThat(sent.header("content-type")).isEqualTo("application/json");
    assertThat(sent.body())
        .isEqualTo(
            canonical.substring(0, canonical.length() - 1)
                + ",\"state\":\"Order 4021 arrived smashed, I want my money back.\"}");
    assertThat(events)
        .singleElement()
        .satisfies(
            e -> {
              ClassifierEvent.Evaluate ev = (ClassifierEvent.Evaluate) e;
              assertThat(ev.event()).isEqualTo("classifier.evaluate");
              assertThat(ev.status()).isEqualTo("ok");
              assertThat(ev.model()).isEqualTo("typesafe/jev-1.13-20260917");
              assertThat(ev.inputTokens()).isEqualTo(398);
              assertThat(ev.outputTokens()).isEqualTo(72);
              assertThat(ev.error()).isNull();
            });
  }

  @Test
  void numbersParseNumericallyKeepAZeroAndSendTheStateVerbatim() {
    Decision d = answer("numbers.json", new ArrayList<>());

    assertThat(d.score("urgency").score()).isEqualTo(1.21);
    assertThat(d.score("urgency").probabilities().get("0")).isEqualTo(0.04);
    assertThat(d.noul("is_expensive").noul()).isEqualTo(0.0);
    assertThat(d.usage().cost()).isEqualTo(1.6716e-05);
    assertThat(server.request(0).body())
        .endsWith(",\"state\":{\"attempts\":0,\"elapsed\":1.21,\"unit_cost\":0.000016716}}");
    Map<String, Object> sentState = map(Json.parseObject(server.request(0).body()).get("state"));
    assertThat(((Number) sentState.get("attempts")).doubleValue()).isEqualTo(0.0);
    assertThat(((Number) sentState.get("elapsed")).doubleValue()).isEqualTo(1.21);
    assertThat(((Number) sentState.get("unit_cost")).doubleValue()).isEqualTo(1.6716e-05);
  }

  @Test
  void hardenedStateNumbersArePassedThrough() {
    Map<String, Object> f = Fixtures.load("hardened.json");
    server.json("{\"answers\":{\"is_injection\":{\"type\":\"noul\",\"noul\":0.9}},\"usage\":{}}");
    Classifier c =
        Classifier.create(
            ClassifierOptions.builder()
                .baseUrl(server.baseUrl())
                .model("typesafe/jev-1.13")
                .env(name -> null)
                .build());

    Map<String, Object> request = map(f.get("request"));
    c.evaluate(request.get("state"), Fixtures.questions(request.get("questions")));

    String canonical = (String) f.get("canonical");
    assertThat(server.request(0).body())
        .startsWith(canonical.substring(0, canonical.length() - 1) + ",\"state\":{")
        .contains("\"text\":\"<b>A & B</b>\"");
  }

  @Test
  void wideKeepsAllFortyProbabilitiesAndIsNotNearUniform() {
    Decision d = answer("wide.json", new ArrayList<>());

    assertThat(d.choice("skill").choice()).isEqualTo("skill_07");
    assertThat(d.choice("skill").probabilities()).hasSize(40);
    assertThat(d.choice("skill").nearUniform()).isFalse();
    String canonical = (String) Fixtures.load("wide.json").get("canonical");
    assertThat(server.request(0).body()).startsWith(canonical.substring(0, canonical.length() - 1));
  }

  @Test
  void nearUniformIsDerivedInclusivelyAtTheFivePercentTolerance() {
    Decision d = answer("near-uniform.json", new ArrayList<>());
    Map<String, Object> expect =
        map(map(Fixtures.load("near-uniform.json").get("expect")).get("answers"));

    for (String key : expect.keySet()) {
      assertThat(d.choice(key).nearUniform())
          .as(key)
          .isEqualTo(map(expect.get(key)).get("nearUniform"));
    }
    assertThat(d.choice("boundary_inside").nearUniform()).isTrue();
    assertThat(d.choice("boundary_outside").nearUniform()).isFalse();
    assertThat(d.choice("exactly_uniform").nearUniform()).isTrue();
    assertThat(d.choice("peaked").nearUniform()).isFalse();
  }

  @Test
  void nearUniformOfOneEntryIsTrueAndOfNoneIsFalse() {
    assertThat(ChoiceAnswer.nearUniform(Map.of("only", 0.3))).isTrue();
    assertThat(ChoiceAnswer.nearUniform(Map.of())).isFalse();
    assertThat(new ChoiceAnswer("a", Map.of("a", 0.5, "b", 0.5), 0.5).nearUniform()).isTrue();
  }
}
