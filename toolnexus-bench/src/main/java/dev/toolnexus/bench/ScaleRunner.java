package dev.toolnexus.bench;

import dev.toolnexus.Adapters;
import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.client.ClientOptions;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Message;
import dev.toolnexus.client.ModelOptions;
import dev.toolnexus.client.RunOptions;
import dev.toolnexus.client.RunResult;
import dev.toolnexus.client.Style;
import dev.toolnexus.client.ToolCall;
import dev.toolnexus.client.internal.HttpChatModel;
import dev.toolnexus.client.memory.InMemoryConversationStore;
import dev.toolnexus.internal.Threads;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * How cost grows with work, printed as Markdown tables: concurrent scenarios sharing one toolkit
 * and one client, memory per idle conversation in the in-memory store, the per-turn request body as
 * the transcript grows, and adapter rendering and request size as the toolkit grows. A harness
 * rather than JMH because the concurrency curve needs a live endpoint; {@code bench/scale.sh} runs
 * it against the mock with a fixed delay.
 */
@Command(
    name = "scale",
    mixinStandardHelpOptions = true,
    description = "Prints the scale curves as Markdown tables.")
public final class ScaleRunner implements Callable<Integer> {
  /** The curves this runner can print. */
  public enum Curve {
    /** Throughput and p50/p99 at several concurrency levels (needs --base-url). */
    concurrency,
    /** Heap per idle conversation in the in-memory store. */
    memory,
    /** Request body cost per turn as the transcript grows. */
    transcript,
    /** Adapter rendering time and size as the toolkit grows. */
    tools,
    /** Every curve. */
    all
  }

  @Option(
      names = "--curve",
      defaultValue = "all",
      description = "Which curve: ${COMPLETION-CANDIDATES}.")
  Curve curve;

  @Option(names = "--base-url", description = "The mock endpoint, for the concurrency curve.")
  String baseUrl;

  @Option(
      names = "--levels",
      split = ",",
      defaultValue = "1,10,100,1000",
      description = "Concurrency levels (default: ${DEFAULT-VALUE}).")
  List<Integer> levels;

  @Option(
      names = "--seconds",
      defaultValue = "5",
      description = "Measured seconds per concurrency level (default: ${DEFAULT-VALUE}).")
  int seconds;

  /** Sink for results, so the JIT cannot drop the work being timed. */
  private static volatile int sink;

  /** Runs the chosen curves. */
  public static void main(String[] args) {
    System.exit(new CommandLine(new ScaleRunner()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    System.out.println(
        "# "
            + System.getProperty("java.vm.name")
            + " "
            + Runtime.version()
            + ", "
            + Runtime.getRuntime().availableProcessors()
            + " cores, virtual threads: "
            + Threads.virtual());
    boolean concurrent = curve == Curve.concurrency || curve == Curve.all;
    if (concurrent && baseUrl == null) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "the concurrency curve needs --base-url (bench/scale.sh)");
    }
    // memory first, on a heap that nothing else has touched yet
    if (curve == Curve.memory || curve == Curve.all) {
      memory();
    }
    if (curve == Curve.transcript || curve == Curve.all) {
      transcript();
    }
    if (curve == Curve.tools || curve == Curve.all) {
      tools();
    }
    if (concurrent) {
      concurrency();
    }
    return 0;
  }

  // ---- concurrency ----------------------------------------------------------------------------

