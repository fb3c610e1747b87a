package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code toolnexus serve} as its user runs it: a real process gatewaying the repository's stdio MCP
 * server, reached by a real MCP client, then stopped with Ctrl-C or by closing its input.
 */
class ServeProcessTest {
  private static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /**
   * A command prefix that gives the served process Ctrl-C's default handling, as a terminal does. A
   * build started in the background of a shell (`mvn verify &`) runs with SIGINT ignored, which
   * every child inherits and the JVM then honours, so Ctrl-C would never reach the process.
   */
  private static final List<String> DEFAULT_SIGINT = defaultSigint();

  @TempDir Path dir;
  private Path config;
  private Process serve;
  private CompletableFuture<String> stderr;

  @BeforeEach
  void writeConfig() throws IOException {
    String server = Fixtures.root().resolve("bench").resolve("mcp-server.mjs").toString();
    config = dir.resolve("mcp.json");
    Files.writeString(
        config,
        Json.write(
            Map.of("mcpServers", Map.of("bench", Map.of("command", List.of("node", server))))));
  }

  @AfterEach
  void stop() {
    if (serve != null && serve.isAlive()) {
      serve.descendants().forEach(ProcessHandle::destroyForcibly);
      serve.destroyForcibly();
    }
  }

  @Test
  void serveMcpPrintsItsUrlServesAnMcpClientAndStopsOnCtrlC() throws Exception {
    start("serve", "--mcp", "--port", "0", "--no-builtins", "--config", config.toString());
    BufferedReader out = reader();
    String url = out.readLine();
    assertThat(url).matches("http://127\\.0\\.0\\.1:\\d+/mcp");
    try (Toolkit client =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("mcpServers", Map.of("gw", Map.of("url", url))))
            .build()) {
      assertThat(client.names())
          .containsExactly("gw_bench_get_weather", "gw_bench_add", "gw_bench_echo");
      ToolResult sum = client.execute("gw_bench_add", Map.of("a", 2, "b", 3));
      assertThat(sum.output()).isEqualTo("5");
      assertThat(sum.isError()).isFalse();
    }
    List<ProcessHandle> children = serve.descendants().toList();
    assertThat(children).isNotEmpty();

    signal("INT");

