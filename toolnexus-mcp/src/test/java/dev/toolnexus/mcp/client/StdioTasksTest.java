package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Request;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.time.Scheduler;
import dev.toolnexus.time.VirtualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Tasks extension over stdio: our TypeScript SDK v2 server run as a child process with the
 * SDK's stdio entry answers its "job" tool with a task, which the client follows exactly as over
 * HTTP. The server's tasks live in its process, so every test talks to the one process and asks its
 * "job_state" tool what became of the task.
 */
class StdioTasksTest {
  static McpToolSource source;

  @BeforeAll
  static void start() {
    source = RemoteServersTest.connect(Map.of(), "v2", TestEnv.local(TestEnv.v2Stdio()));
  }

  @AfterAll
  static void stop() {
    source.close();
  }

  static ToolResult job(ToolContext ctx, Map<String, Object> args) {
    return EverythingStdioTest.tool(source, "v2_job").execute(args, ctx);
  }

  static String state(String key) {
    return RemoteServersTest.run(source, "v2_job_state", Map.of("key", key)).output();
  }

  @Test
  void theServerIsSpokenToStatelessly() {
    assertThat(source.serverStatus().get("v2")).isEqualTo(McpServerStatus.connected("2026-07-28"));
  }

  @Test
  void aTaskIsPolledAtTheServersIntervalAndItsStatusesReachTheProgressSink() {
    VirtualScheduler clock = new VirtualScheduler();
    List<String> said = new ArrayList<>();
    ToolContext ctx =
        ToolContext.empty()
            .with(Scheduler.class, clock)
            .withProgress((done, total, message) -> said.add((int) done + " " + message));

    ToolResult r = job(ctx, Map.of("key", "progress", "steps", 3, "pollMs", 1500));

    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("job progress done after 3 steps");
    assertThat(said)
        .containsExactly(
            "1 working",
            "2 working: step 1 of 3",
            "3 working: step 2 of 3",
            "4 completed: step 3 of 3");
    assertThat(clock.now()).isEqualTo(new VirtualScheduler().now().plusMillis(4500));
    assertThat(state("progress")).isEqualTo("1 started, last completed");
  }

  @Test
  void cancellingTheCallCancelsTheTaskOnTheServer() {
    CancelToken cancel = new CancelToken();
    ToolContext ctx =
        ToolContext.of(cancel)
            .with(Scheduler.class, new VirtualScheduler())
            .withProgress(
                (done, total, message) -> {
                  if (message.equals("working: step 2 of 1000000")) {
                    cancel.cancel("the user stopped it");
                  }
                });

    ToolResult r = job(ctx, Map.of("key", "cancel", "steps", 1000000));

    String taskId = (String) r.metadata().get("taskId");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo("MCP server \"v2\": tool \"job\" was cancelled (task " + taskId + ")");
    assertThat(state("cancel")).isEqualTo("1 started, last cancelled");
  }

  @Test
  void theCallsDeadlineCancelsTheTaskOnTheServer() {
    ToolContext ctx =
        ToolContext.empty()
            .withTimeout(Duration.ofSeconds(5))
            .with(Scheduler.class, new VirtualScheduler());

    ToolResult r = job(ctx, Map.of("key", "deadline", "steps", 1000000, "pollMs", 1000));

    String taskId = (String) r.metadata().get("taskId");
    assertThat(r.output())
        .isEqualTo(
            "MCP server \"v2\": tool \"job\" timed out after 5000 ms (task "
                + taskId
                + ", last working: step 4 of 1000000)");
    assertThat(state("deadline")).isEqualTo("1 started, last cancelled");
  }

  @Test
  void aTaskAskingForInputSuspendsTheCallAndTheResumeReattachesToIt() {
    ToolResult halted =
        job(
            ToolContext.empty().with(Scheduler.class, new VirtualScheduler()),
            Map.of("key", "ask", "steps", 3, "ask", 2));

    assertThat(halted.isPending()).isTrue();
    Request asked = halted.pendingRequest().orElseThrow();
    String taskId = (String) halted.metadata().get("taskId");
    assertThat(asked.kind()).isEqualTo("input");
    assertThat(asked.prompt()).isEqualTo("Go on with the job?");
    assertThat(asked.data())
        .containsEntry("taskId", taskId)
        .containsEntry("inputKey", "go-" + taskId);

    // resumed from plain data, as a run store keeps it
    Request persisted = Request.fromMap(asked.toMap());
    ToolResult done =
        job(
            ToolContext.empty()
                .with(Scheduler.class, new VirtualScheduler())
                .withAnswer(Answer.ok(persisted.id(), Map.of("go", "yes")))
                .withSuspended(persisted),
            Map.of("key", "ask", "steps", 3, "ask", 2));

    assertThat(done.isError()).isFalse();
    assertThat(done.output()).isEqualTo("job ask done after 3 steps (go: yes)");
    assertThat(done.metadata()).containsEntry("taskId", taskId);
    assertThat(state("ask")).isEqualTo("1 started, last completed");
  }
}
