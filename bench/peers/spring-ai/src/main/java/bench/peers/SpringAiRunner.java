package bench.peers;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.mcp.SyncMcpToolCallbackProvider;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;

/**
 * The benchmark scenario through Spring AI 1.1, without a Spring Boot context: a {@code ChatClient}
 * over {@code OpenAiChatModel} (the mock endpoint) with the MCP tools of {@code
 * SyncMcpToolCallbackProvider} over the MCP Java SDK's stdio client. Spring AI runs a turn's tool
 * calls one after the other. Prints the same one JSON line as toolnexus's runners.
 *
 * <p>Flags as theirs: {@code --base-url URL --mcp "node bench/mcp-server.mjs" --runs N --warmup N}.
 */
public final class SpringAiRunner {
  static final String QUESTION = "What is the weather in Paris, and what is 2 + 2?";
  static final String MODEL = "mock-model";
  static final String SYSTEM = "You are a helpful assistant. Use the tools.";

  private SpringAiRunner() {}

  public static void main(String[] args) throws Exception {
    String baseUrl = null;
    String mcp = "node bench/mcp-server.mjs";
    int runs = 50;
    int warmup = 10;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--base-url" -> baseUrl = value(args, ++i);
        case "--mcp" -> mcp = value(args, ++i);
        case "--runs" -> runs = Integer.parseInt(value(args, ++i));
        case "--warmup" -> warmup = Integer.parseInt(value(args, ++i));
        default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    if (baseUrl == null) {
      throw new IllegalArgumentException("--base-url is required (the mock endpoint's /v1 URL)");
    }
    if (runs < 1 || warmup < 0) {
      throw new IllegalArgumentException("--runs must be >= 1 and --warmup >= 0");
    }
    // Spring AI appends /v1/chat/completions to its base URL.
    String root = baseUrl.replaceAll("/+$", "").replaceAll("/v1$", "");

    long start = System.nanoTime();
    List<String> command = Arrays.asList(mcp.trim().split("\\s+"));
    ServerParameters server =
        ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
    McpSyncClient mcpClient =
        McpClient.sync(new StdioClientTransport(server, McpJsonMapper.getDefault()))
            .requestTimeout(Duration.ofSeconds(30))
            .build();
    try {
      mcpClient.initialize();
      SyncMcpToolCallbackProvider tools = SyncMcpToolCallbackProvider.builder().mcpClients(mcpClient).build();
      int count = tools.getToolCallbacks().length;
      OpenAiChatModel model =
          OpenAiChatModel.builder()
              .openAiApi(OpenAiApi.builder().baseUrl(root).apiKey("mock").build())
              .defaultOptions(OpenAiChatOptions.builder().model(MODEL).build())
              .build();
      ChatClient chat =
          ChatClient.builder(model).defaultSystem(SYSTEM).defaultToolCallbacks(tools).build();
      double initMs = millisSince(start);
      if (count < 2) {
        throw new IllegalStateException("the MCP server listed " + count + " tools, expected 3");
      }

      boolean ok = true;
      for (int i = 0; i < warmup; i++) {
        ok &= isExpectedFinal(chat.prompt().user(QUESTION).call().content());
      }
      double[] samples = new double[runs];
      long allocBefore = allocatedBytes();
      for (int i = 0; i < runs; i++) {
        long t = System.nanoTime();
        ok &= isExpectedFinal(chat.prompt().user(QUESTION).call().content());
        samples[i] = millisSince(t);
      }
      long alloc = allocBefore < 0 ? -1 : (allocatedBytes() - allocBefore) / runs;
      System.out.println(jsonLine("spring-ai", initMs, samples, ok, alloc));
    } finally {
      mcpClient.closeGracefully();
    }
    System.exit(0);
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  static boolean isExpectedFinal(String text) {
    return text != null && text.contains("Sunny, 21 C in Paris") && text.contains("4");
  }

  static double millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000.0;
  }

  /** Nearest-rank percentile, as the toolnexus runners compute it. */
  static double percentile(double[] sorted, double q) {
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  /** This JVM's peak resident set in MB ({@code VmHWM} on Linux), or -1 where unknown. */
  static double peakRssMb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
        }
      }
    } catch (Exception e) {
      // not Linux: unknown
    }
    return -1;
  }

  /**
   * Heap bytes allocated so far by all this JVM's threads (ended ones too), or -1 where unknown; as
   * the toolnexus runners read it (with the same -1 where the JVM cannot tell).
   */
  static long allocatedBytes() {
    if (java.lang.management.ManagementFactory.getThreadMXBean()
        instanceof com.sun.management.ThreadMXBean bean) {
      // looked up at run time: the Java 17 API this compiles against does not declare it
      try {
        return (long)
            com.sun.management.ThreadMXBean.class
                .getMethod("getTotalThreadAllocatedBytes")
                .invoke(bean);
      } catch (ReflectiveOperationException e) {
        return -1;
      }
    }
    return -1;
  }

  static String jsonLine(
      String framework, double initMs, double[] samples, boolean ok, long allocBytes) {
    double[] sorted = samples.clone();
    Arrays.sort(sorted);
    double mean = Arrays.stream(samples).average().orElse(0);
    List<String> fields = new ArrayList<>();
    fields.add("\"framework\":\"" + framework + "\"");
    fields.add("\"init_ms\":" + num(initMs));
    fields.add("\"p50_ms\":" + num(percentile(sorted, 0.50)));
    fields.add("\"p95_ms\":" + num(percentile(sorted, 0.95)));
    fields.add("\"p99_ms\":" + num(percentile(sorted, 0.99)));
    fields.add("\"mean_ms\":" + num(mean));
    fields.add("\"n\":" + samples.length);
    fields.add("\"final_ok\":" + ok);
    fields.add("\"peak_rss_mb\":" + num(peakRssMb()));
    if (allocBytes >= 0) {
      fields.add("\"alloc_bytes\":" + allocBytes);
    }
    return "{" + String.join(",", fields) + "}";
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "").replaceAll("\\.$", ".0");
  }
}
