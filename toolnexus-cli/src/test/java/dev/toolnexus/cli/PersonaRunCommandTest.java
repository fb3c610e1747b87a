package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolnexus.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --home DIR [--heartbeat EVERY]}: a persona agent against a scripted endpoint. */
class PersonaRunCommandTest {
  private static final Map<String, String> ENV = Map.of("OPENAI_API_KEY", "test-key");
  private HttpServer server;
  private final List<String> systems = java.util.Collections.synchronizedList(new ArrayList<>());
  @TempDir Path home;

  @BeforeEach
  void setUp() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.start();
    Files.writeString(home.resolve("SOUL.md"), "You are Ava, a calm support assistant.\n");
    Files.writeString(home.resolve("HEARTBEAT.md"), "If it is time, remind about the 3pm sync.\n");
  }

  @AfterEach
  void tearDown() {
    server.stop(0);
  }

  /** Scripted like the persona fixture: remember with the memory tool, recall, beat. */
  @SuppressWarnings("unchecked")
  private void handle(HttpExchange ex) throws IOException {
    Map<String, Object> req =
        Json.parseObject(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    List<Map<String, Object>> messages = (List<Map<String, Object>>) req.get("messages");
    String system = "";
    String last = "";
    String tool = null;
    for (Map<String, Object> m : messages) {
      switch (String.valueOf(m.get("role"))) {
        case "system" -> system = String.valueOf(m.get("content"));
        case "user" -> last = String.valueOf(m.get("content"));
        case "tool" -> tool = String.valueOf(m.get("content"));
        default -> {}
      }
    }
    systems.add(system);
    Map<String, Object> message = new java.util.LinkedHashMap<>();
    message.put("role", "assistant");
    if (tool != null) {
      message.put("content", "saved: " + tool);
    } else if (last.startsWith("remember")) {
      message.put("content", null);
      message.put(
          "tool_calls",
          List.of(
              Map.of(
                  "id",
                  "call_1",
                  "type",
                  "function",
                  "function",
                  Map.of(
                      "name",
                      "memory",
                      "arguments",
                      Json.write(
                          Map.of(
                              "action", "add", "target", "user", "text", "Prefers dark roast"))))));
    } else if (last.contains("Heartbeat")) {
      message.put(
          "content",
          system.contains("remind about the 3pm sync") ? "Reminder: 3pm sync" : "HEARTBEAT_OK");
    } else {
      message.put(
          "content", system.contains("Prefers dark roast") ? "I recall: dark roast" : "no memory");
    }
    byte[] body =
        Json.write(
                Map.of(
                    "id", "chatcmpl-1",
                    "object", "chat.completion",
                    "model", String.valueOf(req.get("model")),
                    "choices",
                        List.of(Map.of("index", 0, "message", message, "finish_reason", "stop")),
                    "usage",
                        Map.of("prompt_tokens", 30, "completion_tokens", 10, "total_tokens", 40)))
            .getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(200, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  private String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  private CliRun once(String prompt) {
    return CliRun.withInput(
        "",
        ENV,
        "run",
        "--no-builtins",
        "--home",
        home.toString(),
        "--base-url",
        baseUrl(),
        "--model",
        "mock-model",
        "--once",
        prompt);
  }

  @Test
  void theMemoryToolWritesToDiskAndTheNextSessionRemembers() throws IOException {
    CliRun first = once("remember that I drink dark roast");

    assertThat(first.exitCode()).isZero();
    assertThat(first.out())
        .isEqualTo("saved: saved (add in USER.md); it loads at the start of your next session\n");
    assertThat(Files.readString(home.resolve("USER.md"))).isEqualTo("- Prefers dark roast\n");
    assertThat(systems).allMatch(s -> s.startsWith("## SOUL.md\n\nYou are Ava"));
    assertThat(systems).noneMatch(s -> s.contains("Prefers dark roast"));

    CliRun second = once("what do you know about me?");
    assertThat(second.out()).isEqualTo("I recall: dark roast\n");
  }

  @Test
  void theHeartbeatPrintsADueReminderWhileTheSessionIsOpen() throws Exception {
    PipedOutputStream keyboard = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(keyboard);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Io io =
        Io.of(
            in,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            ENV);
    CompletableFuture<Integer> run =
        CompletableFuture.supplyAsync(
            () ->
                Cli.execute(
                    io,
                    "run",
                    "--no-builtins",
                    "--home",
                    home.toString(),
                    "--heartbeat",
                    "50ms",
                    "--base-url",
                    baseUrl(),
                    "--model",
                    "mock-model"));
    for (int i = 0; i < 200 && !out.toString(StandardCharsets.UTF_8).contains("[heartbeat]"); i++) {
      Thread.sleep(50);
    }
    keyboard.close();

    assertThat(run.get(20, TimeUnit.SECONDS)).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8).lines().findFirst().orElse(""))
        .isEqualTo("[heartbeat] Reminder: 3pm sync");
  }

  @Test
  void aHeartbeatWithoutAHomeIsAUsageError() {
    CliRun r =
        CliRun.withInput(
            "",
            ENV,
            "run",
            "--heartbeat",
            "30s",
            "--base-url",
            baseUrl(),
            "--model",
            "m",
            "--once",
            "hi");

    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("--heartbeat needs --home");
  }

  @Test
  void aBadIntervalIsAUsageErrorQuotingIt() {
    CliRun r =
        CliRun.withInput(
            "",
            ENV,
            "run",
            "--home",
            home.toString(),
            "--heartbeat",
            "30x",
            "--base-url",
            baseUrl(),
            "--model",
            "m",
            "--once",
            "hi");

    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err())
        .contains("--heartbeat: expected a positive interval such as 30s, 5m or 500ms, got 30x");
  }

  @Test
  void aHomeThatIsNotADirectoryIsAUsageErrorNamingIt() {
    Path missing = home.resolve("nobody");
    CliRun r =
        CliRun.withInput(
            "",
            ENV,
            "run",
            "--home",
            missing.toString(),
            "--base-url",
            baseUrl(),
            "--model",
            "m",
            "--once",
            "hi");

    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("--home: persona home " + missing + " is not a directory");
  }
}
