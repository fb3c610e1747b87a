package dev.toolnexus.server;

import static dev.toolnexus.server.TaskWire.await;
import static dev.toolnexus.server.TaskWire.call;
import static dev.toolnexus.server.TaskWire.result;
import static dev.toolnexus.server.TaskWire.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.server.a2a.A2aTask;
import dev.toolnexus.server.a2a.InMemoryTaskStore;
import dev.toolnexus.server.a2a.TaskState;
import dev.toolnexus.time.VirtualScheduler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The serving side of the MCP Tasks extension on the wire: a call to a long-running tool from a
 * client that declares the extension is answered with a task, polled, cancelled and expired; the
 * served tool waits on latches the test releases, and the server's clock is virtual so every time
 * it reports is exact.
 */
class TaskServingWireTest {
  private static final String T0 = "2026-01-01T00:00:00Z";

  private final CountDownLatch progressed = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch cancelled = new CountDownLatch(1);
  private final VirtualScheduler clock = new VirtualScheduler();
  private final InMemoryTaskStore store = new InMemoryTaskStore();
  private Toolkit toolkit;
  private McpHttpServer server;

  @BeforeEach
  void serve() throws Exception {
    toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(List.of(TaskWire.build(progressed, release, cancelled), Fixtures.echo()))
            .build();
    server =
        McpServe.http(
            toolkit,
            McpServeOptions.builder()
                .taskTools("build")
                .taskStore(store)
                .taskTtl(Duration.ofMinutes(10))
                .taskPollInterval(Duration.ofMillis(1500))
                .scheduler(clock)
                .build());
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.close();
    toolkit.close();
  }

  private String started() throws Exception {
    Map<String, Object> created =
        result(call(server.url(), 1, "build", Map.of("branch", "main"), true));
    await(progressed);
    return (String) created.get("taskId");
  }

  @Test
  void aCallToALongRunningToolIsAnsweredWithAWorkingTask() throws Exception {
    Map<String, Object> created =
        result(call(server.url(), 1, "build", Map.of("branch", "main"), true));

    String taskId = (String) created.get("taskId");
    assertThat(taskId).startsWith("mcp-").hasSize("mcp-".length() + 36);
    assertThat(created)
        .isEqualTo(
            Map.of(
                "resultType",
                "task",
                "taskId",
                taskId,
                "status",
                "working",
                "createdAt",
                T0,
                "lastUpdatedAt",
                T0,
                "ttlMs",
                600000,
                "pollIntervalMs",
                1500,
                "_meta",
                TaskWire.SERVER_INFO));
  }

  @Test
  void whileTheToolRunsItsProgressIsTheTasksStatusMessage() throws Exception {
    String taskId = started();

    assertThat(result(task(server.url(), 2, "tasks/get", taskId)))
        .isEqualTo(
            Map.of(
                "resultType",
                "complete",
                "taskId",
                taskId,
                "status",
                "working",
                "statusMessage",
                "compiling main",
                "createdAt",
                T0,
                "lastUpdatedAt",
                T0,
                "ttlMs",
                600000,
                "pollIntervalMs",
                1500,
                "_meta",
                TaskWire.SERVER_INFO));
  }

  @Test
  void aFinishedTaskCarriesTheToolsResultInline() throws Exception {
    String taskId = started();
    clock.advance(Duration.ofSeconds(7));
    release.countDown();

    Map<String, Object> done = TaskWire.settled(server.url(), taskId);

    assertThat(done)
        .isEqualTo(
            Map.of(
                "resultType",
                "complete",
                "taskId",
                taskId,
                "status",
                "completed",
                "createdAt",
                T0,
                "lastUpdatedAt",
                "2026-01-01T00:00:07Z",
                "ttlMs",
                600000,
                "pollIntervalMs",
                1500,
                "result",
                Map.of(
                    "content",
                    List.of(Map.of("type", "text", "text", "built main")),
                    "isError",
                    false),
                "_meta",
                TaskWire.SERVER_INFO));
  }

  @Test
  void aToolErrorResultCompletesTheTaskWithTheErrorResult() throws Exception {
    String taskId =
        (String)
            result(call(server.url(), 1, "build", Map.of("branch", "broken"), true)).get("taskId");
    release.countDown();

    Map<String, Object> done = TaskWire.settled(server.url(), taskId);

    assertThat(done.get("status")).isEqualTo("completed");
    assertThat(done.get("result"))
        .isEqualTo(
            Map.of(
                "content",
                List.of(Map.of("type", "text", "text", "branch broken does not compile")),
                "isError",
                true));
  }

