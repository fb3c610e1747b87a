package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.ToolSource;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code notifications/tools/list_changed} reaches clients whenever the served tools change. */
class ListChangedTest {
  private static final Map<String, Object> LIST_CHANGED =
      Map.of("jsonrpc", "2.0", "method", "notifications/tools/list_changed");

  @Test
  void registeringAToolSendsListChangedOnTheSessionsStream() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      Events events = Events.open(RawMcp.connect(server.url()));
      toolkit.register(Tools.define("late", "Arrives later", Fixtures.NO_ARGS, args -> "hi"));
      assertThat(events.next()).isEqualTo(LIST_CHANGED);
    }
  }

  @Test
  void addingASourceSendsListChangedAndTheNewToolsAreListed() throws Exception {
    try (Toolkit toolkit = Toolkit.of(Fixtures.echo());
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      Events events = Events.open(client);
      toolkit.addSource(
          ToolSource.of(
              "extra", Tools.define("added", "From a new source", Fixtures.NO_ARGS, a -> "ok")));
      assertThat(events.next()).isEqualTo(LIST_CHANGED);
      assertThat(listedNames(client)).containsExactly("echo", "added");
    }
  }

  @Test
  void aServedMcpServersOwnListChangeReachesTheGatewaysClients() throws Exception {
    try (Toolkit behind = Toolkit.of(Fixtures.echo());
        McpHttpServer upstream = McpServe.http(behind, McpServeOptions.defaults());
        Toolkit gateway =
            Toolkit.builder()
                .builtins(false)
                .mcpConfig(
                    Map.of("mcpServers", Map.of("up", Map.of("url", upstream.url().toString()))))
                .build();
        McpHttpServer server = McpServe.http(gateway, McpServeOptions.defaults())) {
      RawMcp client = RawMcp.connect(server.url());
      assertThat(listedNames(client)).containsExactly("up_echo");
      Events events = Events.open(client);
      behind.register(Tools.define("late", "Arrives later", Fixtures.NO_ARGS, args -> "hi"));
      assertThat(events.next()).isEqualTo(LIST_CHANGED);
      assertThat(listedNames(client)).containsExactly("up_echo", "up_late");
    }
  }

  @Test
  void aViewServedWithAToolListHearsChangesToo() throws Exception {
    try (Toolkit toolkit = Toolkit.of(Fixtures.echo());
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().tools("echo", "late").build())) {
      RawMcp client = RawMcp.connect(server.url());
      Events events = Events.open(client);
      toolkit.register(Tools.define("late", "Arrives later", Fixtures.NO_ARGS, args -> "hi"));
      toolkit.register(Tools.define("hidden", "Not exposed", Fixtures.NO_ARGS, args -> "no"));
      assertThat(events.next()).isEqualTo(LIST_CHANGED);
      assertThat(listedNames(client)).containsExactly("echo", "late");
    }
  }

  @Test
  void overStdioListChangedIsALineOnStdout() throws Exception {
    PipedOutputStream toServer = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(toServer);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Toolkit toolkit = Toolkit.of(Fixtures.echo())) {
      CompletableFuture<Void> serving = Fixtures.serveStdio(toolkit, in, out);
      toServer.write((Json.write(RawMcp.initialize(1)) + "\n").getBytes(StandardCharsets.UTF_8));
      toServer.flush();
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (out.size() == 0 && System.nanoTime() < until) {
        Thread.sleep(10);
      }
      toolkit.register(Tools.define("late", "Arrives later", Fixtures.NO_ARGS, args -> "hi"));
      toServer.close();
      serving.get(30, TimeUnit.SECONDS);
    }
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(2);
    assertThat(Json.parseObject(lines.get(1))).isEqualTo(LIST_CHANGED);
  }

  private static List<Object> listedNames(RawMcp client) throws Exception {
    Map<String, Object> answer =
        RawMcp.answer(client.post(Map.of("jsonrpc", "2.0", "id", 40, "method", "tools/list")));
    List<?> tools = (List<?>) ((Map<?, ?>) answer.get("result")).get("tools");
    return tools.stream().map(t -> ((Map<?, ?>) t).get("name")).map(Object.class::cast).toList();
  }

  /** A session's standalone GET stream, read line by line on another thread. */
  private static final class Events {
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();

    static Events open(RawMcp client) throws Exception {
      Events e = new Events();
      HttpRequest get =
          HttpRequest.newBuilder(client.url)
              .header("Accept", "text/event-stream")
              .header("Mcp-Session-Id", client.session)
              .GET()
              .build();
      CompletableFuture<HttpResponse<Stream<String>>> stream =
          RawMcp.HTTP.sendAsync(get, HttpResponse.BodyHandlers.ofLines());
      CompletableFuture.runAsync(() -> stream.join().body().forEach(e.lines::add));
      assertThat(e.lines.poll(30, TimeUnit.SECONDS)).isEqualTo(": stream open");
      return e;
    }

    /** The next message on the stream (keep-alive comments skipped). */
    Map<String, Object> next() throws InterruptedException {
      for (String line = lines.poll(30, TimeUnit.SECONDS);
          line != null;
          line = lines.poll(30, TimeUnit.SECONDS)) {
        if (line.startsWith("data: ")) {
          return Json.parseObject(line.substring(6));
        }
      }
      throw new AssertionError("no message on the stream within 30 s");
    }
  }
}