  private void concurrency() throws Exception {
    Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .tool(
                Tools.define(
                    "get_weather",
                    "Current weather for a city.",
                    Map.of(
                        "type", "object",
                        "properties", Map.of("city", Map.of("type", "string")),
                        "required", List.of("city")),
                    args -> "Sunny, 21 C in " + args.get("city")))
            .tool(
                Tools.define(
                    "add",
                    "Adds two numbers.",
                    Map.of(
                        "type", "object",
                        "properties",
                            Map.of("a", Map.of("type", "number"), "b", Map.of("type", "number")),
                        "required", List.of("a", "b")),
                    args ->
                        String.valueOf(
                            ((Number) args.get("a")).doubleValue()
                                + ((Number) args.get("b")).doubleValue())))
            .build();
    LlmClient client =
        LlmClient.create(
            ClientOptions.builder()
                .baseUrl(baseUrl)
                .style(Style.OPENAI)
                .model(Scenario.MODEL)
                .apiKey("mock")
                .systemPrompt(Scenario.SYSTEM)
                .build());
    window(client, toolkit, 1, 2); // warm-up
    System.out.println();
    System.out.println(
        "| concurrent runs | scenarios | scenarios/s | p50 ms | p99 ms | failed"
            + " | CPU ms/scenario | alloc kB/scenario |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (int n : levels) {
      long cpuBefore = processCpuNanos();
      long allocBefore = Allocation.totalBytes();
      Window w = window(client, toolkit, n, seconds);
      int scenarios = w.stats().samplesMs().size();
      long cpu = processCpuNanos() - cpuBefore;
      long alloc = Allocation.perScenario(allocBefore, Allocation.totalBytes(), scenarios);
      System.out.printf(
          Locale.ROOT,
          "| %d | %d | %.1f | %.2f | %.2f | %d | %.3f | %.1f |%n",
          n,
          scenarios,
          scenarios / w.seconds(),
          w.stats().percentile(0.50),
          w.stats().percentile(0.99),
          w.failed(),
          cpuBefore < 0 || scenarios == 0 ? -1.0 : cpu / 1e6 / scenarios,
          alloc < 0 ? -1.0 : alloc / 1e3);
    }
    toolkit.close();
  }

  private record Window(Stats stats, double seconds, int failed) {}

  /**
   * CPU time this JVM has used so far (every thread, the mock endpoint not included), or -1 where
   * the JVM cannot tell: divided by the scenarios of a window it is the cost of one scenario, a
   * figure that moves far less with other load on the machine than the wall times do.
   */
  private static long processCpuNanos() {
    if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }

  /** {@code n} workers each run scenarios back to back for {@code secs}; every one is timed. */
  private static Window window(LlmClient client, Toolkit toolkit, int n, int secs)
      throws InterruptedException, ExecutionException {
    long start = System.nanoTime();
    long end = start + secs * 1_000_000_000L;
    List<Future<long[]>> workers = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      workers.add(
          Threads.workers()
              .submit(
                  () -> {
                    List<Long> times = new ArrayList<>();
                    long failed = 0;
                    while (System.nanoTime() < end) {
                      long t = System.nanoTime();
                      try {
                        RunResult r = client.run(Scenario.QUESTION, RunOptions.of(toolkit));
                        if (!r.isDone() || r.toolCallCount() != 2) {
                          failed++;
                        }
                      } catch (RuntimeException e) {
                        failed++;
                      }
                      times.add(System.nanoTime() - t);
                    }
                    long[] out = new long[times.size() + 1];
                    out[0] = failed;
                    for (int j = 0; j < times.size(); j++) {
                      out[j + 1] = times.get(j);
                    }
                    return out;
                  }));
    }
    List<Double> samples = new ArrayList<>();
    int failed = 0;
    for (Future<long[]> f : workers) {
      long[] r = f.get();
      failed += (int) r[0];
      for (int j = 1; j < r.length; j++) {
        samples.add(r[j] / 1_000_000.0);
      }
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    return new Window(new Stats("toolnexus-java", 0, samples, failed == 0), elapsed, failed);
  }

  // ---- memory ---------------------------------------------------------------------------------

  private static void memory() {
    System.out.println();
    System.out.println("| idle conversations | heap held | per conversation |");
    System.out.println("|---:|---:|---:|");
    for (int n : new int[] {1_000, 10_000}) {
      long held = heldBy(n);
      System.out.printf(Locale.ROOT, "| %,d | %.1f MB | %,d bytes |%n", n, held / 1e6, held / n);
    }
  }

  /** Heap still in use, after collection, while a store holds {@code n} finished scenarios. */
  private static long heldBy(int n) {
    long before = usedHeap();
    InMemoryConversationStore store = new InMemoryConversationStore();
    for (int i = 0; i < n; i++) {
      store.save("conversation-" + i, finishedScenario(i));
    }
    long after = usedHeap();
    sink += store.get("conversation-0").orElseThrow().size();
    return after - before;
  }

