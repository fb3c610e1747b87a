package dev.toolnexus.bench.served;

import dev.toolnexus.Json;
import dev.toolnexus.agents.AgentDef;
import dev.toolnexus.agents.AgentRuntime;
import dev.toolnexus.agents.Handle;
import dev.toolnexus.agents.TaskResult;
import dev.toolnexus.bench.ProcStat;
import dev.toolnexus.client.ChatModel;
import dev.toolnexus.client.ChatResponse;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.ToolCall;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The agent runtime at scale ({@code bench/agents.sh}): one JVM, one {@link AgentRuntime} per level
 * on a scripted in-process model that answers after a fixed delay (a provider's latency). Three
 * shapes, each a JSON line per level with wall, process CPU, live heap, RSS, the most worker model
 * calls in flight at once, and threads ({@link ThreadCounts}: platform and virtual apart):
 *
 * <ul>
 *   <li>{@code concurrent}: N sub-agents spawned under the root and woken at once (no gate holds
 *       them back: {@code maxConcurrentTurns}, {@code defaultMaxConcurrent} and the host's {@code
 *       maxToolConcurrency} are all N), each answering in one model turn;
 *   <li>{@code fanout}: one coordinator whose model asks for N {@code task} calls in one turn, so
 *       the runtime spawns and runs the N children itself and rolls their answers up;
 *   <li>{@code tree}: N handles as a two-level tree (sqrt(N) parents, each with its share of
 *       children), every one run for one turn, then the live heap per handle held by the tree.
 * </ul>
 */
public final class AgentScale {
  private AgentScale() {}

  /**
   * Runs {@code shape} at each of {@code levels} (comma-separated) with a model delay of {@code
   * delayMs}, after {@code warmup} unreported runs of 100: {@code AgentScale concurrent 10,100,1000
   * 20 3}.
   */
  public static void main(String[] args) throws Exception {
    String shape = args.length > 0 ? args[0] : "concurrent";
    String[] levels = (args.length > 1 ? args[1] : "10,100,1000").split(",");
    long delayMs = args.length > 2 ? Long.parseLong(args[2]) : 20;
    int warmup = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    for (int i = 0; i < warmup; i++) {
      run(shape, 100, delayMs);
    }
    for (String level : levels) {
      System.out.println(Json.write(run(shape, Integer.parseInt(level.trim()), delayMs)));
    }
  }

  /** One level of one shape; the figures of its JSON line. */
  public static Map<String, Object> run(String shape, int n, long delayMs) throws Exception {
    ThreadCounts threads = new ThreadCounts();
    System.gc();
    long heap0 = usedHeap();
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger peakCalls = new AtomicInteger();
    long cpu0 = ProcStat.cpuMillis(0);
    long t0 = System.nanoTime();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("shape", shape);
    m.put("n", n);
    m.put("delayMs", delayMs);
    LlmClient host =
        LlmClient.create(
            ClientOptions.builder()
                .model("m-worker")
                .chatModel(model(delayMs, n, inFlight, peakCalls))
                .maxToolConcurrency(Math.max(n, 8))
                .build());
    int ok;
    long heapHeld;
    try (AgentRuntime rt =
        AgentRuntime.builder(host)
            .agent(
                AgentDef.builder("worker").does("answers one question").model("m-worker").build())
            .agent(
                AgentDef.builder("coordinator")
                    .does("fans a question out to workers")
                    .model("m-coordinator")
                    .team(List.of("worker"))
                    .build())
            .maxConcurrentTurns(Math.max(n, 8))
            .defaultMaxConcurrent(Math.max(n, 8))
            .inboxCap(Math.max(8, n))
            .build()) {
      ok =
          switch (shape) {
            case "concurrent" -> concurrent(rt, rt.root(), n);
            case "fanout" -> fanout(rt, n);
            case "tree" -> tree(rt, n);
            default -> throw new IllegalArgumentException("no shape " + shape);
          };
      m.put("wallMs", (System.nanoTime() - t0) / 1_000_000);
      m.put("cpuMs", ProcStat.cpuMillis(0) - cpu0);
      m.put("handles", rt.list().size());
      System.gc();
      heapHeld = usedHeap() - heap0;
    }
    m.put("ok", ok);
    m.put("liveHeapHeldKb", heapHeld / 1024);
    m.put("liveHeapBytesPerHandle", heapHeld / n);
    m.put("rssMb", ProcStat.rssKb(0) / 1024);
    m.put("peakRssMb", ProcStat.peakRssKb(0) / 1024);
    m.put("peakModelCallsInFlight", peakCalls.get());
    try (threads) {
      m.putAll(threads.stop());
    }
    return m;
  }

