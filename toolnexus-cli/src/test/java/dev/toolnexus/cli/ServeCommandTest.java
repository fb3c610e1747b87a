package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServeCommandTest {
  private static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n";
  private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n";

  @Test
  void stdioAnswersEachRequestOnItsOwnLineAndPrintsNothingElse() {
    CliRun r = CliRun.withInput(INIT + LIST, Map.of(), "serve", "--stdio", "--tools", "read,glob");
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(2);
    Map<String, Object> init = Json.parseObject(lines.get(0));
    assertThat(((Map<?, ?>) init.get("result")).get("serverInfo"))
        .isEqualTo(Map.of("name", "toolnexus", "version", "0.1.0"));
    Map<String, Object> list = Json.parseObject(lines.get(1));
    assertThat(names(list)).containsExactly("read", "glob");
  }

  @Test
  void stdioAnswersAStatelessDiscoverWithTheInstructions() {
    String discover =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{\"_meta\":"
            + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}\n";
    CliRun r =
        CliRun.withInput(
            discover,
            Map.of(),
            "serve",
            "--stdio",
            "--tools",
            "read",
            "--instructions",
            "Read files with read.");
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(1);
    Map<?, ?> result = (Map<?, ?>) Json.parseObject(lines.get(0)).get("result");
    assertThat(result.get("instructions")).isEqualTo("Read files with read.");
    assertThat(result.get("supportedVersions"))
        .isEqualTo(List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"));
  }

  @Test
  void taskToolsAdvertiseTheTasksExtensionOnDiscover() {
    String discover =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{\"_meta\":"
            + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}\n";
    CliRun r =
        CliRun.withInput(
            discover, Map.of(), "serve", "--stdio", "--tools", "read", "--task-tools", "read");
    assertThat(r.exitCode()).as(r.err()).isZero();
    Map<?, ?> result = (Map<?, ?>) Json.parseObject(r.out().strip()).get("result");
    assertThat(((Map<?, ?>) result.get("capabilities")).get("extensions"))
        .isEqualTo(Map.of("io.modelcontextprotocol/tasks", Map.of()));
  }

  @Test
  void skillPromptsAndSkillResourcesServeTheSkillsOverStdio(@TempDir Path dir) throws Exception {
    Path skill = Files.createDirectories(dir.resolve("greet"));
    Files.writeString(
        skill.resolve("SKILL.md"), "---\nname: greet\ndescription: Greets\n---\nSay hello.\n");
    Files.writeString(skill.resolve("names.txt"), "Ada\n");
    String requests =
        INIT
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/get\","
            + "\"params\":{\"name\":\"greet\"}}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\","
            + "\"params\":{\"uri\":\"skill://greet/names.txt\"}}\n";
    CliRun r =
        CliRun.withInput(
            requests,
            Map.of(),
            "serve",
            "--stdio",
            "--skills",
            dir.toString(),
            "--skill-prompts",
            "--skill-resources");
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(Json.parseObject(lines.get(1)).get("result"))
        .isEqualTo(
            Map.of(
                "description",
                "Greets",
                "messages",
                List.of(
                    Map.of(
                        "role", "user", "content", Map.of("type", "text", "text", "Say hello.")))));
    assertThat(Json.parseObject(lines.get(2)).get("result"))
        .isEqualTo(
            Map.of(
                "contents",
                List.of(
                    Map.of(
                        "uri",
                        "skill://greet/names.txt",
                        "mimeType",
                        "text/plain",
                        "text",
                        "Ada\n"))));
  }

  @Test
  void withoutSkillPromptsTheSkillsAreNoPrompts(@TempDir Path dir) throws Exception {
    Path skill = Files.createDirectories(dir.resolve("greet"));
    Files.writeString(
        skill.resolve("SKILL.md"), "---\nname: greet\ndescription: Greets\n---\nSay hello.\n");
    String requests = INIT + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/list\"}\n";
    CliRun r = CliRun.withInput(requests, Map.of(), "serve", "--stdio", "--skills", dir.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Json.parseObject(r.out().lines().toList().get(1)).get("result"))
        .isEqualTo(Map.of("prompts", List.of()));
  }

  @Test
  void theConfigFilesMcpServerBlockNamesTheServerAndPicksTheTools(@TempDir Path dir)
      throws Exception {
    Path config = dir.resolve("mcp.json");
    Files.writeString(
        config,
        "{\"mcpServers\":{},\"mcpServer\":{\"name\":\"gateway\",\"version\":\"2.0.0\","
            + "\"tools\":[\"write\"]}}");
    CliRun r =
        CliRun.withInput(INIT + LIST, Map.of(), "serve", "--stdio", "--config", config.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(((Map<?, ?>) Json.parseObject(lines.get(0)).get("result")).get("serverInfo"))
        .isEqualTo(Map.of("name", "gateway", "version", "2.0.0"));
    assertThat(names(Json.parseObject(lines.get(1)))).containsExactly("write");
  }

  @Test
  void aBadMcpServerBlockNamesTheField(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("mcp.json");
    Files.writeString(config, "{\"mcpServers\":{},\"mcpServer\":{\"tools\":\"write\"}}");
    CliRun r = CliRun.withInput("", Map.of(), "serve", "--stdio", "--config", config.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .isEqualTo(
            "toolnexus: --config "
                + config
                + ": mcpServer.tools: must be a list of tool names"
                + System.lineSeparator());
  }

  @Test
  void oneOfMcpA2aOrStdioIsRequired() {
    CliRun r = CliRun.of("serve");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("toolnexus: one of --mcp, --a2a or --stdio is required");
  }

  @Test
  void stdioServesAlone() {
    CliRun r = CliRun.of("serve", "--stdio", "--a2a");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("toolnexus: --stdio serves alone: leave out --mcp and --a2a");
  }

  @Test
  void a2aNeedsAModel() {
    CliRun r = CliRun.of("serve", "--a2a", "--base-url", "http://127.0.0.1:9/v1");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("toolnexus: --a2a needs --model: the model each task runs on");
  }

  @Test
  void aTaskStoreThatIsNoneOfTheThreeFormsIsAUsageError() {
    CliRun r =
        CliRun.of(
            "serve",
            "--a2a",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--model",
            "m",
            "--task-store",
            "redis://x");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --task-store: task store must be memory, file:<dir> or jdbc:<url>,"
                + " got \"redis://x\"");
  }

  @Test
  void leaseFlagsWithoutAJdbcTaskStoreAreAUsageError() {
    CliRun r =
        CliRun.of(
            "serve",
            "--a2a",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--model",
            "m",
            "--lease-duration",
            "5");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --replica-id, --lease-duration and --lease-renewal need a jdbc:"
                + " --task-store (the store replicas share)");
  }

  @Test
  void aLeaseRenewalNotShorterThanTheLeaseIsAUsageError() {
    CliRun r =
        CliRun.of(
            "serve",
            "--a2a",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--model",
            "m",
            "--task-store",
            "jdbc:sqlite::memory:",
            "--lease-duration",
            "5",
            "--lease-renewal",
            "5");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "toolnexus: lease renewal interval (PT5S) must be shorter than the lease duration"
                + " (PT5S), or a live replica's leases run out between renewals");
  }

  @Test
  void serveHelpListsTheLeaseOptions() {
    CliRun r = CliRun.of("serve", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out())
        .contains("--replica-id=ID", "--lease-duration=SECONDS", "--lease-renewal=SECONDS");
  }

  @Test
  void pushAllowWithoutPushIsAUsageError() {
    CliRun r =
        CliRun.of(
            "serve",
            "--a2a",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--model",
            "m",
            "--push-allow",
            "127.0.0.1");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("toolnexus: --push-allow needs --push");
  }

  @Test
  void aCallTimeoutThatIsNotPositiveIsAUsageError() {
    CliRun r = CliRun.of("serve", "--stdio", "--call-timeout", "0");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith("toolnexus: --call-timeout must be a positive number of seconds");
  }

  @Test
  void aPageSizeBelowOneIsAUsageError() {
    CliRun r = CliRun.of("serve", "--stdio", "--page-size", "0");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("toolnexus: --page-size must be 1 or more");
  }

  @Test
  void agentOverMcpWithoutAModelIsAUsageError(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("team.json");
    Files.writeString(config, "{\"subagents\":{\"helper\":{\"does\":\"helps\"}}}");
    CliRun r = CliRun.of("serve", "--stdio", "--agent", "helper", "--config", config.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith("toolnexus: --stdio --agent needs --model: the model each task runs on");
  }

  @Test
  void agentWithoutConfigIsAUsageError() {
    CliRun r =
        CliRun.of(
            "serve",
            "--a2a",
            "--agent",
            "helper",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--model",
            "m");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --agent needs --config: the file whose \"subagents\" block declares it");
  }

  @Test
  void oauthIssuerWithoutResourceIsAUsageError() {
    CliRun r = CliRun.of("serve", "--mcp", "--oauth-issuer", "http://127.0.0.1:9");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --oauth-issuer needs --oauth-resource: this server's canonical URI, the"
                + " audience its tokens name");
  }

  @Test
  void oauthScopeWithoutIssuerIsAUsageError() {
    CliRun r = CliRun.of("serve", "--mcp", "--oauth-scope", "tools:read");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith("toolnexus: --oauth-resource and --oauth-scope need --oauth-issuer");
  }

  @Test
  void oauthIssuerAndATokenAreAUsageError() {
    CliRun r =
        CliRun.of(
            "serve",
            "--mcp",
            "--token",
            "t",
            "--oauth-issuer",
            "http://127.0.0.1:9",
            "--oauth-resource",
            "http://127.0.0.1:8/mcp");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --oauth-issuer replaces the bearer token: leave out --token and unset"
                + " TOOLNEXUS_TOKEN");
  }

  @Test
  void anOauthIssuerWithoutMetadataIsAnErrorNamingIt() {
    CliRun r =
        CliRun.of(
            "serve",
            "--mcp",
            "--oauth-issuer",
            "http://127.0.0.1:9",
            "--oauth-resource",
            "http://127.0.0.1:8/mcp");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .startsWith(
            "toolnexus: --oauth-issuer: cannot read the metadata of the authorization server"
                + " http://127.0.0.1:9");
  }

  private static List<Object> names(Map<String, Object> listResponse) {
    List<?> tools = (List<?>) ((Map<?, ?>) listResponse.get("result")).get("tools");
    return tools.stream().map(t -> ((Map<?, ?>) t).get("name")).map(Object.class::cast).toList();
  }
}
