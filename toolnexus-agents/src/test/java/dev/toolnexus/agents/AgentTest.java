package dev.toolnexus.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.Answer;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.TraceContext;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.RunObserver;
import dev.toolnexus.client.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The level-1 surface: an agent declared in a few lines, run once, or used as a tool. */
class AgentTest {
  private ScriptedModel model;
  private LlmClient client;

  @BeforeEach
  void setUp() throws Exception {
    model = new ScriptedModel();
    model.script(
        "m-coder",
        c ->
            c.toolMessages().isEmpty()
                ? ScriptedModel.Reply.call(
                    "task", Map.of("agent", "explore", "prompt", "find the bug"))
                : ScriptedModel.Reply.text(
                    "fixed using: "
                        + c.toolMessages().get(0).get("content")
                        + " [soul:"
                        + (String.valueOf(c.messages().get(0).get("content"))
                                .contains("You are the CODER")
                            ? "loaded"
                            : "missing")
                        + "]"));
    model.script(
        "m-old-api",
        c ->
            c.toolMessages().isEmpty()
                ? ScriptedModel.Reply.call("explore", Map.of("prompt", "scan the repo"))
                : ScriptedModel.Reply.text("summary: " + c.toolMessages().get(0).get("content")));
    client = Fixture.host(model);
  }

  @AfterEach
  void tearDown() {
    model.close();
  }

  private static Agent explore() {
    return Agent.builder("explore")
        .does("read-only research")
        .uses(Fixture.tool("lookup"))
        .model("m-explore")
        .build();
  }

  @Test
  void aTeamAgentRunsOnceWithItsSoulFileAndDelegates(@TempDir Path dir) throws Exception {
    Path soul = dir.resolve("CODER.md");
    Files.writeString(soul, "You are the CODER. Fix things surgically.");
    Agent coder =
        Agent.builder("coder")
            .does("implements changes")
            .soulFile(soul)
            .team(explore())
            .model("m-coder")
            .budget(Budget.NONE.withMaxTokens(10_000))
            .client(client)
            .build();
    TaskResult r = coder.run("fix the failing test");

    assertThat(r.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r.text()).isEqualTo("fixed using: found:data(x) [soul:loaded]");
    assertThat(r.totalTokens()).isEqualTo(160);
    assertThat(r.ownTokens()).isEqualTo(80);
    assertThat(r.turns()).isEqualTo(2);
  }

  @Test
  void eachAgentsRunsAreObservedUnderItsNameAndItsParentAgentsRun() {
    List<String> runs = new CopyOnWriteArrayList<>();
    RunObserver observer =
        new RunObserver() {
          @Override
          public Run startRun(RunInfo info) {
            return recording("unnamed", info, runs);
          }

          @Override
          public RunObserver forAgent(String name, TraceContext parent) {
            return info ->
                recording(
                    name + (parent == null ? "" : "<" + parent.entries().get("p")), info, runs);
          }
        };
    LlmClient observed = LlmClient.create(client.options().toBuilder().observer(observer).build());
    Agent coder =
        Agent.builder("coder")
            .does("implements changes")
            .team(explore())
            .model("m-coder")
            .client(observed)
            .build();

    coder.run("fix the failing test");

    // each sub-agent's run is handed its parent agent's run's trace context
    assertThat(runs).containsExactly("coder:m-coder", "explore<coder:m-explore");
  }

  private static RunObserver.Run recording(
      String name, RunObserver.RunInfo info, List<String> runs) {
    runs.add(name + ":" + info.model());
    return new RunObserver.Run() {
      @Override
      public TraceContext traceContext() {
        return new TraceContext(Map.of("p", name));
      }

      @Override
      public RunObserver.ModelCall startModelCall(String model, int turn, List<Message> messages) {
        return (response, error) -> {};
      }

      @Override
      public RunObserver.ToolExecution startTool(String tool, String id, Map<String, Object> args) {
        return (source, result, error) -> {};
      }

      @Override
      public void end(RunResult result, Throwable error) {}
    };
  }