  /** N workers under {@code parent}, woken at once; how many answered. */
  private static int concurrent(AgentRuntime rt, Handle parent, int n) throws Exception {
    List<Handle> hs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      hs.add(rt.spawn(parent, "worker"));
    }
    List<CompletableFuture<TaskResult>> done = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      rt.wake(hs.get(i), "question " + i);
      done.add(rt.waitAsync(hs.get(i), Duration.ofMinutes(5)));
    }
    int ok = 0;
    for (CompletableFuture<TaskResult> f : done) {
      TaskResult r = f.get(5, TimeUnit.MINUTES);
      ok += !r.isError() && r.text().startsWith("answer to question") ? 1 : 0;
    }
    return ok;
  }

  /** One coordinator asking for N task calls in one turn; how many answers its result rolled up. */
  private static int fanout(AgentRuntime rt, int n) {
    Handle c = rt.spawn(rt.root(), "coordinator");
    rt.wake(c, "fan out " + n);
    TaskResult r = rt.wait(c, Duration.ofMinutes(5));
    return r.isError() ? 0 : Integer.parseInt(r.text().replace("rolled up ", ""));
  }

  /** N handles, sqrt(N) parents with the rest as their children, each run once; how many ran. */
  private static int tree(AgentRuntime rt, int n) throws Exception {
    int parents = (int) Math.max(1, Math.round(Math.sqrt(n)));
    List<Handle> ps = new ArrayList<>(parents);
    for (int i = 0; i < parents; i++) {
      ps.add(rt.spawn(rt.root(), "worker"));
    }
    int ok = concurrentAll(rt, ps);
    int left = n - parents;
    for (int i = 0; i < parents; i++) {
      int share = left / parents + (i < left % parents ? 1 : 0);
      ok += concurrent(rt, ps.get(i), share);
    }
    return ok;
  }

  private static int concurrentAll(AgentRuntime rt, List<Handle> hs) throws Exception {
    List<CompletableFuture<TaskResult>> done = new ArrayList<>();
    for (Handle h : hs) {
      rt.wake(h, "question p");
      done.add(rt.waitAsync(h, Duration.ofMinutes(5)));
    }
    int ok = 0;
    for (CompletableFuture<TaskResult> f : done) {
      ok += f.get(5, TimeUnit.MINUTES).isError() ? 0 : 1;
    }
    return ok;
  }

  /**
   * The scripted model: a worker answers its question after {@code delayMs}; the coordinator asks
   * for {@code n} task calls, then counts the worker answers among its tool results.
   */
  static ChatModel model(long delayMs, int n, AtomicInteger inFlight, AtomicInteger peak) {
    return request -> {
      List<Message> msgs = request.messages();
      if ("m-coordinator".equals(request.model())) {
        long results = msgs.stream().filter(Message.ToolMessage.class::isInstance).count();
        if (results == 0) {
          ToolCall[] calls = new ToolCall[n];
          for (int i = 0; i < n; i++) {
            calls[i] =
                new ToolCall(
                    "t" + i, "task", "{\"agent\":\"worker\",\"prompt\":\"question " + i + "\"}");
          }
          return ChatResponse.toolCalls(calls);
        }
        long answered =
            msgs.stream()
                .filter(Message.ToolMessage.class::isInstance)
                .filter(x -> ((Message.ToolMessage) x).output().contains("answer to question"))
                .count();
        return ChatResponse.text("rolled up " + answered);
      }
      peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      try {
        sleep(delayMs);
      } finally {
        inFlight.decrementAndGet();
      }
      String last = "";
      for (Message x : msgs) {
        if (x instanceof Message.UserMessage u) {
          last = u.text();
        }
      }
      return ChatResponse.text("answer to " + last);
    };
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static long usedHeap() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
