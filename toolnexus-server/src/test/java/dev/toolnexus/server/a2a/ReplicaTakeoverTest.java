package dev.toolnexus.server.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.a2a.Dialect;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Style;
import dev.toolnexus.internal.SqlTables;
import dev.toolnexus.testing.Postgres;
import dev.toolnexus.time.VirtualScheduler;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two served replicas on one real PostgreSQL database, each with its own owner id and virtual
 * clock: one stops renewing (its clock never moves, as if it died), and the other takes its task
 * over once the lease expired, finishing it only when that cannot repeat an effect.
 */
class ReplicaTakeoverTest {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private static final Dialect D = Dialect.V0_3;

  private final HttpClient http = HttpClient.newHttpClient();
  private final List<AutoCloseable> open = new ArrayList<>();
  private final AtomicInteger lookups = new AtomicInteger();
  private final CountDownLatch firstLookup = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch waitStarted = new CountDownLatch(1);
  private final CountDownLatch waitCanceled = new CountDownLatch(1);
  private final List<TaskEvent> events = new CopyOnWriteArrayList<>();
  private ScriptedLlm llm;
  private String url;

  @BeforeEach
  void start() throws Exception {
    url = Postgres.freshDatabase();
    llm = new ScriptedLlm();
    open.add(llm);
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  /** {@code wait} (blocks until canceled, marked nothing) beside {@code lookup}. */
  private Toolkit toolkit(boolean onlyIdempotent) {
    Toolkit.Builder b =
        Toolkit.builder()
            .builtins(false)
            .tools(
                Tools.annotated(
                    Tools.define(
                        "lookup",
                        "Looks a thing up; the first call blocks until released",
                        Map.of("type", "object", "properties", Map.of()),
                        (args, ctx) -> {
                          if (lookups.incrementAndGet() == 1) {
                            firstLookup.countDown();
                            release.await(30, TimeUnit.SECONDS);
                          }
                          return "found";
                        }),
                    ToolAnnotations.of(true, false, true, false)));
    if (!onlyIdempotent) {
      b.tools(
          Tools.define(
              "wait",
              "Waits until canceled",
              Map.of("type", "object", "properties", Map.of()),
              (args, ctx) -> {
                CountDownLatch latch = new CountDownLatch(1);
                ctx.cancel().onCancel(latch::countDown);
                waitStarted.countDown();
                latch.await(30, TimeUnit.SECONDS);
                if (ctx.cancel().isCancelled()) {
                  waitCanceled.countDown();
                }
                return "stopped";
              }));
    }
    return b.build();
  }

  private A2aHttpServer replica(String owner, VirtualScheduler clock, boolean onlyIdempotent)
      throws Exception {
    Toolkit toolkit = toolkit(onlyIdempotent);
    open.add(toolkit);
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(llm.baseUrl())
                .style(Style.OPENAI)
                .model("scripted")
                .apiKey("test-key")
                .retries(0)
                .build());
    JdbcTaskStore store =
        JdbcTaskStore.of(
            SqlTables.connect(url)::open,
            JdbcTaskStore.DEFAULT_TABLE,
            new LeaseOptions(owner, Duration.ofSeconds(30), Duration.ofSeconds(10), clock));
    A2aHttpServer server =
        A2aServe.http(
            toolkit, client, A2aServeOptions.builder().store(store).onTask(events::add).build());
    open.add(server);
    return server;
  }

  private Map<String, Object> rpc(A2aHttpServer server, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(server.url())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    Rpc.headers(D).forEach(b::header);
    return dev.toolnexus.Json.parseObject(
        http.send(b.build(), HttpResponse.BodyHandlers.ofString()).body());
  }

  private String send(A2aHttpServer server, String text) throws Exception {
    return (String) Rpc.task(rpc(server, Rpc.send(D, text, null, null, false))).get("id");
  }

  /** The task as a replica answers it, once it is in {@code state} (or after 20 s, as it is). */
  private Map<String, Object> awaitState(A2aHttpServer server, String id, String state)
      throws Exception {
    Map<String, Object> task = Rpc.task(rpc(server, Rpc.get(D, id)));
    for (int i = 0; i < 200 && !Rpc.state(task).equals(state); i++) {
      Thread.sleep(100);
      task = Rpc.task(rpc(server, Rpc.get(D, id)));
    }
    return task;
  }

