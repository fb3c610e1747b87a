package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.classifier.batteries.BatteryOptions;
import dev.toolnexus.classifier.batteries.ModelRouterClassifier;
import dev.toolnexus.classifier.batteries.ModelRouterClassifier.ModelOption;
import dev.toolnexus.classifier.batteries.ModelRouterClassifier.Route;
import dev.toolnexus.client.RunOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ModelRouter takes a sure pick over the host's options, else keeps the configured model. */
class ModelRouterTest {

  static final String ROLE = "You pick the cheapest model that can handle the user's request well.";
  static final List<ModelOption> MODELS =
      List.of(
          new ModelOption(
              "small-fast", "Short factual answers, lookups and simple rewrites; cheapest."),
          new ModelOption(
              "large-reasoning",
              "Multi-step reasoning, code changes across files and long documents; most"
                  + " expensive."));
  static final String QUESTIONS =
      """
      {"model": {"type": "choice", "instructions": "Which model should answer `user_request`?",
        "criteria": {
          "small-fast": "Short factual answers, lookups and simple rewrites; cheapest.",
          "large-reasoning": "Multi-step reasoning, code changes across files and long documents; most expensive."}}}
      """;

  static RecordedDecision call(String prompt, double confidence, double small, double large) {
    return Scripted.call(
        "{\"user_request\":\"" + prompt + "\",\"role\":\"" + ROLE + "\"}",
        QUESTIONS,
        "{\"model\":\"m\",\"answers\":{\"model\":{\"type\":\"choice\",\"choice\":\"small-fast\","
            + "\"confidence\":"
            + confidence
            + ",\"probabilities\":{\"small-fast\":"
            + small
            + ",\"large-reasoning\":"
            + large
            + "}}}}");
  }

  static ModelRouterClassifier router(RecordedDecision... calls) {
    return new ModelRouterClassifier(Scripted.recorded(calls), MODELS, BatteryOptions.defaults());
  }

  @Test
  void aSurePickRoutes() {
    String p = "What is the capital of France?";

    assertThat(router(call(p, 0.91, 0.91, 0.09)).pick(p, "configured-model"))
        .isEqualTo(
            new Route(
                "small-fast",
                true,
                true,
                Map.of("small-fast", 0.91, "large-reasoning", 0.09),
                true,
                null));
  }

  @Test
  void anUnsureOrFlatPickFallsBack() {
    Route unsure =
        router(call("Refactor the auth module", 0.6, 0.6, 0.4))
            .pick("Refactor the auth module", "configured-model");
    Route flat = router(call("hmm", 0.8, 0.52, 0.48)).pick("hmm", "configured-model");

    assertThat(unsure.model()).isEqualTo("configured-model");
    assertThat(unsure.routed()).isFalse();
    assertThat(flat.model()).isEqualTo("configured-model");
    assertThat(flat.probabilities()).isEqualTo(Map.of("small-fast", 0.52, "large-reasoning", 0.48));
  }

  @Test
  void anErrorOrNoOptionsFallsBack() {
    List<Object> seen = new ArrayList<>();
    Route error =
        new ModelRouterClassifier(Scripted.failing(), MODELS, BatteryOptions.defaults())
            .pick("hmm", "configured-model");
    Route none =
        new ModelRouterClassifier(Scripted.counting(seen), List.of(), BatteryOptions.defaults())
            .pick("hmm", "configured-model");

    assertThat(error)
        .isEqualTo(
            new Route("configured-model", false, false, null, false, "classifier: backend down"));
    assertThat(none).isEqualTo(new Route("configured-model", false, false, null, true, null));
    assertThat(seen).isEmpty();
  }

  @Test
  void theHookSendsTheRoutedModelForTheTurn() throws Exception {
    String p = "What is the capital of France?";
    try (LocalServer server = new LocalServer();
        Toolkit toolkit = Toolkit.builder().builtins(false).build()) {
      server.json(Scripted.text("Paris"));

      Scripted.client(server)
          .run(p, RunOptions.of(toolkit).withHooks(router(call(p, 0.91, 0.91, 0.09)).asHook(null)));

      assertThat(Json.parseObject(server.request(0).body()).get("model")).isEqualTo("small-fast");
    }
  }

  @Test
  void anUnsureHookLeavesTheConfiguredModel() throws Exception {
    String p = "Refactor the auth module";
    try (LocalServer server = new LocalServer();
        Toolkit toolkit = Toolkit.builder().builtins(false).build()) {
      server.json(Scripted.text("ok"));

      Scripted.client(server)
          .run(p, RunOptions.of(toolkit).withHooks(router(call(p, 0.6, 0.6, 0.4)).asHook(null)));

      assertThat(Json.parseObject(server.request(0).body()).get("model")).isEqualTo("gpt-4o-mini");
    }
  }
}
