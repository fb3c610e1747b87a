package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command reads a config file's {@code agents} section: each remote agent's skills are tools.
 */
class A2aAgentsConfigTest {
  @TempDir Path dir;
  private HttpServer peer;

  @BeforeEach
  void startPeer() throws IOException {
    peer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    peer.createContext("/.well-known/agent-card.json", this::card);
    peer.createContext("/rpc", this::rpc);
    peer.start();
  }

  @AfterEach
  void stopPeer() {
    peer.stop(0);
  }

  @Test
  void anAgentsSectionMakesEachSkillOfTheRemoteAgentATool() throws IOException {
    CliRun r = CliRun.of("tools", "--no-builtins", "--config", config().toString());

    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("Echo_echo");
    assertThat(r.err()).doesNotContain("MCP");
  }

  @Test
  void callingARemoteAgentsSkillPrintsItsArtifactText() throws IOException {
    CliRun r =
        CliRun.of(
            "call",
            "Echo_echo",
            "--no-builtins",
            "--config",
            config().toString(),
            "--args",
            "{\"task\":\"hi\"}");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("echo: hi\n");
  }

  private Path config() throws IOException {
    Path file = dir.resolve("toolnexus.json");
    Files.writeString(
        file, "{\"agents\":{\"echo\":{\"card\":\"" + base() + "/.well-known/agent-card.json\"}}}");
    return file;
  }

  private String base() {
    return "http://127.0.0.1:" + peer.getAddress().getPort();
  }

  private void card(HttpExchange ex) throws IOException {
    reply(
        ex,
        Map.of(
            "name",
            "Echo",
            "protocolVersion",
            "0.3.0",
            "url",
            base() + "/rpc",
            "skills",
            List.of(Map.of("id", "echo", "name", "Echo", "description", "Echoes the task"))));
  }

  private void rpc(HttpExchange ex) throws IOException {
    Map<String, Object> req =
        Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    @SuppressWarnings("unchecked")
    Map<String, Object> params = (Map<String, Object>) req.get("params");
    @SuppressWarnings("unchecked")
    Map<String, Object> message =
        params == null ? null : (Map<String, Object>) params.get("message");
    String text = "?";
    if (message != null) {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> parts = (List<Map<String, Object>>) message.get("parts");
      text = String.valueOf(parts.get(0).get("text"));
    }
    Map<String, Object> task =
        Map.of(
            "kind",
            "task",
            "id",
            "t1",
            "contextId",
            "c1",
            "status",
            Map.of("state", "completed"),
            "artifacts",
            List.of(Map.of("parts", List.of(Map.of("kind", "text", "text", "echo: " + text)))));
    reply(ex, Map.of("jsonrpc", "2.0", "id", req.get("id"), "result", task));
  }

  private static void reply(HttpExchange ex, Object body) throws IOException {
    byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(200, bytes.length);
    ex.getResponseBody().write(bytes);
    ex.close();
  }
}