  @Test
  void aRunningTaskOfAReplicaThatStoppedRenewingIsFailedByTheOtherWithTheReason() throws Exception {
    VirtualScheduler clockB = new VirtualScheduler(START);
    A2aHttpServer a = replica("replica-a", new VirtualScheduler(START), false);
    A2aHttpServer b = replica("replica-b", clockB, false);
    String id = send(a, "lookup");
    assertThat(firstLookup.await(20, TimeUnit.SECONDS)).isTrue();

    clockB.advance(Duration.ofSeconds(40)); // the first renewal tick after the lease ran out

    Map<String, Object> task = awaitState(b, id, "failed");
    assertThat(Rpc.state(task)).isEqualTo("failed");
    assertThat(Rpc.statusText(task))
        .isEqualTo(
            "replica replica-a stopped while running this task; not re-run because its tools"
                + " (wait) are neither read-only nor idempotent, so running it again could repeat"
                + " their effects");
    for (int i = 0; i < 200 && events.isEmpty(); i++) {
      Thread.sleep(100);
    }
    assertThat(events).extracting(TaskEvent::state).containsExactly(TaskState.FAILED);
    assertThat(lookups.get()).isEqualTo(1);
  }

  @Test
  void aRunningTaskWhoseToolsAreAllIdempotentIsRunAgainByTheOtherReplica() throws Exception {
    VirtualScheduler clockB = new VirtualScheduler(START);
    A2aHttpServer a = replica("replica-a", new VirtualScheduler(START), true);
    A2aHttpServer b = replica("replica-b", clockB, true);
    String id = send(a, "lookup");
    assertThat(firstLookup.await(20, TimeUnit.SECONDS)).isTrue();

    clockB.advance(Duration.ofSeconds(40)); // the first renewal tick after the lease ran out

    Map<String, Object> task = awaitState(b, id, "completed");
    assertThat(Rpc.state(task)).isEqualTo("completed");
    assertThat(Rpc.artifactText(task)).isEqualTo("done: found");
    assertThat(lookups.get()).isEqualTo(2);
  }

  @Test
  void aTaskAcceptedButNotStartedByADeadReplicaIsRunByTheOther() throws Exception {
    JdbcTaskStore dead =
        JdbcTaskStore.of(
            SqlTables.connect(url)::open,
            JdbcTaskStore.DEFAULT_TABLE,
            new LeaseOptions("replica-a", null, null, new VirtualScheduler(START)));
    dead.save(
        A2aTask.submitted(
            "t-1", "ctx-1", new A2aTask.Message("m-1", "user", "echo hi"), null, START.toString()));
    VirtualScheduler clockB = new VirtualScheduler(START);
    A2aHttpServer b = replica("replica-b", clockB, false);

    clockB.advance(Duration.ofSeconds(40)); // the first renewal tick after the lease ran out

    Map<String, Object> task = awaitState(b, "t-1", "completed");
    assertThat(Rpc.state(task)).isEqualTo("completed");
    assertThat(Rpc.artifactText(task)).isEqualTo("echo: hi");
  }

  @Test
  void aReplicaThatRenewsKeepsItsTaskPastTheLeaseDuration() throws Exception {
    VirtualScheduler clockA = new VirtualScheduler(START);
    VirtualScheduler clockB = new VirtualScheduler(START);
    A2aHttpServer a = replica("replica-a", clockA, false);
    A2aHttpServer b = replica("replica-b", clockB, false);
    String id = send(a, "lookup");
    assertThat(firstLookup.await(20, TimeUnit.SECONDS)).isTrue();

    JdbcTaskStore reader = JdbcTaskStore.of(url);
    for (int i = 0; i < 6; i++) {
      clockA.advance(Duration.ofSeconds(10));
      Instant renewed = clockA.now().plusSeconds(30);
      for (int w = 0; w < 200 && !renewed.equals(reader.lease(id).get().expiresAt()); w++) {
        Thread.sleep(50); // the renewal runs on a worker
      }
      clockB.advance(Duration.ofSeconds(10));
    }

    assertThat(Rpc.state(Rpc.task(rpc(b, Rpc.get(D, id))))).isEqualTo("working");
    release.countDown();
    assertThat(Rpc.state(awaitState(a, id, "completed"))).isEqualTo("completed");
    assertThat(lookups.get()).isEqualTo(1);
  }

  @Test
  void aTaskCanceledThroughTheOtherReplicaStopsItsRunAtTheNextRenewal() throws Exception {
    VirtualScheduler clockA = new VirtualScheduler(START);
    A2aHttpServer a = replica("replica-a", clockA, false);
    A2aHttpServer b = replica("replica-b", new VirtualScheduler(START), false);
    String id = send(a, "slow");
    assertThat(waitStarted.await(20, TimeUnit.SECONDS)).isTrue();

    assertThat(Rpc.state(Rpc.task(rpc(b, Rpc.cancel(D, id))))).isEqualTo("canceled");
    assertThat(waitCanceled.getCount()).isEqualTo(1); // the run goes on until its owner renews
    clockA.advance(Duration.ofSeconds(10));

    assertThat(waitCanceled.await(20, TimeUnit.SECONDS)).isTrue();
    assertThat(Rpc.state(Rpc.task(rpc(a, Rpc.get(D, id))))).isEqualTo("canceled");
  }
}
