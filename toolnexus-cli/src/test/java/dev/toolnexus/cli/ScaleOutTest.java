package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Toolkit;
import dev.toolnexus.testing.Postgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scale-out, end to end: a real PostgreSQL server, two {@code toolnexus serve --a2a} processes on
 * its database, and a real nginx in front of them (round-robin, no stickiness). A2A clients send
 * twelve tasks through nginx; every task calls a tool that records its run and blocks; then one
 * replica is killed with SIGKILL mid-task. The survivor finishes its own tasks and, once the dead
 * replica's leases expire, fails the dead one's tasks with the reason, because their tool is not
 * idempotent: every call is answered or fails with a reason, no task is lost and no tool runs
 * twice. An MCP client of the stateless 2026-07-28 revision calls the same tool through the same
 * nginx before and after the kill, on both replicas' {@code /mcp}, with no sticky routing.
 */
class ScaleOutTest {
  private static final int TASKS = 12;
  private static final String REASON =
      "replica replica-a stopped while running this task; not re-run because its tools (record)"
          + " are neither read-only nor idempotent, so running it again could repeat their"
          + " effects";

  @TempDir Path dir;
  private final List<Process> processes = new ArrayList<>();
  private final List<HttpServer> servers = new ArrayList<>();
  private final ExecutorService pool = Executors.newFixedThreadPool(TASKS + 4);
  private final HttpClient http = HttpClient.newBuilder().executor(pool).build();
  private final Map<String, Integer> runs = new ConcurrentHashMap<>();
  private final CountDownLatch allStarted = new CountDownLatch(TASKS);
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void stop() {
    release.countDown();
    for (Process p : processes) {
      p.destroyForcibly();
    }
    servers.forEach(s -> s.stop(0));
    pool.shutdownNow();
  }

