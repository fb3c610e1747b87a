package dev.toolnexus.classifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.classifier.batteries.AgentRouterClassifier;
import dev.toolnexus.classifier.batteries.AgentRouterClassifier.AgentNode;
import dev.toolnexus.classifier.batteries.AgentRouterClassifier.Route;
import dev.toolnexus.classifier.batteries.BatteryOptions;
import dev.toolnexus.client.RunOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** AgentRouter descends a tree of agents one sure pick at a time, else gives the fallback. */
class AgentRouterTest {

  static final String ROLE = "You route a task to the agent best suited to do it.";
  static final String TASK = "I was charged twice for March, please refund one.";
  static final AgentNode BILLING =
      AgentNode.of("billing", "Refunds, invoices and payment failures.");
  static final AgentNode TECH = AgentNode.of("tech", "Bugs, errors and outages in the product.");
  static final AgentNode SALES = AgentNode.of("sales", "Pricing questions and new contracts.");
  static final List<AgentNode> TREE =
      List.of(
          new AgentNode(
              "support", "Anything a paying customer needs fixed.", List.of(BILLING, TECH)),
          new AgentNode(
              "growth",
              "Leads, pricing and partnerships.",
              List.of(SALES, AgentNode.of("partners", "Resellers and integration partners."))));

  static RecordedDecision level(
      List<AgentNode> offered,
      String choice,
      double confidence,
      String probabilities,
      String extra) {
    StringBuilder criteria = new StringBuilder();
    for (AgentNode n : offered) {
      if (criteria.length() > 0) {
        criteria.append(',');
      }
      criteria.append('"').append(n.name()).append("\":\"").append(n.description()).append('"');
    }
    return Scripted.call(
        "{\"task\":\"" + TASK + "\",\"role\":\"" + ROLE + "\"}",
        "{\"agent\":{\"type\":\"choice\",\"instructions\":\"Which agent should handle `task`?\","
            + "\"criteria\":{"
            + criteria
            + "}}}",
        "{\"model\":\"m\",\"answers\":{\"agent\":{\"type\":\"choice\",\"choice\":\""
            + choice
            + "\",\"confidence\":"
            + confidence
            + ",\"probabilities\":"
            + probabilities
            + "}}"
            + extra
            + "}");
  }

  static AgentRouterClassifier router(RecordedDecision... calls) {
    return new AgentRouterClassifier(Scripted.recorded(calls), BatteryOptions.defaults());
  }

  static final List<AgentNode> FLAT = List.of(BILLING, TECH, SALES);

  @Test
  void aSureFlatPickRoutes() {
    Route r =
        router(level(FLAT, "billing", 0.86, "{\"billing\":0.86,\"tech\":0.1,\"sales\":0.04}", ""))
            .pick(TASK, FLAT, "triage");

    assertThat(r)
        .isEqualTo(
            new Route(
                "billing",
                List.of("billing"),
                true,
                Map.of("billing", 0.86, "tech", 0.1, "sales", 0.04),
                true,
                null));
  }

  @Test
  void anUnsureOrFlatPickFallsBack() {
    Route unsure =
        router(level(FLAT, "billing", 0.5, "{\"billing\":0.5,\"tech\":0.4,\"sales\":0.1}", ""))
            .pick(TASK, FLAT, "triage");
    Route flat =
        router(level(FLAT, "billing", 0.9, "{\"billing\":0.34,\"tech\":0.33,\"sales\":0.33}", ""))
            .pick(TASK, FLAT, "triage");

    assertThat(unsure.agent()).isEqualTo("triage");
    assertThat(unsure.path()).isEmpty();
    assertThat(flat.agent()).isEqualTo("triage");
    assertThat(flat.sure()).isFalse();
  }

  @Test
  void anErrorFallsBack() {
    Route r =
        new AgentRouterClassifier(Scripted.failing(), BatteryOptions.defaults())
            .pick(TASK, FLAT, "triage");

    assertThat(r)
        .isEqualTo(new Route("triage", List.of(), false, null, false, "classifier: backend down"));
  }

  @Test
  void aTreeDescendsThroughSurePicks() {
    Route r =
        router(
                level(TREE, "support", 0.9, "{\"support\":0.9,\"growth\":0.1}", ""),
                level(
                    List.of(BILLING, TECH),
                    "billing",
                    0.88,
                    "{\"billing\":0.88,\"tech\":0.12}",
                    ",\"calibrated\":false"))
            .pick(TASK, TREE, "triage");

    assertThat(r)
        .isEqualTo(
            new Route(
                "billing",
                List.of("support", "billing"),
                true,
                Map.of("billing", 0.88, "tech", 0.12),
                false,
                null));
  }

  @Test
  void anUnsureSecondLevelFallsBackKeepingThePathSoFar() {
    Route r =
        router(
                level(TREE, "support", 0.9, "{\"support\":0.9,\"growth\":0.1}", ""),
                level(
                    List.of(BILLING, TECH),
                    "billing",
                    0.55,
                    "{\"billing\":0.55,\"tech\":0.45}",
                    ""))
            .pick(TASK, TREE, "triage");

    assertThat(r)
        .isEqualTo(
            new Route(
                "triage",
                List.of("support"),
                false,
                Map.of("billing", 0.55, "tech", 0.45),
                true,
                null));
  }

  @Test
  void theHostDispatchesTheRoutedAgentThroughTheLoop() throws Exception {
    Map<String, String> prompts =
        Map.of("billing", "You are the billing agent.", "triage", "You are the triage agent.");
    try (LocalServer server = new LocalServer();
        Toolkit toolkit = Toolkit.builder().builtins(false).build()) {
      server.json(Scripted.text("refunded"));
      Route r =
          router(level(FLAT, "billing", 0.86, "{\"billing\":0.86,\"tech\":0.1,\"sales\":0.04}", ""))
              .pick(TASK, FLAT, "triage");

      Scripted.client(server)
          .run(TASK, RunOptions.of(toolkit).withSystemPrompt(prompts.get(r.agent())));

      assertThat(server.request(0).body()).contains("You are the billing agent.");
    }
  }
}