    assertExits();
    assertThat(serve.exitValue()).isEqualTo(130); // the JVM's code for SIGINT, after its hooks ran
    assertThat(out.readLine()).isNull();
    assertThat(stderr.get(10, TimeUnit.SECONDS))
        .contains("toolnexus: serving 3 tools over MCP; Ctrl-C stops")
        .doesNotContain("Exception");
    assertGone(children);
    URI endpoint = URI.create(url);
    assertThatThrownBy(() -> new Socket(endpoint.getHost(), endpoint.getPort()).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void serveStdioAnswersOnStdoutAndEndOfInputClosesTheToolkitAndItsServers() throws Exception {
    start("serve", "--stdio", "--no-builtins", "--config", config.toString());
    BufferedReader out = reader();
    OutputStream in = serve.getOutputStream();
    in.write(
        (INIT + "\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n")
            .getBytes(StandardCharsets.UTF_8));
    in.flush();
    Map<String, Object> init = Json.parseObject(out.readLine());
    assertThat(init).containsEntry("id", 1);
    Map<String, Object> list = Json.parseObject(out.readLine());
    assertThat(list).containsEntry("id", 2);
    List<ProcessHandle> children = serve.descendants().toList();
    assertThat(children).isNotEmpty();

    in.close();

    assertExits();
    assertThat(serve.exitValue()).isZero();
    assertThat(out.readLine()).isNull(); // nothing but the two answers reached stdout
    assertThat(stderr.get(10, TimeUnit.SECONDS)).doesNotContain("Exception");
    assertGone(children);
  }

  @Test
  void serveMcpTakesItsTokenFromTheEnvironmentAndNeverPrintsIt() throws Exception {
    start(
        Map.of("TOOLNEXUS_TOKEN", "tok-7f3a9"),
        "serve",
        "--mcp",
        "--port",
        "0",
        "--no-builtins",
        "--config",
        config.toString());
    String url = reader().readLine();
    URI endpoint = URI.create(url);
    HttpResponse<String> refused =
        HTTP.send(
            HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(INIT))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(refused.statusCode()).isEqualTo(401);
    try (Toolkit client =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(
                Map.of(
                    "mcpServers",
                    Map.of(
                        "gw",
                        Map.of(
                            "url", url, "headers", Map.of("Authorization", "Bearer tok-7f3a9")))))
            .build()) {
      assertThat(client.execute("gw_bench_echo", Map.of("text", "hi")).output()).isEqualTo("hi");
    }
    signal("TERM"); // not Process.destroy(): it closes our end of stderr before we read it
    assertExits();
    assertThat(stderr.get(10, TimeUnit.SECONDS))
        .contains("(bearer token required)")
        .doesNotContain("tok-7f3a9");
  }

  @Test
  void serveA2aPrintsTheCardUrlAndRunsEachTaskOnTheModelWithMcpOnTheSameHost() throws Exception {
    try (MockLlm mock = MockLlm.start()) {
      start(
          Map.of("OPENAI_API_KEY", "test-key"),
          "serve",
          "--a2a",
          "--mcp",
          "--port",
          "0",
          "--base-url",
          mock.baseUrl(),
          "--model",
          "mock-model",
          "--no-builtins");
      BufferedReader out = reader();
      String card = out.readLine();
      assertThat(card).matches("http://127\\.0\\.0\\.1:\\d+/\\.well-known/agent-card\\.json");
      String mcp = out.readLine();
      assertThat(mcp).isEqualTo(card.replace("/.well-known/agent-card.json", "/mcp"));
      Map<String, Object> agent =
          Json.parseObject(
              HTTP.send(
                      HttpRequest.newBuilder(URI.create(card)).GET().build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body());
      assertThat(agent).containsEntry("name", "toolnexus-agent");
      String send =
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":{\"message\":"
              + "{\"kind\":\"message\",\"messageId\":\"m1\",\"role\":\"user\",\"parts\":"
              + "[{\"kind\":\"text\",\"text\":\"weather?\"}]}}}";
      Map<String, Object> answer =
          Json.parseObject(
              HTTP.send(
                      HttpRequest.newBuilder(URI.create((String) agent.get("url")))
                          .header("Content-Type", "application/json")
                          .POST(HttpRequest.BodyPublishers.ofString(send))
                          .build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body());
      Map<?, ?> task = (Map<?, ?>) answer.get("result");
      assertThat(((Map<?, ?>) task.get("status")).get("state")).isEqualTo("completed");
      Map<?, ?> artifact = (Map<?, ?>) ((List<?>) task.get("artifacts")).get(0);
      assertThat(((Map<?, ?>) ((List<?>) artifact.get("parts")).get(0)).get("text"))
          .isEqualTo(
              "Weather: Unknown tool: get_weather. Available: (none) | Unknown tool: add."
                  + " Available: (none). Done.");
      signal("INT");
      assertExits();
      assertThat(stderr.get(10, TimeUnit.SECONDS))
          .contains("toolnexus: serving an A2A agent (0 skills, model mock-model) and 0 tools")
          .doesNotContain("Exception");
    }
  }

  @Test
  void serveA2aAgentRunsEachTaskAsTheConfiguredAgentWithItsBudget() throws Exception {
    Path team = dir.resolve("team.json");
    Files.writeString(
        team,
        "{\"subagents\": {"
            + "\"helper\": {\"does\": \"answers\", \"tools\": []},"
            + "\"tight\": {\"does\": \"answers in one turn\", \"tools\": [],"
            + " \"budget\": {\"maxTurns\": 1}}}}");
    try (MockLlm mock = MockLlm.start()) {
      for (String agent : List.of("helper", "tight")) {
        start(
            Map.of("OPENAI_API_KEY", "test-key"),
            "serve",
            "--a2a",
            "--agent",
            agent,
            "--config",
            team.toString(),
            "--port",
            "0",
            "--base-url",
            mock.baseUrl(),
            "--model",
            "mock-model",
            "--no-builtins");
        BufferedReader out = reader();
        String card = out.readLine();
        Map<String, Object> answer =
            Json.parseObject(
                HTTP.send(
                        HttpRequest.newBuilder(
                                URI.create(card.replace("/.well-known/agent-card.json", "/")))
                            .header("Content-Type", "application/json")
                            .POST(
                                HttpRequest.BodyPublishers.ofString(
                                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\","
                                        + "\"params\":{\"message\":{\"kind\":\"message\","
                                        + "\"messageId\":\"m1\",\"role\":\"user\",\"parts\":"
                                        + "[{\"kind\":\"text\",\"text\":\"weather?\"}]}}}"))
                            .build(),
                        HttpResponse.BodyHandlers.ofString())
                    .body());
        Map<?, ?> task = (Map<?, ?>) answer.get("result");
        Map<?, ?> status = (Map<?, ?>) task.get("status");
        if (agent.equals("helper")) {
          assertThat(status.get("state")).isEqualTo("completed");
          Map<?, ?> artifact = (Map<?, ?>) ((List<?>) task.get("artifacts")).get(0);
          assertThat(((Map<?, ?>) ((List<?>) artifact.get("parts")).get(0)).get("text"))
              .isEqualTo(
                  "Weather: Unknown tool: get_weather. Available: (none) | Unknown tool: add."
                      + " Available: (none). Done.");
        } else {
          // the mock answers only after a tool round, which the one-turn budget does not allow
          assertThat(status.get("state")).isEqualTo("failed");
          Map<?, ?> message = (Map<?, ?>) status.get("message");
          assertThat(((Map<?, ?>) ((List<?>) message.get("parts")).get(0)).get("text"))
              .isEqualTo("the run stopped at its maxTurns limit before it answered");
        }
        signal("INT");
        assertExits();
        assertThat(stderr.get(10, TimeUnit.SECONDS))
            .contains(
                "toolnexus: serving an A2A agent (0 skills, agent " + agent + ", model mock-model)")
            .doesNotContain("Exception");
      }
    }
  }

  @Test
  void serveA2aWithPushPostsTheFinishedTaskToTheCallersWebhook() throws Exception {
    BlockingQueue<String> hits = new LinkedBlockingQueue<>();
    HttpServer hook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    hook.createContext(
        "/hook",
        ex -> {
          hits.add(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          ex.sendResponseHeaders(200, -1);
          ex.close();
        });
    hook.start();
    try (MockLlm mock = MockLlm.start()) {
      start(
          Map.of("OPENAI_API_KEY", "test-key"),
          "serve",
          "--a2a",
          "--push",
          "--push-allow",
          "127.0.0.1",
          "--port",
          "0",
          "--base-url",
          mock.baseUrl(),
          "--model",
          "mock-model",
          "--no-builtins");
      String card = reader().readLine();
      Map<String, Object> agent =
          Json.parseObject(
              HTTP.send(
                      HttpRequest.newBuilder(URI.create(card)).GET().build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body());
      assertThat(((Map<?, ?>) agent.get("capabilities")).get("pushNotifications")).isEqualTo(true);
      String webhook = "http://127.0.0.1:" + hook.getAddress().getPort() + "/hook";
      String send =
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":{\"message\":"
              + "{\"kind\":\"message\",\"messageId\":\"m1\",\"role\":\"user\",\"parts\":"
              + "[{\"kind\":\"text\",\"text\":\"weather?\"}]},\"configuration\":"
              + "{\"blocking\":false,\"pushNotificationConfig\":{\"url\":\""
              + webhook
              + "\"}}}}";
      HTTP.send(
          HttpRequest.newBuilder(URI.create((String) agent.get("url")))
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(send))
              .build(),
          HttpResponse.BodyHandlers.ofString());
      String state = "";
      Map<String, Object> task = Map.of();
      while (!state.equals("completed")) {
        String body = hits.poll(20, TimeUnit.SECONDS);
        assertThat(body).as("a notification within 20 s").isNotNull();
        task = Json.parseObject(body);
        state = (String) ((Map<?, ?>) task.get("status")).get("state");
      }
      assertThat(task).containsEntry("kind", "task");
      assertThat((List<?>) task.get("artifacts")).hasSize(1);
      signal("INT");
      assertExits();
    } finally {
      hook.stop(0);
    }
  }

  private void start(String... args) throws IOException {
    start(Map.of(), args);
  }

  private void start(Map<String, String> env, String... args) throws IOException {
    List<String> argv = new ArrayList<>(DEFAULT_SIGINT);
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-XX:TieredStopAtLevel=1");
    argv.add("-cp");
    argv.add(System.getProperty("java.class.path"));
    argv.add(Main.class.getName());
    argv.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(argv);
    pb.environment().remove("TOOLNEXUS_TOKEN");
    pb.environment().putAll(env);
    serve = pb.start();
    Process p = serve;
    // its own thread: a blocking read must not hold the common pool, which has one worker on
    // two cores and which the JDK's HTTP client completes its futures on
    CompletableFuture<String> err = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try {
                err.complete(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
              } catch (IOException e) {
                err.complete(e.toString());
              }
            },
            "serve-stderr");
    reader.setDaemon(true);
    reader.start();
    stderr = err;
  }

  /** {@code env --default-signal=INT} where this machine's env has it, else nothing. */
  private static List<String> defaultSigint() {
    List<String> prefix = List.of("env", "--default-signal=INT");
    try {
      List<String> probe = new ArrayList<>(prefix);
      probe.add("true");
      Process p = new ProcessBuilder(probe).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? prefix : List.of();
    } catch (IOException e) {
      return List.of(); // no GNU env: SIGINT keeps whatever handling the build was given
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }

  /** Waits for the served process to exit; if it does not, the failure shows its threads. */
  private void assertExits() throws Exception {
    if (serve.waitFor(30, TimeUnit.SECONDS)) {
      return;
    }
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process dump =
        new ProcessBuilder(jcmd.toString(), Long.toString(serve.pid()), "Thread.print")
            .redirectErrorStream(true)
            .start();
    String threads = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    dump.waitFor(30, TimeUnit.SECONDS);
    throw new AssertionError("serve did not exit within 30 s; its threads:\n" + threads);
  }

  /** Sends the serve process a signal as a terminal or a service manager would. */
  private void signal(String name) throws Exception {
    new ProcessBuilder("kill", "-" + name, Long.toString(serve.pid())).start().waitFor();
  }

  private BufferedReader reader() {
    return new BufferedReader(
        new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
  }

  private static void assertGone(List<ProcessHandle> processes) throws Exception {
    for (ProcessHandle h : processes) {
      h.onExit().get(30, TimeUnit.SECONDS);
      assertThat(h.isAlive()).as("process %d", h.pid()).isFalse();
    }
  }
}
