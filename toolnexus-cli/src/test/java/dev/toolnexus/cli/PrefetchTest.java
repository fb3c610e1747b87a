package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Toolkit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short command's toolkit is built beside picocli from a pre-scan of the arguments; the command
 * takes it only when picocli parsed the same source flags, and anything not taken is closed.
 */
class PrefetchTest {
  @TempDir Path dir;
  private Path config;
  private Path pidFile;

  @BeforeEach
  void writeConfig() throws IOException {
    String server = Fixtures.root().resolve("bench").resolve("mcp-server.mjs").toString();
    pidFile = dir.resolve("server.pid");
    config = dir.resolve("mcp.json");
    String start = "echo $$ > '" + pidFile + "'; exec node '" + server + "'";
    Files.writeString(
        config,
        Json.write(
            Map.of("mcpServers", Map.of("bench", Map.of("command", List.of("sh", "-c", start))))));
  }

  @Test
  void theScanReadsTheSourceFlagsOfAShortCommand() {
    SourceOptions o =
        Prefetch.scan(
            "-v",
            "tools",
            "--no-builtins",
            "--config=" + config,
            "--skills",
            "a",
            "--json",
            "--skills=b",
            "--strict");

    assertThat(o.key())
        .isEqualTo(
            new SourceOptions.Key(
                config, List.of(Path.of("a"), Path.of("b")), List.of(), true, null, false, true));
  }

  @Test
  void theScanTakesTheCommandsOwnFlagsAndPositionals() {
    assertThat(Prefetch.scan("call", "bench_add", "--args", "{}", "--config", "c.json").config)
        .isEqualTo(Path.of("c.json"));
    assertThat(Prefetch.scan("schema", "--format", "gemini", "--pretty", "--verbatim").key())
        .isEqualTo(new SourceOptions().key());
  }

  @Test
  void anyOtherCommandLineIsNotPrefetched() {
    assertThat(Prefetch.scan()).isNull();
    assertThat(Prefetch.scan("--help")).isNull();
    assertThat(Prefetch.scan("run", "--config", "c.json")).isNull();
    assertThat(Prefetch.scan("serve", "--mcp")).isNull();
    assertThat(Prefetch.scan("tools", "--help")).isNull();
    assertThat(Prefetch.scan("tools", "--openapi", "o.yaml")).isNull();
    assertThat(Prefetch.scan("tools", "--config")).isNull();
    assertThat(Prefetch.scan("tools", "--config", "a", "--config", "b")).isNull();
    assertThat(Prefetch.scan("tools", "--json", "--json")).isNull();
    assertThat(Prefetch.scan("tools", "extra")).isNull();
    assertThat(Prefetch.scan("call", "--config", "c.json")).isNull();
    assertThat(Prefetch.scan("call", "a", "b")).isNull();
    assertThat(Prefetch.scan("tools", "--config", "--no-builtins")).isNull();
  }

  @Test
  void optionsThatDifferFromTheScanDoNotMatch() {
    try (Prefetch p =
        Prefetch.start(io(), "tools", "--no-builtins", "--config", config.toString())) {
      SourceOptions same = Prefetch.scan("tools", "--config", config.toString(), "--no-builtins");
      SourceOptions other = Prefetch.scan("tools", "--config", config.toString());

      assertThat(p.matches(same)).isTrue();
      assertThat(p.matches(other)).isFalse();
    }
  }

  @Test
  void statusesHeardBeforeTheTakeAreReplayedToTheTaker() throws InterruptedException {
    List<String> heard = new ArrayList<>();
    try (Prefetch p =
        Prefetch.start(io(), "tools", "--no-builtins", "--config", config.toString())) {
      awaitDone(p);
      try (Toolkit toolkit = p.take((name, status) -> heard.add(name + " " + status))) {
        assertThat(toolkit.names()).containsExactly("bench_get_weather", "bench_add", "bench_echo");
      }
    }

    assertThat(heard).containsExactly("bench " + McpServerStatus.connected());
  }

  @Test
  void aPrefetchTheCommandDidNotTakeIsClosedWithItsServer() throws Exception {
    Prefetch p = Prefetch.start(io(), "tools", "--no-builtins", "--config", config.toString());
    long pid = awaitPid();

    p.close();

    ProcessHandle.of(pid)
        .ifPresent(h -> assertThat(h.onExit()).succeedsWithin(Duration.ofSeconds(10)));
  }

  @Test
  void aUsageErrorFoundByTheCommandReadsAsWithoutThePrefetch() {
    CliRun r = CliRun.of("call", "bench_add", "--args", "[1]", "--config", config.toString());

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith("toolnexus: --args is not a JSON object: ")
        .doesNotContain("MCP");
  }

  @Test
  void aMissingConfigFailsOnTheCommandsThreadNamingIt() {
    Path missing = dir.resolve("nope.json");
    CliRun r = CliRun.of("tools", "--config", missing.toString());

    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("toolnexus: --config " + missing + ": no such file\n");
  }

  private long awaitPid() throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(pidFile)) {
        String text = Files.readString(pidFile).strip();
        if (!text.isEmpty()) {
          return Long.parseLong(text);
        }
      }
      Thread.sleep(10);
    }
    throw new AssertionError("the server never started");
  }

  private static void awaitDone(Prefetch p) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!p.done() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(p.done()).isTrue();
  }

  private static Io io() {
    return Io.of(
        java.io.InputStream.nullInputStream(),
        new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
        new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
        Map.of());
  }
}
