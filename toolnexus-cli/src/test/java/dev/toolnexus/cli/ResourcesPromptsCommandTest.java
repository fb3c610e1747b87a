package dev.toolnexus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code toolnexus resources} and {@code toolnexus prompts} against server-everything over stdio,
 * beside the repository's tools-only bench server.
 */
class ResourcesPromptsCommandTest {
  static final String DOCS = "demo://resource/static/document/";
  @TempDir Path dir;
  private Path config;

  @BeforeEach
  void writeConfig() throws IOException {
    Path everything =
        Fixtures.root()
            .resolve(
                "toolnexus-mcp/src/test/node/node_modules/@modelcontextprotocol/server-everything"
                    + "/dist/index.js");
    assertThat(everything).as("server-everything (npm ci in toolnexus-mcp)").exists();
    String bench = Fixtures.root().resolve("bench").resolve("mcp-server.mjs").toString();
    Map<String, Object> servers = new LinkedHashMap<>();
    servers.put("ev", Map.of("command", List.of("node", everything.toString(), "stdio")));
    servers.put("bench", Map.of("command", List.of("node", bench)));
    config = dir.resolve("mcp.json");
    Files.writeString(config, Json.write(Map.of("mcpServers", servers)));
  }

  @Test
  void resourcesListsEveryResourceAndTemplateThenTheServers() {
    CliRun r = CliRun.of("resources", "--config", config.toString());
    assertThat(r.exitCode()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).matches("URI +SERVER +MIME +NAME");
    assertThat(lines)
        .anySatisfy(
            l ->
                assertThat(l)
                    .matches(
                        "demo://resource/static/document/features\\.md +ev +text/markdown +"
                            + "features\\.md: Static document file exposed from /docs:"
                            + " features\\.md"))
        .anySatisfy(
            l ->
                assertThat(l)
                    .matches(
                        "demo://resource/dynamic/blob/\\{resourceId\\} +ev +application/octet-stream"
                            + " +Dynamic Blob Resource: Binary .*"))
        .contains("7 resources, 2 templates", "MCP servers:", "  ev     connected");
  }

  @Test
  @SuppressWarnings("unchecked")
  void resourcesJsonHasResourcesTemplatesAndStatus() {
    CliRun r = CliRun.of("resources", "--config", config.toString(), "--server", "ev", "--json");
    assertThat(r.exitCode()).isZero();
    Map<String, Object> doc = Json.parseObject(r.out());
    assertThat((List<Object>) doc.get("resources"))
        .contains(
            (Object)
                Map.of(
                    "server",
                    "ev",
                    "uri",
                    DOCS + "startup.md",
                    "name",
                    "startup.md",
                    "description",
                    "Static document file exposed from /docs: startup.md",
                    "mimeType",
                    "text/markdown"));
    assertThat((List<?>) doc.get("resourceTemplates")).hasSize(2);
    assertThat(doc.get("mcp"))
        .isEqualTo(
            Map.of("ev", Map.of("state", "connected"), "bench", Map.of("state", "connected")));
  }

  @Test
  void readPrintsTextAsItIsAndJsonCarriesABlobAsBase64() {
    CliRun text =
        CliRun.of(
            "resources", "--config", config.toString(), "--read", "demo://resource/dynamic/text/5");
    assertThat(text.exitCode()).isZero();
    assertThat(text.out()).startsWith("Resource 5: This is a plaintext resource created at ");
    CliRun blob =
        CliRun.of(
            "resources",
            "--config",
            config.toString(),
            "--json",
            "--read",
            "demo://resource/dynamic/blob/6");
    Map<?, ?> contents =
        (Map<?, ?>) ((List<?>) Json.parseObject(blob.out()).get("contents")).get(0);
    assertThat(contents.get("uri")).isEqualTo("demo://resource/dynamic/blob/6");
    assertThat(contents.get("mimeType")).isEqualTo("text/plain");
    assertThat(
            new String(
                Base64.getDecoder().decode((String) contents.get("blob")),
                java.nio.charset.StandardCharsets.UTF_8))
        .startsWith("Resource 6: This is a base64 blob created at ");
  }

  @Test
  void aServerWithoutResourcesIsAClearErrorWithExitOne() {
    CliRun r = CliRun.of("resources", "--config", config.toString(), "--server", "bench");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).endsWith("toolnexus: MCP server \"bench\" does not offer resources\n");
  }

  @Test
  void promptsListsNamesServersAndArguments() {
    CliRun r = CliRun.of("prompts", "--config", config.toString());
    assertThat(r.exitCode()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.subList(0, 6))
        .containsExactly(
            "NAME                SERVER  ARGUMENTS                   DESCRIPTION",
            "simple-prompt       ev      -                           A prompt with no arguments",
            "args-prompt         ev      city*, state                A prompt with two arguments, one"
                + " required and one optional",
            "completable-prompt  ev      department*, name*          First argument choice narrows"
                + " values for second argument.",
            "resource-prompt     ev      resourceType*, resourceId*  A prompt that includes an"
                + " embedded resource reference",
            "4 prompts (* required)");
  }

  @Test
  void getFillsInAPromptAndJsonKeepsTheParts() {
    CliRun r =
        CliRun.of(
            "prompts", "--config", config.toString(), "--get", "args-prompt", "--arg", "city=Oslo");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("user: What's weather in Oslo?\n");
    CliRun j =
        CliRun.of(
            "prompts",
            "--config",
            config.toString(),
            "--json",
            "--get",
            "args-prompt",
            "--arg",
            "city=Oslo",
            "--arg",
            "state=NO");
    assertThat(Json.parseObject(j.out()))
        .isEqualTo(
            Map.of(
                "messages",
                List.of(
                    Map.of(
                        "role",
                        "user",
                        "content",
                        Map.of("type", "text", "text", "What's weather in Oslo, NO?")))));
  }

  @Test
  void getWithoutARequiredArgumentNamesIt() {
    CliRun r = CliRun.of("prompts", "--config", config.toString(), "--get", "args-prompt");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .endsWith(
            "toolnexus: MCP server \"ev\": prompt \"args-prompt\" needs the argument \"city\"\n");
  }

  @Test
  void anArgWithoutGetIsAUsageError() {
    CliRun r = CliRun.of("prompts", "--config", config.toString(), "--arg", "city=Oslo");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--arg needs --get NAME");
  }

  @Test
  void anUnreadableResourceNamesServerAndUri() {
    CliRun r =
        CliRun.of(
            "resources", "--config", config.toString(), "--server", "ev", "--read", "demo://nope");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err())
        .contains("toolnexus: MCP server \"ev\": resources/read \"demo://nope\" failed: ");
  }
}
