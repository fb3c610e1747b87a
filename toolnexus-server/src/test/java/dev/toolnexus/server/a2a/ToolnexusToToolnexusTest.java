package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.a2a.A2a;
import dev.toolnexus.a2a.A2aAgent;
import dev.toolnexus.a2a.AgentOptions;
import dev.toolnexus.a2a.Dialect;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Our A2A client ({@code A2a.agent}) against our served agent. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ToolnexusToToolnexusTest {
  private Served served;
  private A2aAgent agent;

  @BeforeAll
  void start() throws Exception {
    served = Served.start(b -> b.name("Helper Agent").token("tok"));
    agent =
        A2a.agent(
            AgentOptions.builder(served.card())
                .header("Authorization", "Bearer tok")
                .pollEvery(Duration.ofMillis(20))
                .build());
  }

  @AfterAll
  void stop() throws Exception {
    agent.close();
    served.close();
  }

  private Tool tool(String name) {
    return agent.tools().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void theCardOffersOneToolPerSkillAndIsReadAsV1() {
    assertThat(agent.status().isReady()).isTrue();
    assertThat(agent.dialect()).contains(Dialect.V1_0);
    assertThat(agent.tools())
        .extracting(Tool::name)
        .containsExactly("Helper_Agent_summarize", "Helper_Agent_translate");
  }

  @Test
  void aTaskRunsThroughTheServedLoopAndAnswers() {
    ToolResult r =
        tool("Helper_Agent_summarize")
            .execute(Map.of("task", "echo from a peer"), ToolContext.of(new CancelToken()));
    assertThat(r.isError()).as("result: %s", r).isFalse();
    assertThat(r.output()).isEqualTo("echo: from a peer");
    assertThat(r.metadata()).containsEntry("state", "completed");
  }

  @Test
  void ourClientSpeaksV03AndTheToolnexusDialectToOurServerToo() throws Exception {
    for (boolean hybrid : new boolean[] {false, true}) {
      try (CardProxy proxy = new CardProxy(served.server.url(), hybrid);
          A2aAgent peer =
              A2a.agent(
                  AgentOptions.builder(proxy.card())
                      .header("Authorization", "Bearer tok")
                      .pollEvery(Duration.ofMillis(20))
                      .build())) {
        Tool t =
            peer.tools().stream()
                .filter(x -> x.name().equals("Helper_Agent_translate"))
                .findFirst()
                .orElseThrow();
        ToolResult pending = t.execute(Map.of("task", "ask"), ToolContext.of(new CancelToken()));
        Request request = pending.pendingRequest().orElseThrow();
        ToolResult done =
            t.execute(
                Map.of("task", "ask"),
                ToolContext.of(new CancelToken())
                    .withAnswer(Answer.ok(request.id(), Map.of("text", "Ada"))));
        assertThat(done.output()).isEqualTo("done: hello Ada");
        assertThat(peer.dialect()).contains(hybrid ? Dialect.TOOLNEXUS : Dialect.V0_3);
        assertThat(proxy.methods)
            .contains(hybrid ? "SendMessage" : "message/send")
            .contains(hybrid ? "GetTask" : "tasks/get");
      }
    }
  }

  @Test
  void inputRequiredBecomesASuspensionAndItsAnswerCompletesTheServedTask() {
    Tool t = tool("Helper_Agent_summarize");
    ToolResult pending = t.execute(Map.of("task", "ask"), ToolContext.of(new CancelToken()));
    assertThat(pending.pendingRequest()).as("first call: %s", pending).isPresent();
    Request request = pending.pendingRequest().orElseThrow();
    assertThat(request.kind()).isEqualTo("input");
    assertThat(request.prompt()).isEqualTo("What is your name?");
    ToolResult done =
        t.execute(
            Map.of("task", "ask"),
            ToolContext.of(new CancelToken())
                .withAnswer(Answer.ok(request.id(), Map.of("text", "Grace"))));
    assertThat(done.isError()).isFalse();
    assertThat(done.output()).isEqualTo("done: hello Grace");
  }
}
