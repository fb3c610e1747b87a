package dev.toolnexus.client;

import static dev.toolnexus.client.Fixtures.openaiCalls;
import static dev.toolnexus.client.Fixtures.openaiText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ToolConcurrencyTest {
  /**
   * A run deadline the first model round trip always beats, even on a loaded 2-core machine, so
   * that it is the blocked step after it that the deadline ends; the tests wait this long.
   */
  private static final java.time.Duration RUN_DEADLINE = java.time.Duration.ofMillis(1500);

  private final FakeProvider provider = new FakeProvider();

  ToolConcurrencyTest() throws Exception {}

  @AfterEach
  void stop() {
    provider.close();
  }

  @Test
  void callsOfOneTurnRunAtTheSameTimeAndComeBackInCallOrder() {
    CountDownLatch bothRunning = new CountDownLatch(2);
    Tool meet =
        Tools.define(
            "meet",
            "waits for the other call",
            Fixtures.WEATHER_SCHEMA,
            (args, ctx) -> {
              bothRunning.countDown();
              try {
                return bothRunning.await(20, TimeUnit.SECONDS)
                    ? "met " + args.get("location")
                    : "alone";
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    provider
        .json(
            openaiCalls(
                1,
                1,
                new String[] {"c1", "meet", "{\"location\":\"first\"}"},
                new String[] {"c2", "meet", "{\"location\":\"second\"}"}))
        .json(openaiText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult r = client.run("go", Toolkit.of(meet));

    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::id, ToolCallRecord::output)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("c1", "met first"),
            org.assertj.core.groups.Tuple.tuple("c2", "met second"));
  }

  @Test
  void aSequentialToolNeverRunsBesideItself() {
    AtomicInteger running = new AtomicInteger();
    AtomicInteger maxSeen = new AtomicInteger();
    Tool counter =
        Tools.sequential(
            Tools.define(
                "count",
                "not thread-safe",
                Fixtures.WEATHER_SCHEMA,
                (args, ctx) -> {
                  int now = running.incrementAndGet();
                  maxSeen.accumulateAndGet(now, Math::max);
                  Thread.yield();
                  running.decrementAndGet();
                  return "counted " + args.get("location");
                }));
    String[][] calls = new String[6][];
    for (int i = 0; i < calls.length; i++) {
      calls[i] = new String[] {"c" + i, "count", "{\"location\":\"" + i + "\"}"};
    }
    provider.json(openaiCalls(1, 1, calls)).json(openaiText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());

    RunResult r = client.run("go", Toolkit.of(counter));

    assertThat(maxSeen.get()).isEqualTo(1);
    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::output)
        .containsExactly(
            "counted 0", "counted 1", "counted 2", "counted 3", "counted 4", "counted 5");
  }

  @Test
  void twoClientsSharingOneToolkitNeverRunASequentialToolAtOnce() throws Exception {
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger maxInside = new AtomicInteger();
    CountDownLatch firstInside = new CountDownLatch(1);
    java.util.concurrent.atomic.AtomicReference<Thread> second =
        new java.util.concurrent.atomic.AtomicReference<>();
    Tool ledger =
        Tools.sequential(
            Tools.define(
                "ledger",
                "not thread-safe",
                Fixtures.WEATHER_SCHEMA,
                (args, ctx) -> {
                  int now = inside.incrementAndGet();
                  maxInside.accumulateAndGet(now, Math::max);
                  try {
                    if (firstInside.getCount() == 1) {
                      firstInside.countDown();
                      // stay inside until the other client is parked on the toolkit's lock, or
                      // (without the lock) has come in beside this call
                      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                      while (System.nanoTime() < until
                          && inside.get() == 1
                          && !parkedOnALock(second.get())) {
                        Thread.sleep(5);
                      }
                    }
                    return "wrote " + args.get("location");
                  } finally {
                    inside.decrementAndGet();
                  }
                }));
    Toolkit shared = Toolkit.of(ledger);
    try (FakeProvider other = new FakeProvider()) {
      provider
          .json(openaiCalls(1, 1, new String[] {"a1", "ledger", "{\"location\":\"a\"}"}))
          .json(openaiText("a done", 1, 1));
      other
          .json(openaiCalls(1, 1, new String[] {"b1", "ledger", "{\"location\":\"b\"}"}))
          .json(openaiText("b done", 1, 1));
      LlmClient clientA = LlmClient.create(Fixtures.openai(provider).build());
      LlmClient clientB = LlmClient.create(Fixtures.openai(other).build());
      java.util.concurrent.CompletableFuture<RunResult> a =
          new java.util.concurrent.CompletableFuture<>();
      java.util.concurrent.CompletableFuture<RunResult> b =
          new java.util.concurrent.CompletableFuture<>();
      Thread ta = new Thread(() -> runInto(clientA, shared, a));
      Thread tb = new Thread(() -> runInto(clientB, shared, b));
      second.set(tb);
      ta.start();
      assertThat(firstInside.await(20, TimeUnit.SECONDS)).isTrue();
      tb.start();

      assertThat(a.get(30, TimeUnit.SECONDS).text()).isEqualTo("a done");
      assertThat(b.get(30, TimeUnit.SECONDS).text()).isEqualTo("b done");
      assertThat(maxInside.get()).isEqualTo(1);
    }
  }

  private static void runInto(
      LlmClient client, Toolkit toolkit, java.util.concurrent.CompletableFuture<RunResult> out) {
    try {
      out.complete(client.run("go", toolkit));
    } catch (Throwable e) {
      out.completeExceptionally(e);
    }
  }

  private static boolean parkedOnALock(Thread t) {
    return t != null
        && t.getState() == Thread.State.WAITING
        && java.util.Arrays.stream(t.getStackTrace())
            .anyMatch(f -> f.getClassName().startsWith("java.util.concurrent.locks.ReentrantLock"));
  }

  @Test
  void theRunsCancelTokenReachesRunningTools() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch sawCancel = new CountDownLatch(1);
    Tool slow =
        Tools.define(
            "slow",
            "waits for cancel",
            Map.of("type", "object"),
            (args, ctx) -> {
              ctx.cancel().onCancel(sawCancel::countDown);
              started.countDown();
              try {
                sawCancel.await(20, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return "stopped";
            });
    provider.json(openaiCalls(1, 1, new String[] {"c1", "slow", "{}"}));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).build());
    dev.toolnexus.CancelToken cancel = new dev.toolnexus.CancelToken();

    var future = client.runAsync("go", RunOptions.of(Toolkit.of(slow)).withCancel(cancel));
    assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();
    cancel.cancel();

    assertThat(sawCancel.await(20, TimeUnit.SECONDS)).isTrue();
    org.assertj.core.api.Assertions.assertThatThrownBy(future::join)
        .isInstanceOf(java.util.concurrent.CancellationException.class);
    assertThat(provider.requests()).hasSize(1);
  }

  @Test
  void aRunDeadlineIsIncompleteWithTimeoutAndKeepsTurnsAndUsage() throws Exception {
    Tool sleepy =
        Tools.define(
            "sleepy",
            "waits for cancel",
            Map.of("type", "object"),
            (args, ctx) -> {
              CountDownLatch l = new CountDownLatch(1);
              ctx.cancel().onCancel(l::countDown);
              try {
                l.await(20, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return "woke: " + ctx.cancel().reason();
            });
    provider.json(openaiCalls(7, 3, new String[] {"c1", "sleepy", "{}"}));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).timeout(RUN_DEADLINE).build());

    RunResult r = client.run("go", Toolkit.of(sleepy));

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.TIMEOUT);
    assertThat(r.turns()).isEqualTo(1);
    assertThat(r.usage()).isEqualTo(new Usage(7, 3, 10));
    assertThat(r.toolCalls()).extracting(ToolCallRecord::output).containsExactly("woke: timeout");
    assertThat(List.copyOf(provider.requests())).hasSize(1);
  }

  @Test
  void aDeadlineInterruptsABlockedWaitFor() {
    Tool gate =
        Tools.define(
            "gate",
            "suspends",
            Map.of("type", "object"),
            (args, ctx) ->
                dev.toolnexus.ToolResult.pending(
                    new dev.toolnexus.Request("g1", "approval", "Allow?", null, null, null)));
    provider.json(openaiCalls(2, 1, new String[] {"c1", "gate", "{}"}));
    CountDownLatch never = new CountDownLatch(1);
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider)
                .timeout(RUN_DEADLINE)
                .waitFor(
                    req -> {
                      never.await();
                      return dev.toolnexus.Answer.ok(req.id());
                    })
                .build());

    RunResult r = client.run("go", Toolkit.of(gate));

    assertThat(r.status()).isEqualTo(RunStatus.INCOMPLETE);
    assertThat(r.limit()).isEqualTo(RunLimit.TIMEOUT);
    assertThat(r.usage()).isEqualTo(new Usage(2, 1, 3));
  }

  @Test
  void cancellingANonStreamingRunAbortsItsInFlightRequest() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    provider.stall(release);
    LlmClient client =
        LlmClient.create(
            Fixtures.openai(provider).requestTimeout(java.time.Duration.ofMinutes(5)).build());
    dev.toolnexus.CancelToken cancel = new dev.toolnexus.CancelToken();
    try {
      var future = client.runAsync("go", RunOptions.of(Toolkit.of()).withCancel(cancel));
      assertThat(provider.stalled.await(20, TimeUnit.SECONDS)).isTrue();
      cancel.cancel();
      // JDK 25's join wraps the run's exception in another CancellationException ("join").
      org.assertj.core.api.Assertions.assertThatThrownBy(future::join)
          .isInstanceOf(java.util.concurrent.CancellationException.class)
          .satisfiesAnyOf(
              e -> assertThat(e).hasMessage("run cancelled"),
              e -> assertThat(e.getCause()).hasMessage("run cancelled"));
    } finally {
      release.countDown();
    }
  }

  /**
   * A tool that sends ahead, like a stdio MCP tool: {@code send} records that the call went out and
   * the supplier records that its result was collected, each with the thread it ran on.
   */
  private static final class SendsAhead extends dev.toolnexus.internal.AbstractTool
      implements dev.toolnexus.internal.PipelinedTool {
    final List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();

    SendsAhead() {
      super(
          "ahead",
          "sends its call before the result is asked for",
          dev.toolnexus.Json.parseObject(Fixtures.WEATHER_SCHEMA),
          dev.toolnexus.Source.MCP);
    }

    @Override
    public dev.toolnexus.ToolResult execute(
        Map<String, Object> args, dev.toolnexus.ToolContext ctx) {
      return send(args, ctx).get();
    }

    @Override
    public java.util.function.Supplier<dev.toolnexus.ToolResult> send(
        Map<String, Object> args, dev.toolnexus.ToolContext ctx) {
      Object where = args.get("location");
      log.add("sent " + where + " on " + Thread.currentThread().getName());
      return () -> {
        log.add("collected " + where + " on " + Thread.currentThread().getName());
        return dev.toolnexus.ToolResult.ok("done " + where);
      };
    }
  }

  @Test
  void callsToToolsThatSendAheadAreAllSentByTheRunThreadBeforeAnyResultIsCollected() {
    SendsAhead ahead = new SendsAhead();
    List<MetricEvent> metrics = new java.util.concurrent.CopyOnWriteArrayList<>();
    provider
        .json(
            openaiCalls(
                1,
                1,
                new String[] {"c1", "ahead", "{\"location\":\"first\"}"},
                new String[] {"c2", "ahead", "{\"location\":\"second\"}"},
                new String[] {"c3", "ahead", "{\"location\":7}"}))
        .json(openaiText("ok", 1, 1));
    LlmClient client = LlmClient.create(Fixtures.openai(provider).onMetric(metrics::add).build());
    String me = Thread.currentThread().getName();

    RunResult r = client.run("go", Toolkit.of(ahead));

    assertThat(r.toolCalls().get(2).output()).startsWith("Invalid arguments for tool ahead:");
    assertThat(ahead.log)
        .containsExactly(
            "sent first on " + me,
            "sent second on " + me,
            "collected first on " + me,
            "collected second on " + me);
    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::id, ToolCallRecord::output)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("c1", "done first"),
            org.assertj.core.groups.Tuple.tuple("c2", "done second"),
            // the same text as the call run whole, without sending it
            org.assertj.core.groups.Tuple.tuple(
                "c3", Toolkit.of(ahead).execute("ahead", Map.of("location", 7)).output()));
    assertThat(metrics)
        .filteredOn(m -> m instanceof MetricEvent.ToolEvent)
        .extracting(
            m -> ((MetricEvent.ToolEvent) m).tool(), m -> ((MetricEvent.ToolEvent) m).isError())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ahead", false),
            org.assertj.core.groups.Tuple.tuple("ahead", false),
            org.assertj.core.groups.Tuple.tuple("ahead", true));
  }

  @Test
  void withAHookEachCallOfATurnStillRunsThroughTheHookOnAThreadOfItsOwn() {
    SendsAhead ahead = new SendsAhead();
    List<String> hooked = new java.util.concurrent.CopyOnWriteArrayList<>();
    provider
        .json(
            openaiCalls(
                1,
                1,
                new String[] {"c1", "ahead", "{\"location\":\"first\"}"},
                new String[] {"c2", "ahead", "{\"location\":\"second\"}"}))
        .json(openaiText("ok", 1, 1));
    Hooks hook =
        new Hooks() {
          @Override
          public Hooks.ToolOverride beforeTool(Hooks.ToolCallEvent event) {
            hooked.add(event.id());
            return null;
          }
        };
    LlmClient client = LlmClient.create(Fixtures.openai(provider).hooks(hook).build());
    String me = Thread.currentThread().getName();

    RunResult r = client.run("go", Toolkit.of(ahead));

    assertThat(hooked).containsExactlyInAnyOrder("c1", "c2");
    assertThat(ahead.log).contains("sent first on " + me, "collected first on " + me);
    assertThat(ahead.log).filteredOn(l -> l.contains("second")).noneMatch(l -> l.endsWith(me));
    assertThat(r.toolCalls())
        .extracting(ToolCallRecord::output)
        .containsExactly("done first", "done second");
  }
}