  /** The six messages a finished scenario leaves, with per-conversation text and ids. */
  private static List<Message> finishedScenario(int i) {
    return List.of(
        new Message.SystemMessage(Scenario.SYSTEM),
        Message.UserMessage.of(Scenario.QUESTION + " (" + i + ")"),
        new Message.AssistantMessage(
            "",
            List.of(
                new ToolCall("call_w" + i, "get_weather", "{\"city\":\"Paris\"}"),
                new ToolCall("call_a" + i, "add", "{\"a\":2,\"b\":2}")),
            Map.of()),
        new Message.ToolMessage(
            "call_w" + i, "get_weather", "Sunny, 21 C in Paris " + i, false, null, null),
        new Message.ToolMessage("call_a" + i, "add", String.valueOf(4 + i), false, null, null),
        new Message.AssistantMessage(
            "Weather: sunny, 21 C in Paris; 2 + 2 = 4. Done " + i, List.of(), Map.of()));
  }

  private static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      used = Math.min(used, rt.totalMemory() - rt.freeMemory());
    }
    return used;
  }

  // ---- transcript -----------------------------------------------------------------------------

  private static void transcript() {
    HttpChatModel model =
        new HttpChatModel(
            ModelOptions.builder()
                .baseUrl("http://127.0.0.1:9/v1")
                .style(Style.OPENAI)
                .apiKey("mock")
                .build());
    List<Map<String, Object>> tools = Adapters.toOpenAI(SampleTools.of(2));
    List<Message> warm = transcript(100);
    run(() -> model.bodyBytes(Scenario.MODEL, warm, tools, false), 1_000_000_000L);
    System.out.println();
    System.out.println(
        "| transcript messages | body bytes | µs per turn's body | µs per message |");
    System.out.println("|---:|---:|---:|---:|");
    for (int n : new int[] {10, 100, 250, 500, 1000}) {
      List<Message> transcript = transcript(n);
      int bytes = model.bodyBytes(Scenario.MODEL, transcript, tools, false).length;
      double us = microsPerOp(() -> model.bodyBytes(Scenario.MODEL, transcript, tools, false));
      System.out.printf(Locale.ROOT, "| %d | %,d | %.1f | %.3f |%n", n, bytes, us, us / n);
    }
  }

  /** A system prompt, then rounds of user, assistant with two calls, and two tool results. */
  private static List<Message> transcript(int n) {
    List<Message> out = new ArrayList<>(n);
    out.add(new Message.SystemMessage(Scenario.SYSTEM));
    for (int i = 0; out.size() < n; i++) {
      List<Message> round = finishedScenario(i).subList(1, 5);
      for (Message m : round) {
        if (out.size() < n) {
          out.add(m);
        }
      }
    }
    return out;
  }

  // ---- tools ----------------------------------------------------------------------------------

  private static void tools() {
    System.out.println();
    System.out.println(
        "| tools | OpenAI µs | Anthropic µs | Gemini µs | OpenAI JSON µs | OpenAI bytes |"
            + " Anthropic bytes | Gemini bytes |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (int n : new int[] {10, 100, 1000}) {
      List<Tool> list = SampleTools.of(n);
      System.out.printf(
          Locale.ROOT,
          "| %d | %.1f | %.1f | %.1f | %.1f | %,d | %,d | %,d |%n",
          n,
          microsPerOp(() -> Adapters.toOpenAI(list)),
          microsPerOp(() -> Adapters.toAnthropic(list)),
          microsPerOp(() -> Adapters.toGemini(list)),
          microsPerOp(() -> Json.write(Adapters.toOpenAI(list))),
          size(Adapters.toOpenAI(list)),
          size(Adapters.toAnthropic(list)),
          size(Adapters.toGemini(list)));
    }
  }

  private static int size(Object value) {
    return Json.write(value).getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * Microseconds per call: after about 0.3 s of warm-up, the best average of five windows of about
   * 0.2 s (the least disturbed by other load on the machine).
   */
  private static double microsPerOp(Supplier<?> op) {
    run(op, 300_000_000L);
    double best = Double.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      long[] r = run(op, 200_000_000L);
      best = Math.min(best, r[1] / 1000.0 / r[0]);
    }
    return best;
  }

  private static long[] run(Supplier<?> op, long nanos) {
    long start = System.nanoTime();
    long count = 0;
    long now;
    do {
      sink += System.identityHashCode(op.get());
      count++;
      now = System.nanoTime();
    } while (now - start < nanos);
    return new long[] {count, now - start};
  }
}
