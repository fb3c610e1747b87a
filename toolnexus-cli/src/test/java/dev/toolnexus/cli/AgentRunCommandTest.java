package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --agent NAME}: an agent of the config file's subagents block, one shot. */
class AgentRunCommandTest {
  private static MockLlm mock;
  private static final Map<String, String> ENV = Map.of("OPENAI_API_KEY", "test-key");

  @BeforeAll
  static void start() throws Exception {
    mock = MockLlm.start();
  }

  @AfterAll
  static void stop() {
    mock.close();
  }

  private static Path config(Path dir) throws Exception {
    Path file = dir.resolve("toolnexus.json");
    Files.writeString(
        file,
        "{\"mcpServers\": {}, \"subagents\": {"
            + "\"helper\": {\"does\": \"answers questions\", \"systemPrompt\": \"Be brief.\","
            + " \"tools\": []},"
            + "\"lead\": {\"does\": \"leads\", \"team\": [\"helper\"]}}}");
    return file;
  }

  /** {@code run --once prompt} as {@code agent} from {@code config}, without the built-ins. */
  private CliRun once(Path config, String agent, String prompt) {
    return CliRun.runAgainst(
        mock,
        "",
        ENV,
        "--no-builtins",
        "--config",
        config.toString(),
        "--agent",
        agent,
        "--once",
        prompt);
  }

  @Test
  void onceRunsTheNamedAgentAndPrintsItsAnswer(@TempDir Path dir) throws Exception {
    CliRun r = once(config(dir), "helper", "weather?");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .isEqualTo(
            "Weather: Unknown tool: get_weather. Available: (none) | Unknown tool: add."
                + " Available: (none). Done.\n");
  }

  @Test
  void anAgentTheConfigDoesNotDeclareIsAUsageErrorNamingTheDeclaredOnes(@TempDir Path dir)
      throws Exception {
    CliRun r = once(config(dir), "nobody", "hi");

    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("--agent nobody: ").contains("declares only helper, lead");
  }

  @Test
  void aConfigWithOnlyASubagentsBlockIsNotReadAsMcpServers(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("team.json");
    Files.writeString(
        file, "{\"subagents\": {\"helper\": {\"does\": \"answers\", \"tools\": []}}}");
    CliRun r = once(file, "helper", "weather?");

    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).doesNotContain("MCP");
  }

  @Test
  void theConfigsCompletionGateSendsTheAgentBackAndReportsTheCompletionStop(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("gated.json");
    Files.writeString(
        file,
        "{\"subagents\": {\"helper\": {\"does\": \"answers\", \"tools\": [],"
            + " \"completion\": {\"maxAttempts\": 2,"
            + " \"command\": [\"sh\", \"-c\", \"echo red; exit 1\"]}}}}");
    CliRun r = once(file, "helper", "hello");

    assertThat(r.out())
        .isEqualTo("completion check failed 2 time(s); last reason: command sh exited 1: red\n");
    assertThat(r.err()).contains("toolnexus: the agent stopped: incomplete (completion)");
  }

  @Test
  void theConfigsGuardrailsDenyTheToolCall(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("guarded.json");
    Files.writeString(
        file,
        "{\"subagents\": {\"helper\": {\"does\": \"answers\", \"tools\": [],"
            + " \"guardrails\": {\"denyTools\": [\"get_weather\", \"add\"],"
            + " \"reason\": \"offline\"}}}}");
    CliRun r = once(file, "helper", "weather?");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("Weather: denied: offline | denied: offline. Done.\n");
  }
}
