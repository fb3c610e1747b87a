package dev.toolnexus.bench;

import dev.toolnexus.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The floor: the benchmark scenario done by hand with the JDK {@link HttpClient} and raw stdio
 * JSON-RPC, no library. Whatever toolnexus adds on top of this is its overhead.
 */
@Command(
    name = "floor",
    mixinStandardHelpOptions = true,
    description =
        "Runs the scenario by hand (HttpClient + raw stdio JSON-RPC) and prints one line.")
public final class FloorRunner implements Callable<Integer> {
  @Mixin RunnerOptions options;

  /** Runs the floor and prints its JSON line. */
  public static void main(String[] args) {
    System.exit(new CommandLine(new FloorRunner()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    System.out.println(run(options).toJsonLine());
    return 0;
  }

  /**
   * Connects, warms up, measures; the MCP server is stopped before this returns. Init is the
   * process start, the MCP handshake and the HTTP client's build, as the toolnexus runner times its
   * toolkit and client.
   */
  public static Stats run(RunnerOptions options) throws Exception {
    options.validate();
    long start = System.nanoTime();
    try (RawStdioRpc rpc = new RawStdioRpc(options.mcpCommand())) {
      // built while the server boots, as a hand-written client would
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
      Map<String, Object> init = new LinkedHashMap<>();
      init.put("protocolVersion", "2025-06-18");
      init.put("capabilities", Map.of());
      init.put("clientInfo", Map.of("name", "floor", "version", "1"));
      rpc.request("initialize", init).get();
      rpc.notify("notifications/initialized");
      List<Map<String, Object>> tools = openAiTools(rpc.request("tools/list", Map.of()).get());
      double initMs = Stats.millisSince(start);

      boolean ok = true;
      for (int i = 0; i < options.warmup(); i++) {
        ok &= scenario(http, options.baseUrl(), rpc, tools);
      }
      List<Double> samples = new ArrayList<>(options.runs());
      long allocBefore = Allocation.totalBytes();
      for (int i = 0; i < options.runs(); i++) {
        long t = System.nanoTime();
        ok &= scenario(http, options.baseUrl(), rpc, tools);
        samples.add(Stats.millisSince(t));
      }
      long alloc = Allocation.perScenario(allocBefore, Allocation.totalBytes(), options.runs());
      return new Stats("floor", initMs, samples, ok, Stats.processPeakRssMb(), alloc);
    }
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> openAiTools(Map<String, Object> listResult) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object o : (List<Object>) listResult.get("tools")) {
      Map<String, Object> t = (Map<String, Object>) o;
      Map<String, Object> fn = new LinkedHashMap<>();
      fn.put("name", t.get("name"));
      fn.put("description", t.get("description"));
      fn.put("parameters", t.get("inputSchema"));
      out.add(Map.of("type", "function", "function", fn));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static boolean scenario(
      HttpClient http, String baseUrl, RawStdioRpc rpc, List<Map<String, Object>> tools)
      throws Exception {
    List<Object> messages = new ArrayList<>();
    messages.add(Map.of("role", "system", "content", Scenario.SYSTEM));
    messages.add(Map.of("role", "user", "content", Scenario.QUESTION));
    Map<String, Object> first = post(http, baseUrl, messages, tools);
    List<Object> calls = (List<Object>) first.get("tool_calls");
    messages.add(first);
    List<CompletableFuture<Map<String, Object>>> pending = new ArrayList<>();
    for (Object c : calls) {
      Map<String, Object> fn = (Map<String, Object>) ((Map<String, Object>) c).get("function");
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("name", fn.get("name"));
      params.put("arguments", Json.parseObject((String) fn.get("arguments")));
      pending.add(rpc.request("tools/call", params));
    }
    for (int i = 0; i < calls.size(); i++) {
      Map<String, Object> result = pending.get(i).get();
      StringBuilder text = new StringBuilder();
      for (Object part : (List<Object>) result.get("content")) {
        Object t = ((Map<String, Object>) part).get("text");
        if (t != null) {
          text.append(t);
        }
      }
      Map<String, Object> toolMsg = new LinkedHashMap<>();
      toolMsg.put("role", "tool");
      toolMsg.put("tool_call_id", ((Map<String, Object>) calls.get(i)).get("id"));
      toolMsg.put("content", text.toString());
      messages.add(toolMsg);
    }
    Map<String, Object> last = post(http, baseUrl, messages, tools);
    return Scenario.isExpectedFinal((String) last.get("content"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> post(
      HttpClient http, String baseUrl, List<Object> messages, List<Map<String, Object>> tools)
      throws Exception {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("model", Scenario.MODEL);
    body.put("messages", messages);
    body.put("tools", tools);
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
            .header("content-type", "application/json")
            .header("authorization", "Bearer mock")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)))
            .build();
    HttpResponse<String> resp = http.send(req, HttpResponse.BodyHandlers.ofString());
    if (resp.statusCode() != 200) {
      throw new IllegalStateException("HTTP " + resp.statusCode() + ": " + resp.body());
    }
    Map<String, Object> parsed = Json.parseObject(resp.body());
    Map<String, Object> choice =
        (Map<String, Object>) ((List<Object>) parsed.get("choices")).get(0);
    return (Map<String, Object>) choice.get("message");
  }
}