  @Test
  void tasksCancelStopsTheRunningToolAndTheTaskIsCancelled() throws Exception {
    String taskId = started();

    Map<String, Object> ack = task(server.url(), 2, "tasks/cancel", taskId);
    await(cancelled);

    assertThat(ack)
        .isEqualTo(
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                2,
                "result",
                Map.of("resultType", "complete", "_meta", TaskWire.SERVER_INFO)));
    Map<String, Object> now = result(task(server.url(), 3, "tasks/get", taskId));
    assertThat(now.get("status")).isEqualTo("cancelled");
    assertThat(now.get("statusMessage")).isEqualTo("cancelled by the client");
  }

  @Test
  void anUnknownTaskIsInvalidParamsOnGetAndCancel() throws Exception {
    String unknown = "mcp-00000000-0000-0000-0000-000000000000";

    assertThat(task(server.url(), 2, "tasks/get", unknown))
        .isEqualTo(
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                2,
                "error",
                Map.of("code", -32602, "message", "Failed to retrieve task: Task not found")));
    assertThat(task(server.url(), 3, "tasks/cancel", unknown))
        .isEqualTo(
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                3,
                "error",
                Map.of("code", -32602, "message", "Failed to cancel task: Task not found")));
  }

  @Test
  void tasksGetWithoutTheDeclaredExtensionIsMissingRequiredClientCapability() throws Exception {
    String unknown = "mcp-00000000-0000-0000-0000-000000000000";

    Map<String, Object> answer =
        TaskWire.post(server.url(), 2, "tasks/get", unknown, Map.of("taskId", unknown), false);

    assertThat(answer)
        .isEqualTo(
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                2,
                "error",
                Map.of(
                    "code",
                    -32021,
                    "message",
                    "Missing required client capability: tasks/get needs the"
                        + " io.modelcontextprotocol/tasks extension in the request's"
                        + " clientCapabilities",
                    "data",
                    Map.of(
                        "requiredCapabilities",
                        Map.of("extensions", Map.of("io.modelcontextprotocol/tasks", Map.of()))))));
  }

  @Test
  void aTaskPastItsTimeToLiveHasExpiredAndItsToolIsCancelled() throws Exception {
    String taskId = started();

    clock.advance(Duration.ofMinutes(11)); // the check after the ttl cancels the tool
    await(cancelled);

    assertThat(task(server.url(), 2, "tasks/get", taskId))
        .isEqualTo(
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                2,
                "error",
                Map.of("code", -32602, "message", "Failed to retrieve task: Task has expired")));
  }

  @Test
  void aClientThatDoesNotDeclareTheExtensionGetsThePlainResult() throws Exception {
    release.countDown();

    Map<String, Object> plain =
        result(call(server.url(), 1, "build", Map.of("branch", "main"), false));

    assertThat(plain)
        .isEqualTo(
            Map.of(
                "content",
                List.of(Map.of("type", "text", "text", "built main")),
                "isError",
                false,
                "resultType",
                "complete",
                "_meta",
                TaskWire.SERVER_INFO));
    assertThat(store.size()).isZero();
  }

  @Test
  void aToolNotMarkedLongRunningIsAnsweredAtOnce() throws Exception {
    Map<String, Object> plain = result(call(server.url(), 1, "echo", Map.of("text", "hi"), true));

    assertThat(plain.get("content")).isEqualTo(List.of(Map.of("type", "text", "text", "Echo: hi")));
    assertThat(store.size()).isZero();
  }

  @Test
  void discoverAdvertisesTheExtension() throws Exception {
    Map<String, Object> d =
        result(TaskWire.post(server.url(), 1, "server/discover", null, Map.of(), true));

    assertThat(d.get("capabilities"))
        .isEqualTo(
            Map.of(
                "tools",
                Map.of("listChanged", true),
                "logging",
                Map.of(),
                "resources",
                Map.of(),
                "prompts",
                Map.of(),
                "completions",
                Map.of(),
                "extensions",
                Map.of("io.modelcontextprotocol/tasks", Map.of())));
  }

  @Test
  void theTaskLivesInTheStoreBesideA2aTasks() throws Exception {
    String taskId = started();

    A2aTask stored = store.get(taskId).orElseThrow();
    assertThat(stored.contextId()).isEqualTo("io.modelcontextprotocol/tasks");
    assertThat(stored.skill()).isEqualTo("build");
    assertThat(stored.state()).isEqualTo(TaskState.WORKING);
    assertThat(stored.statusMessage()).isEqualTo("compiling main");
  }
}
