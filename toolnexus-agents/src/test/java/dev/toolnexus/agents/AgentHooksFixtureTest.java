package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.client.Hooks;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.MetricEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The agent-hooks fixture, scenarios H1 to H4: hooks and the metric sink reach agent runs, a
 * definition's replace the runtime's, each on its own. (H5 and H6 need the compactor.)
 */
class AgentHooksFixtureTest extends ScriptedRuntimeTest {
  private final Fixture fx = Fixture.load("agent-hooks");

  private Map<String, Object> scenario(int i) {
    return fx.at("scenarios", i);
  }

  private static AgentDef peer(String name) {
    return AgentDef.builder(name).does("team member").model("m-peer").build();
  }

  private static Hooks counting(AtomicInteger fired) {
    return new Hooks() {
      @Override
      public LlmOverride beforeLLM(LlmRequestEvent event) {
        fired.incrementAndGet();
        return null;
      }
    };
  }

  private TaskResult runOnce(String name) {
    Handle h = rt.spawn(rt.root(), name);
    rt.wake(h, "hello");
    return rt.wait(h);
  }

  @Test
  @SuppressWarnings("unchecked")
  void h1RuntimeHooksRewriteReachesTheProvider() {
    assertThat(scenario(0).get("id")).isEqualTo("H1");
    AtomicInteger ran = new AtomicInteger();
    Hooks inject =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            ran.incrementAndGet();
            List<Message> messages = new ArrayList<>(event.messages());
            messages.add(new Message.SystemMessage("INJECTED-BY-HOOK"));
            return LlmOverride.messages(messages);
          }
        };
    rt = AgentRuntime.builder(Fixture.host(model)).agent(peer("a")).hooks(inject).build();
    assertThat(runOnce("a").status()).isEqualTo(TaskStatus.DONE);

    Map<String, Object> expect = (Map<String, Object>) scenario(0).get("expect");
    assertThat(ran.get() > 0).isEqualTo(expect.get("hookRan"));
    assertThat(model.bodies()).hasSize(1);
    assertThat(model.bodies().get(0)).contains((String) expect.get("wireTranscriptContains"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void h2RuntimeOnMetricReceivesTheClientEvents() {
    assertThat(scenario(1).get("id")).isEqualTo("H2");
    List<MetricEvent> events = Collections.synchronizedList(new ArrayList<>());
    rt = AgentRuntime.builder(Fixture.host(model)).agent(peer("a")).onMetric(events::add).build();
    runOnce("a");

    Map<String, Object> expect = (Map<String, Object>) scenario(1).get("expect");
    assertThat(events).extracting(MetricEvent::event).isEqualTo(expect.get("eventsReceived"));
    MetricEvent.LlmEvent llm = (MetricEvent.LlmEvent) events.get(0);
    assertThat(llm.model()).isEqualTo("m-peer");
    assertThat(llm.promptTokens()).isEqualTo(30);
    assertThat(llm.completionTokens()).isEqualTo(10);
    MetricEvent.RunEvent run = (MetricEvent.RunEvent) events.get(1);
    assertThat(run.turns()).isEqualTo(1);
    assertThat(run.totalTokens()).isEqualTo(40);
  }

  @Test
  @SuppressWarnings("unchecked")
  void h3ADefinitionsHooksReplaceTheRuntimesForThatAgentOnly() {
    assertThat(scenario(2).get("id")).isEqualTo("H3");
    AtomicInteger agentA = new AtomicInteger();
    AtomicInteger runtime = new AtomicInteger();
    rt =
        AgentRuntime.builder(Fixture.host(model))
            .agent(peer("a").toBuilder().hooks(counting(agentA)).build())
            .agent(peer("b"))
            .hooks(counting(runtime))
            .build();
    runOnce("a");
    runOnce("b");

    Map<String, Object> expect = (Map<String, Object>) scenario(2).get("expect");
    assertThat(agentA.get()).isEqualTo(((Number) expect.get("agentAHookFired")).intValue());
    assertThat(runtime.get()).isEqualTo(((Number) expect.get("runtimeHookFired")).intValue());
  }

  @Test
  @SuppressWarnings("unchecked")
  void h4HooksAndOnMetricResolveIndependently() {
    assertThat(scenario(3).get("id")).isEqualTo("H4");
    AtomicInteger defHooks = new AtomicInteger();
    AtomicInteger runtimeHooks = new AtomicInteger();
    List<String> runtimeMetrics = Collections.synchronizedList(new ArrayList<>());
    Consumer<MetricEvent> sink = e -> runtimeMetrics.add(e.event());
    rt =
        AgentRuntime.builder(Fixture.host(model))
            .agent(peer("a").toBuilder().hooks(counting(defHooks)).build())
            .hooks(counting(runtimeHooks))
            .onMetric(sink)
            .build();
    runOnce("a");

    Map<String, Object> expect = (Map<String, Object>) scenario(3).get("expect");
    assertThat(defHooks.get() == 1 && runtimeHooks.get() == 0)
        .isEqualTo(expect.get("usesDefHooks"));
    assertThat(runtimeMetrics.equals(List.of("llm", "run")))
        .isEqualTo(expect.get("usesRuntimeOnMetric"));
  }

  @Test
  void aFailingBeforeLlmIsAnErrorResultAtTheHandleWithNoRequestSent() {
    Hooks failing =
        new Hooks() {
          @Override
          public LlmOverride beforeLLM(LlmRequestEvent event) {
            throw new IllegalStateException("route refused by policy");
          }
        };
    rt = AgentRuntime.builder(Fixture.host(model)).agent(peer("a")).hooks(failing).build();
    TaskResult r = runOnce("a");

    assertThat(r.status()).isEqualTo(TaskStatus.ERROR);
    assertThat(r.isError()).isTrue();
    assertThat(r.text()).contains("route refused by policy");
    assertThat(r.limit()).isNull();
    assertThat(model.bodies()).isEmpty();
  }
}
