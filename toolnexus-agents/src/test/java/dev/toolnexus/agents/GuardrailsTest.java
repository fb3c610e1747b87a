package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.Tools;
import dev.toolnexus.client.Hooks;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Guardrails on agent definitions, through the real loop on the scripted model. */
class GuardrailsTest extends ScriptedRuntimeTest {
  private final AtomicInteger lookups = new AtomicInteger();

  private Tool lookup() {
    return Tools.define(
        "lookup",
        "look something up",
        Map.of("type", "object", "properties", Map.of("q", Map.of("type", "string"))),
        (args, ctx) -> {
          lookups.incrementAndGet();
          return "data(" + args.get("q") + ")";
        });
  }

  private AgentDef.Builder explore() {
    return AgentDef.builder("explore").does("research").model("m-explore").tools(List.of(lookup()));
  }

  private TaskResult runOnce(String name, List<AgentDef> defs) {
    rt = runtimeWith(defs).build();
    Handle h = rt.spawn(rt.root(), name);
    rt.wake(h, "go");
    return rt.wait(h);
  }

  @Test
  void aDeniedToolCallGetsTheReasonAsItsResultAndNeverRuns() {
    AgentDef def =
        explore().guardrails(List.of(Guardrail.denyTools("no lookups", List.of("lookup")))).build();

    TaskResult r = runOnce("explore", List.of(def));

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("found:denied: no lookups");
    assertThat(lookups.get()).isZero();
  }

  @Test
  void aSubAgentIsBoundByItsParentsGuardrails() {
    AgentDef coordinator =
        AgentDef.builder("coordinator")
            .does("delegates")
            .model("m-coordinator")
            .team(List.of("explore"))
            .guardrails(List.of(Guardrail.denyTools("no lookups", List.of("lookup"))))
            .build();

    TaskResult r = runOnce("coordinator", List.of(coordinator, explore().build()));

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(lookups.get()).isZero();
    List<ScriptedModel.Call> answered =
        model.calls().stream()
            .filter(c -> c.model().equals("m-explore") && !c.toolMessages().isEmpty())
            .toList();
    assertThat(answered).hasSize(2);
    assertThat(answered)
        .allSatisfy(
            c ->
                assertThat(c.toolMessages().get(0).get("content")).isEqualTo("denied: no lookups"));
  }

  @Test
  void theFirstDenialWinsAndNeitherLaterGuardrailsNorTheAgentsHooksRun() {
    AtomicInteger second = new AtomicInteger();
    AtomicInteger own = new AtomicInteger();
    Hooks ownHooks =
        new Hooks() {
          @Override
          public ToolOverride beforeTool(ToolCallEvent event) {
            own.incrementAndGet();
            return null;
          }
        };
    AgentDef def =
        explore()
            .hooks(ownHooks)
            .guardrails(
                List.of(
                    call -> call.kind() == Guardrail.Kind.TOOL ? "first says no" : null,
                    call -> {
                      second.incrementAndGet();
                      return call.kind() == Guardrail.Kind.TOOL ? "second says no" : null;
                    }))
            .build();

    TaskResult r = runOnce("explore", List.of(def));

    assertThat(r.text()).isEqualTo("found:denied: first says no");
    assertThat(own.get()).isZero();
    assertThat(lookups.get()).isZero();
    assertThat(second.get()).as("the second saw only the two model calls").isEqualTo(2);
  }

  @Test
  void aPermittedCallRunsAndReachesTheAgentsOwnHooks() {
    AtomicInteger own = new AtomicInteger();
    Hooks ownHooks =
        new Hooks() {
          @Override
          public ToolOverride beforeTool(ToolCallEvent event) {
            own.incrementAndGet();
            return null;
          }
        };
    AgentDef def =
        explore().hooks(ownHooks).guardrails(List.of(call -> Guardrail.ALLOW, call -> "")).build();

    TaskResult r = runOnce("explore", List.of(def));

    assertThat(r.text()).isEqualTo("found:data(x)");
    assertThat(own.get()).isEqualTo(1);
    assertThat(lookups.get()).isEqualTo(1);
  }

  @Test
  void aDeniedModelCallEndsTheTurnWithTheReasonBeforeAnyRequest() {
    AgentDef def =
        explore().guardrails(List.of(Guardrail.allowOnlyModels(List.of("m-cheap")))).build();

    TaskResult r = runOnce("explore", List.of(def));

    assertThat(r.status()).isEqualTo(TaskStatus.ERROR);
    assertThat(r.text()).isEqualTo("denied: model m-explore is not on the allowed list");
    assertThat(model.requestsFor("m-explore")).isZero();
  }

  @Test
  void aSubAgentsModelCallIsBoundByItsParentsGuardrails() {
    AgentDef coordinator =
        AgentDef.builder("coordinator")
            .does("delegates")
            .model("m-coordinator")
            .team(List.of("explore"))
            .guardrails(List.of(Guardrail.allowOnlyModels(List.of("m-coordinator"))))
            .build();

    TaskResult r = runOnce("coordinator", List.of(coordinator, explore().build()));

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(model.requestsFor("m-explore")).isZero();
    ScriptedModel.Call last = model.calls().get(model.calls().size() - 1);
    assertThat(last.toolMessages())
        .extracting(m -> String.valueOf(m.get("content")))
        .hasSize(2)
        .allSatisfy(
            c -> assertThat(c).contains("denied: model m-explore is not on the allowed list"));
  }
}
