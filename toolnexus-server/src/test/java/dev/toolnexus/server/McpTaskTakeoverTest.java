package dev.toolnexus.server;

import static dev.toolnexus.server.TaskWire.await;
import static dev.toolnexus.server.TaskWire.call;
import static dev.toolnexus.server.TaskWire.result;
import static dev.toolnexus.server.TaskWire.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.internal.SqlTables;
import dev.toolnexus.server.a2a.JdbcTaskStore;
import dev.toolnexus.server.a2a.LeaseOptions;
import dev.toolnexus.testing.Postgres;
import dev.toolnexus.time.VirtualScheduler;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Served MCP tasks on two replicas sharing one real PostgreSQL database, each with its own owner id
 * and virtual clock: a replica whose clock stands still renews nothing, as if it died, and the
 * other takes its task over once the lease ran out, running the call again only for an idempotent
 * tool and otherwise failing the task with the reason.
 */
class McpTaskTakeoverTest {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  private final List<AutoCloseable> open = new ArrayList<>();
  private final AtomicInteger lookups = new AtomicInteger();
  private final AtomicInteger deploys = new AtomicInteger();
  private final CountDownLatch started = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private String url;

  @BeforeEach
  void database() {
    url = Postgres.freshDatabase();
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  /**
   * {@code lookup {q}} (read-only and idempotent) answers "found <q>" and {@code deploy {to}}
   * (marked nothing) answers "deployed <to>"; the first call of each blocks until released.
   */
  private Toolkit toolkit() {
    Map<String, Object> schema = Map.of("type", "object", "properties", Map.of());
    return Toolkit.builder()
        .builtins(false)
        .tools(
            Tools.annotated(
                Tools.define(
                    "lookup",
                    "Looks a thing up",
                    schema,
                    (args, ctx) -> {
                      if (lookups.incrementAndGet() == 1) {
                        started.countDown();
                        release.await(30, TimeUnit.SECONDS);
                      }
                      return "found " + args.get("q");
                    }),
                ToolAnnotations.of(true, false, true, false)),
            Tools.define(
                "deploy",
                "Deploys",
                schema,
                (args, ctx) -> {
                  if (deploys.incrementAndGet() == 1) {
                    started.countDown();
                    release.await(30, TimeUnit.SECONDS);
                  }
                  return "deployed " + args.get("to");
                }))
        .build();
  }

  private McpHttpServer replica(String owner, VirtualScheduler clock, Duration ttl)
      throws Exception {
    Toolkit toolkit = toolkit();
    open.add(toolkit);
    JdbcTaskStore store =
        JdbcTaskStore.of(
            SqlTables.connect(url)::open,
            JdbcTaskStore.DEFAULT_TABLE,
            new LeaseOptions(owner, Duration.ofSeconds(30), Duration.ofSeconds(10), clock));
    McpHttpServer server =
        McpServe.http(
            toolkit,
            McpServeOptions.builder()
                .taskTools("lookup", "deploy")
                .taskStore(store)
                .taskTtl(ttl)
                .taskPollInterval(Duration.ofSeconds(1))
                .scheduler(clock)
                .build());
    open.add(server);
    return server;
  }

  private McpHttpServer replica(String owner, VirtualScheduler clock) throws Exception {
    return replica(owner, clock, Duration.ofHours(1));
  }

  private static String startTask(McpHttpServer on, String tool, Map<String, Object> args)
      throws Exception {
    return (String) result(call(on.url(), 1, tool, args, true)).get("taskId");
  }

  private static Map<String, Object> text(String text) {
    return Map.of("content", List.of(Map.of("type", "text", "text", text)), "isError", false);
  }

  private static Map<String, Object> get(URI url, String taskId) throws Exception {
    return task(url, 2, "tasks/get", taskId);
  }

  @Test
  void aTaskOfAnIdempotentToolWhoseReplicaDiedIsRunAgainByTheOther() throws Exception {
    VirtualScheduler clockB = new VirtualScheduler(START);
    McpHttpServer a = replica("replica-a", new VirtualScheduler(START));
    McpHttpServer b = replica("replica-b", clockB);
    String taskId = startTask(a, "lookup", Map.of("q", "pi"));
    await(started);

    clockB.advance(Duration.ofSeconds(40)); // the first renewal tick after the lease ran out

    Map<String, Object> done = TaskWire.settled(b.url(), taskId);
    assertThat(done.get("status")).isEqualTo("completed");
    assertThat(done.get("result")).isEqualTo(text("found pi"));
    assertThat(lookups.get()).isEqualTo(2);
  }

  @Test
  void aTaskOfANonIdempotentToolWhoseReplicaDiedIsFailedNamingTheReplicaAndTheTool()
      throws Exception {
    VirtualScheduler clockB = new VirtualScheduler(START);
    McpHttpServer a = replica("replica-a", new VirtualScheduler(START));
    McpHttpServer b = replica("replica-b", clockB);
    String taskId = startTask(a, "deploy", Map.of("to", "prod"));
    await(started);

    clockB.advance(Duration.ofSeconds(40)); // the first renewal tick after the lease ran out

    Map<String, Object> failed = TaskWire.settled(b.url(), taskId);
    String why =
        "the replica replica-a that ran this task stopped; the call was not repeated because tool"
            + " deploy is not idempotent";
    assertThat(failed.get("status")).isEqualTo("failed");
    assertThat(failed.get("statusMessage")).isEqualTo(why);
    assertThat(failed.get("error")).isEqualTo(Map.of("code", -32603, "message", why));
    assertThat(deploys.get()).isEqualTo(1);
  }

  @Test
  void aReplicaThatRenewsKeepsItsTaskPastTheLeaseDuration() throws Exception {
    VirtualScheduler clockA = new VirtualScheduler(START);
    VirtualScheduler clockB = new VirtualScheduler(START);
    McpHttpServer a = replica("replica-a", clockA);
    McpHttpServer b = replica("replica-b", clockB);
    String taskId = startTask(a, "deploy", Map.of("to", "prod"));
    await(started);

    JdbcTaskStore reader = JdbcTaskStore.of(url);
    for (int i = 0; i < 6; i++) {
      clockA.advance(Duration.ofSeconds(10));
      Instant renewed = clockA.now().plusSeconds(30);
      for (int w = 0; w < 400 && !renewed.equals(reader.lease(taskId).get().expiresAt()); w++) {
        Thread.sleep(50); // the renewal runs on a worker
      }
      clockB.advance(Duration.ofSeconds(10));
    }

    assertThat(result(get(b.url(), taskId)).get("status")).isEqualTo("working");
    release.countDown();
    Map<String, Object> done = TaskWire.settled(b.url(), taskId);
    assertThat(done.get("status")).isEqualTo("completed");
    assertThat(done.get("result")).isEqualTo(text("deployed prod"));
    assertThat(deploys.get()).isEqualTo(1);
  }

  @Test
  void anExpiredTaskAnswersAsExpiredThenIsSweptFromTheStore() throws Exception {
    release.countDown();
    VirtualScheduler clockA = new VirtualScheduler(START);
    McpHttpServer a = replica("replica-a", clockA, Duration.ofMinutes(1));
    String taskId = startTask(a, "lookup", Map.of("q", "pi"));
    assertThat(TaskWire.settled(a.url(), taskId).get("status")).isEqualTo("completed");

    clockA.advance(Duration.ofSeconds(61));
    Map<String, Object> expired = get(a.url(), taskId);
    clockA.advance(Duration.ofMinutes(10)); // the sweep after the grace deletes it
    JdbcTaskStore reader = JdbcTaskStore.of(url);
    for (int w = 0; w < 400 && reader.get(taskId).isPresent(); w++) {
      Thread.sleep(50); // the sweep runs on a worker
    }

    assertThat(expired.get("error"))
        .isEqualTo(Map.of("code", -32602, "message", "Failed to retrieve task: Task has expired"));
    assertThat(reader.get(taskId)).isEmpty();
    assertThat(get(a.url(), taskId).get("error"))
        .isEqualTo(Map.of("code", -32602, "message", "Failed to retrieve task: Task not found"));
  }
}
