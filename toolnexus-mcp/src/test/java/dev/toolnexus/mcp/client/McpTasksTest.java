package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
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
 * Calls the TypeScript SDK v2 server answers with a task of the Tasks extension: its "job" tool
 * moves one step on each {@code tasks/get}, so the client's polls (on a virtual clock) pace it, and
 * its "job_state" tool says how many jobs started under a key and what became of the last.
 */
class McpTasksTest {
  static V2Server v2;
  static McpToolSource source;

  @BeforeAll
  static void start() throws Exception {
    v2 = V2Server.start();
    source = connect();
  }

  @AfterAll
  static void stop() {
    source.close();
    v2.close();
  }

  static McpToolSource connect() {
    return RemoteServersTest.connect(Map.of(), "v2", Map.of("url", v2.url()));
  }

  static ToolResult job(McpToolSource s, ToolContext ctx, Map<String, Object> args) {
    return EverythingStdioTest.tool(s, "v2_job").execute(args, ctx);
  }

  static String state(String key) {
    return RemoteServersTest.run(source, "v2_job_state", Map.of("key", key)).output();
  }

  @Test
  void aTaskIsPolledAtTheServersIntervalAndItsStatusesReachTheProgressSink() {
    VirtualScheduler clock = new VirtualScheduler();
    List<String> said = new ArrayList<>();
    ToolContext ctx =
        ToolContext.empty()
            .with(Scheduler.class, clock)
            .withProgress((done, total, message) -> said.add((int) done + " " + message));

    ToolResult r = job(source, ctx, Map.of("key", "progress", "steps", 3, "pollMs", 1500));

    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("job progress done after 3 steps");
    assertThat(said)
        .containsExactly(
            "1 working",
            "2 working: step 1 of 3",
            "3 working: step 2 of 3",
            "4 completed: step 3 of 3");
    // three polls, each after the 1.5 s the server suggested
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

    ToolResult r = job(source, ctx, Map.of("key", "cancel", "steps", 1000000));

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

    ToolResult r = job(source, ctx, Map.of("key", "deadline", "steps", 1000000, "pollMs", 1000));

    String taskId = (String) r.metadata().get("taskId");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "MCP server \"v2\": tool \"job\" timed out after 5000 ms (task "
                + taskId
                + ", last working: step 4 of 1000000)");
    assertThat(state("deadline")).isEqualTo("1 started, last cancelled");
  }

  @Test
  void aTaskAskingForInputSuspendsTheCallAndTheResumeReattachesToIt() {
    ToolContext ctx = ToolContext.empty().with(Scheduler.class, new VirtualScheduler());
    ToolResult halted = job(source, ctx, Map.of("key", "ask", "steps", 3, "ask", 2));

    assertThat(halted.isPending()).isTrue();
    Request asked = halted.pendingRequest().orElseThrow();
    String taskId = (String) halted.metadata().get("taskId");
    assertThat(asked.kind()).isEqualTo("input");
    assertThat(asked.prompt()).isEqualTo("Go on with the job?");
    assertThat(asked.data())
        .containsEntry("server", "v2")
        .containsEntry("tool", "job")
        .containsEntry("taskId", taskId)
        .containsEntry("inputKey", "go-" + taskId)
        .containsEntry(
            "schema",
            Map.of(
                "type",
                "object",
                "properties",
                Map.of("go", Map.of("type", "string")),
                "required",
                List.of("go")));

    // resumed from plain data over a connection of its own, as another process would
    Request persisted = Request.fromMap(asked.toMap());
    try (McpToolSource other = connect()) {
      ToolResult done =
          job(
              other,
              ToolContext.empty()
                  .with(Scheduler.class, new VirtualScheduler())
                  .withAnswer(Answer.ok(persisted.id(), Map.of("go", "yes")))
                  .withSuspended(persisted),
              Map.of("key", "ask", "steps", 3, "ask", 2));

      assertThat(done.isError()).isFalse();
      assertThat(done.output()).isEqualTo("job ask done after 3 steps (go: yes)");
      assertThat(done.metadata()).containsEntry("taskId", taskId);
    }
    assertThat(state("ask")).isEqualTo("1 started, last completed");
  }

  @Test
  void aResumeOfATaskTheServerDoesNotKnowIsAnErrorResultNamingIt() {
    Request gone =
        new Request(
            "r-gone",
            "input",
            "Go on with the job?",
            null,
            Map.of(
                "server", "v2", "tool", "job", "taskId", "task-gone", "inputKey", "go-task-gone"),
            null);
    ToolContext ctx =
        ToolContext.empty()
            .with(Scheduler.class, new VirtualScheduler())
            .withAnswer(Answer.ok("r-gone", Map.of("go", "yes")))
            .withSuspended(gone);

    ToolResult r = job(source, ctx, Map.of("key", "gone", "steps", 1));

    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "MCP server \"v2\": tool \"job\" could not go on with task task-gone: tasks/update"
                + " failed: Failed to retrieve task: no task task-gone (-32602)");
    assertThat(state("gone")).isEqualTo("none");
  }

  @Test
  void aFailedTaskIsAnErrorResultWithTheServersError() {
    ToolContext ctx = ToolContext.empty().with(Scheduler.class, new VirtualScheduler());

    ToolResult r = job(source, ctx, Map.of("key", "fail", "steps", 1, "fail", true));

    String taskId = (String) r.metadata().get("taskId");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "MCP server \"v2\": tool \"job\" failed: task "
                + taskId
                + " failed: job fail broke (-32603)");
  }

  @Test
  void aTaskWhoseResultIsAnErrorIsAnErrorResult() {
    ToolContext ctx = ToolContext.empty().with(Scheduler.class, new VirtualScheduler());

    ToolResult r = job(source, ctx, Map.of("key", "error", "steps", 1, "error", true));

    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("job error done after 1 steps");
  }
}
