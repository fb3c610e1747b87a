package dev.toolnexus.server;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Tools;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Raw 2026-07-28 requests of the Tasks extension, and the long-running tools the tests serve. */
final class TaskWire {
  static final String V = "2026-07-28";
  static final String EXTENSION = "io.modelcontextprotocol/tasks";
  static final Map<String, Object> SERVER_INFO =
      Map.of("io.modelcontextprotocol/serverInfo", Map.of("name", "toolnexus", "version", "0.1.0"));

  private TaskWire() {}

  /** A request's {@code _meta}, declaring the extension when {@code tasks} is set. */
  static Map<String, Object> meta(boolean tasks) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("io.modelcontextprotocol/protocolVersion", V);
    m.put(
        "io.modelcontextprotocol/clientCapabilities",
        tasks ? Map.of("extensions", Map.of(EXTENSION, Map.of())) : Map.of());
    m.put("io.modelcontextprotocol/clientInfo", Map.of("name", "raw", "version", "1"));
    return m;
  }

  /** Posts one request with the headers its method needs; {@code name} mirrors into Mcp-Name. */
  static Map<String, Object> post(
      URI url, int id, String method, String name, Map<String, Object> params, boolean tasks)
      throws Exception {
    Map<String, Object> p = new LinkedHashMap<>(params);
    p.put("_meta", meta(tasks));
    Map<String, Object> message = Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", p);
    HttpRequest.Builder b =
        RawMcp.request(url, null, Json.write(message))
            .header("MCP-Protocol-Version", V)
            .header("Mcp-Method", method);
    if (name != null) {
      b.header("Mcp-Name", name);
    }
    HttpResponse<String> r = RawMcp.HTTP.send(b.build(), RawMcp.ofString());
    return RawMcp.answer(r);
  }

  /** Calls {@code tool} with {@code args}. */
  static Map<String, Object> call(
      URI url, int id, String tool, Map<String, Object> args, boolean tasks) throws Exception {
    return post(url, id, "tools/call", tool, Map.of("name", tool, "arguments", args), tasks);
  }

  /** {@code method} ({@code tasks/get}, {@code tasks/cancel}...) for {@code taskId}. */
  static Map<String, Object> task(URI url, int id, String method, String taskId) throws Exception {
    return post(url, id, method, taskId, Map.of("taskId", taskId), true);
  }

  /** The result of a response. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> result(Map<String, Object> response) {
    Object r = response.get("result");
    if (!(r instanceof Map<?, ?>)) {
      throw new AssertionError("no result in " + response);
    }
    return (Map<String, Object>) r;
  }

  /** Polls {@code tasks/get} until the task is no longer working; its last answer. */
  static Map<String, Object> settled(URI url, String taskId) throws Exception {
    for (int i = 0; i < 1000; i++) {
      Map<String, Object> r = result(task(url, 100 + i, "tasks/get", taskId));
      if (!"working".equals(r.get("status"))) {
        return r;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("task " + taskId + " never settled");
  }

  /**
   * {@code build {branch}}: reports progress "compiling <branch>", counts down {@code progressed},
   * then waits for {@code release} and answers "built <branch>" (an error result for branch
   * "broken"); cancelled, it counts down {@code cancelled}.
   */
  static Tool build(CountDownLatch progressed, CountDownLatch release, CountDownLatch cancelled) {
    return Tools.define(
        "build",
        "Builds a branch",
        Map.of(
            "type",
            "object",
            "properties",
            Map.of("branch", Map.of("type", "string")),
            "required",
            List.of("branch")),
        (args, ctx) -> {
          String branch = String.valueOf(args.get("branch"));
          CountDownLatch stop = new CountDownLatch(1);
          ctx.cancel().onCancel(stop::countDown);
          ctx.progress(1, null, "compiling " + branch);
          progressed.countDown();
          while (!release.await(10, TimeUnit.MILLISECONDS)) {
            if (stop.getCount() == 0) {
              cancelled.countDown();
              return ToolResult.error("cancelled: " + ctx.cancel().reason());
            }
          }
          return branch.equals("broken")
              ? ToolResult.error("branch broken does not compile")
              : ToolResult.ok("built " + branch);
        });
  }

  /** Waits for {@code latch} (a stuck server fails the test instead of hanging it). */
  static void await(CountDownLatch latch) throws InterruptedException {
    if (!latch.await(60, TimeUnit.SECONDS)) {
      throw new AssertionError("timed out waiting");
    }
  }
}
