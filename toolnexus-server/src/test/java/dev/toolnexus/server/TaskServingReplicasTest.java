package dev.toolnexus.server;

import static dev.toolnexus.server.TaskWire.await;
import static dev.toolnexus.server.TaskWire.call;
import static dev.toolnexus.server.TaskWire.result;
import static dev.toolnexus.server.TaskWire.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Toolkit;
import dev.toolnexus.server.a2a.JdbcTaskStore;
import dev.toolnexus.testing.Postgres;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two MCP servers over one JDBC task store on a real PostgreSQL server, as two replicas behind a
 * load balancer: a task created on one is polled, finished and cancelled through the other.
 */
class TaskServingReplicasTest {
  private final CountDownLatch progressed = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch cancelled = new CountDownLatch(1);
  private Toolkit toolkit;
  private McpHttpServer a;
  private McpHttpServer b;

  @BeforeEach
  void serve() throws Exception {
    String url = Postgres.freshDatabase();
    toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(List.of(TaskWire.build(progressed, release, cancelled)))
            .build();
    a = McpServe.http(toolkit, options(JdbcTaskStore.of(url)));
    b = McpServe.http(toolkit, options(JdbcTaskStore.of(url)));
  }

  private static McpServeOptions options(JdbcTaskStore store) {
    return McpServeOptions.builder()
        .taskTools("build")
        .taskStore(store)
        .taskPollInterval(Duration.ofMillis(50))
        .build();
  }

  @AfterEach
  void stop() {
    release.countDown();
    a.close();
    b.close();
    toolkit.close();
  }

  private String startedOnA() throws Exception {
    String taskId =
        (String) result(call(a.url(), 1, "build", Map.of("branch", "main"), true)).get("taskId");
    await(progressed);
    return taskId;
  }

  @Test
  void theOtherReplicaAnswersForATaskWithItsProgressAndItsResult() throws Exception {
    String taskId = startedOnA();

    Map<String, Object> working = result(task(b.url(), 2, "tasks/get", taskId));
    release.countDown();
    Map<String, Object> done = TaskWire.settled(b.url(), taskId);

    assertThat(working.get("status")).isEqualTo("working");
    assertThat(working.get("statusMessage")).isEqualTo("compiling main");
    assertThat(done.get("status")).isEqualTo("completed");
    assertThat(done.get("result"))
        .isEqualTo(
            Map.of(
                "content",
                List.of(Map.of("type", "text", "text", "built main")),
                "isError",
                false));
  }

  @Test
  void aCancelOnTheOtherReplicaStopsTheToolWhereItRuns() throws Exception {
    String taskId = startedOnA();

    Map<String, Object> ack = result(task(b.url(), 2, "tasks/cancel", taskId));
    await(cancelled); // replica A notices when it next checks its running tasks

    assertThat(ack).containsEntry("resultType", "complete");
    Map<String, Object> now = result(task(a.url(), 3, "tasks/get", taskId));
    assertThat(now.get("status")).isEqualTo("cancelled");
    assertThat(now.get("statusMessage")).isEqualTo("cancelled by the client");
  }
}