  @Test
  void theRegistryIsTheReachableTeamGraphSortedByName() {
    Agent stranger = Agent.builder("stranger").does("unreachable").build();
    Agent coder = Agent.builder("coder").does("implements").team(explore()).build();

    assertThat(coder.registry()).containsOnlyKeys("coder", "explore");
    assertThat(coder.registry().get("coder").team()).containsExactly("explore");
    assertThat(coder.def().model()).isEqualTo(AgentDef.INHERIT);
    assertThat(stranger.registry()).containsOnlyKeys("stranger");
  }

  @Test
  void anAgentIsAToolInTheClassicLoop() {
    Tool tool = explore().asTool(client);
    assertThat(tool.name()).isEqualTo("explore");
    assertThat(tool.description()).isEqualTo("read-only research");
    LlmClient classic = LlmClient.create(client.options().toBuilder().model("m-old-api").build());
    RunResult r = classic.run("summarize", Toolkit.of(tool));

    assertThat(r.text()).isEqualTo("summary: found:data(x)");
    assertThat(r.toolCalls().get(0).metadata())
        .containsEntry("agent", "explore")
        .containsEntry("turns", 2)
        .containsEntry("totalTokens", 80L);
  }

  @Test
  void aPendingRunParksAndResumesWithTheAnswer() {
    Agent asker =
        Agent.builder("asker")
            .does("needs approvals")
            .uses(Fixture.tool("check_secret"))
            .model("m-asker")
            .build();
    Agent parent =
        Agent.builder("approverParent")
            .does("delegates")
            .team(asker)
            .model("m-approver-parent")
            .client(client)
            .build();
    TaskResult r1 = parent.run("do the secret thing");

    assertThat(r1.status()).isEqualTo(TaskStatus.PENDING);
    TaskResult r2 = parent.resume(Answer.ok(r1.pending().id()));
    assertThat(r2.status()).isEqualTo(TaskStatus.DONE);
    assertThat(r2.text()).isEqualTo("parent-final: asker-done: secret-token");
    assertThatThrownBy(() -> parent.resume(Answer.ok(r1.pending().id())))
        .isInstanceOf(AgentException.class);
  }

  @Test
  void asAToolAPendingAgentStaysASuspension() {
    Agent asker =
        Agent.builder("asker")
            .does("needs approvals")
            .uses(Fixture.tool("check_secret"))
            .model("m-asker")
            .build();
    ToolResult pending =
        asker.asTool(client).execute(Map.of("prompt", "go"), dev.toolnexus.ToolContext.empty());

    assertThat(pending.isPending()).isTrue();
    String id = pending.pendingRequest().orElseThrow().id();
    ToolResult done =
        asker
            .asTool(client)
            .execute(
                Map.of("prompt", "go"),
                dev.toolnexus.ToolContext.empty().withAnswer(Answer.ok(id)));
    assertThat(done.isPending()).isFalse();
    assertThat(done.output()).isEqualTo("asker-done: secret-token");
    assertThat(done.metadata()).containsEntry("agent", "asker");
  }

  @Test
  void anAgentWithoutDoesIsRefused() {
    assertThatThrownBy(() -> Agent.builder("x").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does");
  }

  @Test
  void runWithoutAClientSaysHowToGiveOne() {
    assertThatThrownBy(() -> explore().run("hi"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("client(..)");
  }

  @Test
  void anInProcessHostModelWorksToo() {
    LlmClient inProcess =
        LlmClient.create(
            ClientOptions.builder()
                .model("local")
                .generate(
                    req -> dev.toolnexus.client.Generate.Response.text("hello from " + req.model()))
                .build());
    TaskResult r = Agent.builder("greeter").does("greets").client(inProcess).build().run("hi");

    assertThat(r.text()).isEqualTo("hello from local");
  }
}
