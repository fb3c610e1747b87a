package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --stdio --agent NAME} (and {@code --mcp}): the one tool served is the agent of the
 * config file's subagents block, so a client's call runs that agent with its own prompt and team.
 */
class ServeAgentCommandTest {
  private static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n";
  private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n";
  private static final String CALL =
      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"helper\","
          + "\"arguments\":{\"prompt\":\"weather?\"}}}\n";
  private static MockLlm mock;

  @BeforeAll
  static void start() throws Exception {
    mock = MockLlm.start();
  }

  @AfterAll
  static void stop() {
    mock.close();
  }

  /**
   * Runs {@code serve --stdio --agent helper} on {@code stdin}, whose end comes only once the
   * answer to the last request is out: end of input cancels calls still running.
   */
  private static CliRun serve(Path dir, String stdin, String lastId) throws Exception {
    Path config = dir.resolve("toolnexus.json");
    Files.writeString(
        config,
        "{\"mcpServers\": {}, \"subagents\": {"
            + "\"helper\": {\"does\": \"answers questions\", \"systemPrompt\": \"Be brief.\","
            + " \"tools\": []}}}");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    InputStream in = new EndsAfterAnswer(stdin, out, "\"id\":" + lastId);
    Io io =
        Io.of(
            in,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of("OPENAI_API_KEY", "test-key"));
    int code =
        Cli.execute(
            io,
            "serve",
            "--stdio",
            "--no-builtins",
            "--config",
            config.toString(),
            "--agent",
            "helper",
            "--base-url",
            mock.baseUrl(),
            "--model",
            "mock-model");
    return new CliRun(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Standard input that reaches its end only once {@code out} holds the awaited answer. */
  private static final class EndsAfterAnswer extends InputStream {
    private final ByteArrayInputStream lines;
    private final ByteArrayOutputStream out;
    private final String awaited;

    EndsAfterAnswer(String text, ByteArrayOutputStream out, String awaited) {
      this.lines = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
      this.out = out;
      this.awaited = awaited;
    }

    @Override
    public int read() throws IOException {
      int b = lines.read();
      if (b < 0) {
        awaitAnswer();
      }
      return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
      int n = lines.read(buf, off, len);
      if (n < 0) {
        awaitAnswer();
      }
      return n;
    }

    private boolean answered() {
      String text = out.toString(StandardCharsets.UTF_8);
      return text.contains(awaited + ",") || text.contains(awaited + "}");
    }

    private void awaitAnswer() throws IOException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!answered()) {
        if (System.nanoTime() > deadline) {
          throw new IOException("no answer " + awaited + " within 30 s");
        }
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException(e);
        }
      }
    }
  }

  @Test
  void theAgentIsTheOneToolListedWithItsDoesAsTheDescription(@TempDir Path dir) throws Exception {
    CliRun r = serve(dir, INIT + LIST, "2");

    assertThat(r.exitCode()).as(r.err()).isZero();
    Map<?, ?> list = (Map<?, ?>) Json.parseObject(r.out().lines().toList().get(1)).get("result");
    assertThat(list.get("tools"))
        .isEqualTo(
            List.of(
                Map.of(
                    "name",
                    "helper",
                    "description",
                    "answers questions",
                    "inputSchema",
                    Map.of(
                        "type",
                        "object",
                        "properties",
                        Map.of(
                            "prompt",
                            Map.of("type", "string", "description", "The task for this agent")),
                        "required",
                        List.of("prompt")))));
  }

  @Test
  void aCallRunsTheAgentAndAnswersWithItsFinalText(@TempDir Path dir) throws Exception {
    CliRun r = serve(dir, INIT + CALL, "3");

    assertThat(r.exitCode()).as(r.err()).isZero();
    Map<?, ?> result = (Map<?, ?>) Json.parseObject(r.out().lines().toList().get(1)).get("result");
    assertThat(result.get("isError")).isEqualTo(false);
    assertThat(result.get("content"))
        .isEqualTo(
            List.of(
                Map.of(
                    "type",
                    "text",
                    "text",
                    "Weather: Unknown tool: get_weather. Available: (none) | Unknown tool: add."
                        + " Available: (none). Done.")));
  }
}
