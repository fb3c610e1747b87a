package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.SourceStatus;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.server.McpHttpServer;
import dev.toolnexus.server.McpServe;
import dev.toolnexus.server.McpServeOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A config with MCP servers and remote agents reads the agents' cards while the MCP servers
 * connect. The card server and the MCP server each hold their first request until the other has
 * been contacted too (at most ten seconds), so a build that loads one section after the other fails
 * the agent or the MCP server with a reply saying so. This module is where toolnexus-mcp,
 * toolnexus-a2a and an MCP server (toolnexus-server) meet on one classpath.
 */
class AgentsLoadBesideMcpTest {
  private static final long BOUND_SECONDS = 10;

  private final CountDownLatch cardAsked = new CountDownLatch(1);
  private final CountDownLatch mcpAsked = new CountDownLatch(1);
  private final HttpClient forward = HttpClient.newHttpClient();
  private Toolkit served;
  private McpHttpServer mcp;
  private HttpServer front;

  @BeforeEach
  void start() throws IOException {
    served =
        Toolkit.of(
            Tools.define(
                "ping",
                "Answers pong",
                Map.of("type", "object"),
                (Map<String, Object> args) -> "pong"));
    mcp = McpServe.http(served, McpServeOptions.defaults());
    front = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    front.createContext("/.well-known/agent-card.json", this::card);
    front.createContext("/mcp", this::mcpProxy);
    front.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    front.start();
  }

  @AfterEach
  void stop() {
    front.stop(0);
    mcp.close();
    served.close();
  }

  @Test
  void agentCardsAreReadWhileTheMcpServersConnect() {
    Map<String, Object> config =
        Map.of(
            "mcpServers",
            Map.of("local", Map.of("url", base() + "/mcp")),
            "agents",
            Map.of("echo", Map.of("card", base() + "/.well-known/agent-card.json")));

    try (Toolkit toolkit = Toolkit.builder().builtins(false).mcpConfig(config).build()) {
      assertThat(toolkit.status().get("a2a").parts())
          .containsExactly(Map.entry("echo", SourceStatus.ready()));
      assertThat(toolkit.mcpStatus())
          .containsExactly(Map.entry("local", McpServerStatus.connected("2026-07-28")));
      assertThat(toolkit.names()).containsExactly("local_ping", "Echo_echo");
    }
  }

  private String base() {
    return "http://127.0.0.1:" + front.getAddress().getPort();
  }

  private void card(HttpExchange ex) throws IOException {
    cardAsked.countDown();
    if (!await(mcpAsked)) {
      reply(ex, 503, "the card was read while no MCP server was being connected");
      return;
    }
    byte[] body =
        Json.write(
                Map.of(
                    "name",
                    "Echo",
                    "protocolVersion",
                    "0.3.0",
                    "url",
                    base() + "/rpc",
                    "skills",
                    List.of(Map.of("id", "echo", "name", "Echo", "description", "Echoes"))))
            .getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(200, body.length);
    ex.getResponseBody().write(body);
    ex.close();
  }

  /** Forwards to the real MCP server once the card has been asked for too. */
  private void mcpProxy(HttpExchange ex) throws IOException {
    mcpAsked.countDown();
    if (!await(cardAsked)) {
      reply(ex, 503, "the MCP server was connected while no agent card was being read");
      return;
    }
    if (ex.getRequestMethod().equals("GET")) {
      reply(ex, 405, "no server-sent event stream here");
      return;
    }
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(mcp.url().toString()))
            .method(
                ex.getRequestMethod(),
                HttpRequest.BodyPublishers.ofByteArray(ex.getRequestBody().readAllBytes()));
    for (String h :
        List.of(
            "Content-Type",
            "Accept",
            "Mcp-Session-Id",
            "Mcp-Protocol-Version",
            "Mcp-Method",
            "Mcp-Name")) {
      String v = ex.getRequestHeaders().getFirst(h);
      if (v != null) {
        b.header(h, v);
      }
    }
    HttpResponse<InputStream> answer;
    try {
      answer = forward.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      reply(ex, 503, "interrupted");
      return;
    }
    for (String h : List.of("Content-Type", "Mcp-Session-Id")) {
      answer.headers().firstValue(h).ifPresent(v -> ex.getResponseHeaders().add(h, v));
    }
    // streamed as it comes: the stateless revision's listen stream stays open
    try (InputStream in = answer.body();
        OutputStream out = ex.getResponseBody()) {
      ex.sendResponseHeaders(answer.statusCode(), 0);
      byte[] buf = new byte[8192];
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        out.write(buf, 0, n);
        out.flush();
      }
    } finally {
      ex.close();
    }
  }

  private static boolean await(CountDownLatch latch) {
    try {
      return latch.await(BOUND_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void reply(HttpExchange ex, int status, String text) throws IOException {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(status, body.length);
    ex.getResponseBody().write(body);
    ex.close();
  }
}