  @Test
  void twoReplicasBehindNginxLoseNoTaskAndRunNoToolTwiceWhenOneIsKilledMidTask() throws Exception {
    String db = Postgres.freshDatabase();
    String model = mockModel();
    Path spec = recordTool();
    Process a = serve("replica-a", db, model, spec);
    Process b = serve("replica-b", db, model, spec);
    int portA = port(a);
    int portB = port(b);
    Path errB = dir.resolve("replica-b.err");
    URI lb = nginx(portA, portB);

    List<CompletableFuture<HttpResponse<String>>> sends = new ArrayList<>();
    for (int i = 0; i < TASKS; i++) {
      sends.add(post(lb, send("job-" + i)));
    }
    assertThat(allStarted.await(30, TimeUnit.SECONDS)).as("every task reached its tool").isTrue();
    Toolkit mcp =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("mcpServers", Map.of("lb", Map.of("url", lb + "mcp"))))
            .build();
    List<String> mcpAnswers = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      mcpAnswers.add(mcp.execute("lb_record", Map.of("job", "mcp-" + i)).output());
    }
    a.destroyForcibly(); // kill -9, mid-task: each of its tasks is inside the tool
    a.waitFor(10, TimeUnit.SECONDS);
    release.countDown();
    for (int i = 3; i < 6; i++) {
      mcpAnswers.add(mcp.execute("lb_record", Map.of("job", "mcp-" + i)).output());
    }
    Map<String, McpServerStatus> mcpStatus = mcp.mcpStatus();
    mcp.close();

    int answered = 0;
    int failedWithReason = 0;
    int calls = 0;
    for (CompletableFuture<HttpResponse<String>> f : sends) {
      HttpResponse<String> r = f.get(60, TimeUnit.SECONDS);
      calls++;
      if (r.statusCode() == 200) {
        assertThat(state(Json.parseObject(r.body()))).isEqualTo("completed");
        answered++;
      } else {
        assertThat(r.statusCode()).isEqualTo(502); // nginx: the replica died holding the call
        assertThat(r.body()).contains("502 Bad Gateway");
        failedWithReason++;
      }
    }
    Map<String, String[]> rows = awaitAllFinished(db);
    Map<String, String> seen = new LinkedHashMap<>();
    for (String id : rows.keySet()) {
      HttpResponse<String> r = post(lb, get(id)).get(30, TimeUnit.SECONDS);
      calls++;
      assertThat(r.statusCode()).isEqualTo(200);
      answered++;
      seen.put(id, state(Json.parseObject(r.body())));
    }
    long completed = rows.values().stream().filter(r -> r[0].equals("completed")).count();
    List<String> failed =
        rows.values().stream().filter(r -> r[0].equals("failed")).map(r -> r[1]).toList();
    long takenOver =
        Files.readString(errB).lines().filter(l -> l.contains("taking the task over")).count();
    long duplicates = runs.values().stream().filter(n -> n > 1).count();
    String figures =
        String.format(
            "scale-out: %d A2A calls (%d answered, %d failed with a reason), %d MCP tool calls"
                + " answered, %d tasks, %d completed, %d taken over, %d failed with a reason,"
                + " duplicates = %d%n",
            calls,
            answered,
            failedWithReason,
            mcpAnswers.size(),
            rows.size(),
            completed,
            takenOver,
            failed.size(),
            duplicates);
    System.out.print(figures);
    // .ci/run prints this file after the suite (the test's own output goes to its report file)
    Files.writeString(Path.of("target", "scale-out.txt"), figures);

    assertThat(answered + failedWithReason).isEqualTo(calls);
    assertThat(failedWithReason).isEqualTo(TASKS / 2);
    assertThat(rows).hasSize(TASKS);
    assertThat(completed).isEqualTo(TASKS / 2);
    assertThat(failed).hasSize(TASKS / 2).containsOnly(REASON);
    assertThat(takenOver).isEqualTo(TASKS / 2);
    assertThat(runs).hasSize(TASKS + 6).allSatisfy((job, n) -> assertThat(n).isEqualTo(1));
    assertThat(mcpAnswers)
        .containsExactly(
            "recorded mcp-0",
            "recorded mcp-1",
            "recorded mcp-2",
            "recorded mcp-3",
            "recorded mcp-4",
            "recorded mcp-5");
    assertThat(mcpStatus).containsExactly(Map.entry("lb", McpServerStatus.connected("2026-07-28")));
    assertThat(duplicates).isZero();
    rows.forEach((id, row) -> assertThat(seen.get(id)).isEqualTo(row[0]));
  }

  /** The tasks' rows once none is submitted or working: id to {state, status text}. */
  private static Map<String, String[]> awaitAllFinished(String db) throws Exception {
    Map<String, String[]> rows = Map.of();
    for (int i = 0; i < 300; i++) {
      rows = new LinkedHashMap<>();
      boolean running = false;
      try (Connection c = DriverManager.getConnection(db);
          Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT id, state, task FROM toolnexus_a2a_tasks")) {
        while (rs.next()) {
          Object text = Json.parseObject(rs.getString(3)).get("statusMessage");
          rows.put(rs.getString(1), new String[] {rs.getString(2), String.valueOf(text)});
          running |= rs.getString(2).equals("submitted") || rs.getString(2).equals("working");
        }
      }
      if (!running && rows.size() == TASKS) {
        return rows;
      }
      Thread.sleep(100);
    }
    return rows;
  }

  private static String state(Map<String, Object> answer) {
    Map<?, ?> task = (Map<?, ?>) answer.get("result");
    if (task == null) {
      throw new AssertionError("no result in " + answer);
    }
    return (String) ((Map<?, ?>) task.get("status")).get("state");
  }

  private static String send(String text) {
    return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":{\"message\":"
        + "{\"kind\":\"message\",\"messageId\":\""
        + text
        + "\",\"role\":\"user\",\"parts\":[{\"kind\":\"text\",\"text\":\""
        + text
        + "\"}]},\"configuration\":{\"blocking\":true}}}";
  }

  private static String get(String id) {
    return "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tasks/get\",\"params\":{\"id\":\""
        + id
        + "\"}}";
  }

  private CompletableFuture<HttpResponse<String>> post(URI uri, String body) {
    return http.sendAsync(
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /**
   * An OpenAI-compatible model: a user message {@code job-N} calls {@code record} with it, a tool
   * result is answered {@code done: <result>}.
   */
  private String mockModel() throws IOException {
    HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    s.setExecutor(pool);
    s.createContext(
        "/",
        ex -> {
          Map<String, Object> body =
              Json.parseObject(
                  new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          List<?> messages = (List<?>) body.get("messages");
          Map<?, ?> last = (Map<?, ?>) messages.get(messages.size() - 1);
          Map<String, Object> message;
          if ("tool".equals(last.get("role"))) {
            message = Map.of("role", "assistant", "content", "done: " + last.get("content"));
          } else {
            String job = String.valueOf(last.get("content"));
            message =
                Map.of(
                    "role",
                    "assistant",
                    "tool_calls",
                    List.of(
                        Map.of(
                            "id",
                            "call-" + job,
                            "type",
                            "function",
                            "function",
                            Map.of(
                                "name", "record", "arguments", Json.write(Map.of("job", job))))));
          }
          reply(
              ex,
              Map.of(
                  "id",
                  "chatcmpl-1",
                  "model",
                  "mock",
                  "choices",
                  List.of(
                      Map.of(
                          "index",
                          0,
                          "message",
                          message,
                          "finish_reason",
                          message.containsKey("tool_calls") ? "tool_calls" : "stop")),
                  "usage",
                  Map.of("prompt_tokens", 5, "completion_tokens", 2, "total_tokens", 7)));
        });
    s.start();
    servers.add(s);
    return "http://127.0.0.1:" + s.getAddress().getPort() + "/v1";
  }

  /**
   * The side-effecting tool: {@code POST /record/{job}} counts a run of the job, then holds the
   * call of an A2A task's {@code job-N} until the test releases it (so every task is mid-tool when
   * a replica dies); an MCP client's {@code mcp-N} is answered at once.
   */
  private Path recordTool() throws IOException {
    HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    s.setExecutor(pool);
    s.createContext(
        "/record/",
        ex -> {
          String job = ex.getRequestURI().getPath().substring("/record/".length());
          runs.merge(job, 1, Integer::sum);
          if (job.startsWith("job-")) {
            allStarted.countDown();
            try {
              release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          reply(ex, "recorded " + job);
        });
    s.start();
    servers.add(s);
    Path spec = dir.resolve("record.yaml");
    Files.writeString(
        spec,
        "openapi: 3.0.3\n"
            + "info: {title: Record, version: '1'}\n"
            + "servers:\n"
            + "  - url: http://127.0.0.1:"
            + s.getAddress().getPort()
            + "\n"
            + "paths:\n"
            + "  /record/{job}:\n"
            + "    post:\n"
            + "      operationId: record\n"
            + "      summary: Records that a job ran.\n"
            + "      parameters:\n"
            + "        - {name: job, in: path, required: true, schema: {type: string}}\n"
            + "      responses: {'200': {description: ok}}\n");
    return spec;
  }

  private static void reply(HttpExchange ex, Object body) throws IOException {
    byte[] bytes =
        (body instanceof String t ? t : Json.write(body)).getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders()
        .add("Content-Type", body instanceof String ? "text/plain" : "application/json");
    try {
      ex.sendResponseHeaders(200, bytes.length);
      ex.getResponseBody().write(bytes);
    } catch (IOException e) {
      // the replica that called died meanwhile
    }
    ex.close();
  }

  /** One replica: {@code toolnexus serve --a2a} on the shared database, 3 s leases. */
  private Process serve(String id, String db, String model, Path spec) throws IOException {
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-XX:TieredStopAtLevel=1");
    argv.add("-cp");
    argv.add(System.getProperty("java.class.path"));
    argv.add(Main.class.getName());
    argv.addAll(
        List.of(
            "serve",
            "--a2a",
            "--mcp",
            "--port",
            "0",
            "--base-url",
            model,
            "--model",
            "mock-model",
            "--no-builtins",
            "--openapi",
            spec.toString(),
            "--task-store",
            db,
            "--replica-id",
            id,
            "--lease-duration",
            "3",
            "--lease-renewal",
            "1"));
    ProcessBuilder pb = new ProcessBuilder(argv);
    pb.environment().remove("TOOLNEXUS_TOKEN");
    pb.environment().put("OPENAI_API_KEY", "test-key");
    pb.redirectError(dir.resolve(id + ".err").toFile());
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  /** The port a replica prints on its first line (its agent card's URL). */
  private int port(Process p) throws IOException {
    String card =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    if (card == null) {
      throw new AssertionError("a replica did not start: " + errors());
    }
    return URI.create(card).getPort();
  }

  private String errors() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (String id : List.of("replica-a", "replica-b")) {
      Path f = dir.resolve(id + ".err");
      if (Files.exists(f)) {
        sb.append(id).append(": ").append(Files.readString(f)).append('\n');
      }
    }
    return sb.toString();
  }

  /**
   * A real nginx in front of both replicas: round-robin, no stickiness, one worker (so the rotation
   * is one sequence), its prefix, pid file, logs and temp files in the test's directory.
   */
  private URI nginx(int portA, int portB) throws Exception {
    Path prefix = Files.createDirectories(dir.resolve("nginx"));
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String root = "root".equals(System.getProperty("user.name")) ? "user root;\n" : "";
    Path conf = prefix.resolve("nginx.conf");
    Files.writeString(
        conf,
        root
            + "worker_processes 1;\n"
            + "daemon off;\n"
            + "pid "
            + prefix.resolve("nginx.pid")
            + ";\n"
            + "error_log "
            + prefix.resolve("error.log")
            + " warn;\n"
            + "events { worker_connections 256; }\n"
            + "http {\n"
            + "  access_log off;\n"
            + "  client_body_temp_path "
            + prefix.resolve("body")
            + ";\n"
            + "  proxy_temp_path "
            + prefix.resolve("proxy")
            + ";\n"
            + "  fastcgi_temp_path "
            + prefix.resolve("fastcgi")
            + ";\n"
            + "  uwsgi_temp_path "
            + prefix.resolve("uwsgi")
            + ";\n"
            + "  scgi_temp_path "
            + prefix.resolve("scgi")
            + ";\n"
            + "  upstream replicas {\n"
            + "    server 127.0.0.1:"
            + portA
            + ";\n"
            + "    server 127.0.0.1:"
            + portB
            + ";\n"
            + "  }\n"
            + "  server {\n"
            + "    listen 127.0.0.1:"
            + port
            + ";\n"
            + "    location / {\n"
            + "      proxy_pass http://replicas;\n"
            + "      proxy_http_version 1.1;\n"
            + "      proxy_set_header Host $http_host;\n"
            + "      proxy_set_header Connection \"\";\n"
            + "      proxy_buffering off;\n"
            + "      proxy_read_timeout 120s;\n"
            + "    }\n"
            + "  }\n"
            + "}\n");
    Process nginx =
        new ProcessBuilder(
                nginxBinary(),
                "-p",
                prefix.toString(),
                "-e",
                prefix.resolve("error.log").toString(),
                "-c",
                conf.toString())
            .redirectErrorStream(true)
            .redirectOutput(prefix.resolve("stdout.log").toFile())
            .start();
    processes.add(nginx);
    URI uri = URI.create("http://127.0.0.1:" + port + "/");
    for (int i = 0; i < 100; i++) {
      try {
        new java.net.Socket("127.0.0.1", port).close();
        return uri;
      } catch (IOException e) {
        if (!nginx.isAlive()) {
          throw new AssertionError(
              "nginx stopped: " + Files.readString(prefix.resolve("error.log")));
        }
        Thread.sleep(100);
      }
    }
    throw new AssertionError("nginx did not listen on " + port);
  }

  /** Debian's nginx; the failure names the package to install when it is missing. */
  private static String nginxBinary() {
    for (String p : List.of("/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx")) {
      if (Files.isExecutable(Path.of(p))) {
        return p;
      }
    }
    throw new AssertionError(
        "nginx is missing: install Debian's nginx-light package (.ci/run does)");
  }
}
