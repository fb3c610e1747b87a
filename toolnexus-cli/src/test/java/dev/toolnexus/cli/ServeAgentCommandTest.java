package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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

  private static CliRun serve(Path dir, String stdin) throws Exception {
    Path config = dir.resolve("toolnexus.json");
    Files.writeString(
        config,
        "{\"mcpServers\": {}, \"subagents\": {"
            + "\"helper\": {\"does\": \"answers questions\", \"systemPrompt\": \"Be brief.\","
            + " \"tools\": []}}}");
    return CliRun.withInput(
        stdin,
        Map.of("OPENAI_API_KEY", "test-key"),
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
  }

  @Test
  void theAgentIsTheOneToolListedWithItsDoesAsTheDescription(@TempDir Path dir) throws Exception {
    CliRun r = serve(dir, INIT + LIST);

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
    CliRun r = serve(dir, INIT + CALL);

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
