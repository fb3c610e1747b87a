package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code exposeResources} and {@code exposePrompts}: server-everything's resources become one
 * {@code read_resource} tool and its prompts one {@code get_prompt} tool with the prompt catalog.
 */
class ExposedFeaturesTest {
  static McpToolSource source;

  @BeforeAll
  static void connect() {
    source =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config(
                    "ev",
                    TestEnv.local(
                        TestEnv.everythingStdio(), "exposeResources", true, "exposePrompts", true),
                    "plain",
                    TestEnv.local(TestEnv.everythingStdio())),
                "<test>"));
  }

  @AfterAll
  static void close() {
    source.close();
  }

  static Tool tool(String name) {
    return source.tools().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void onlyTheOptedInServerGetsTheTwoToolsAfterItsOwn() {
    List<String> names = source.tools().stream().map(Tool::name).toList();
    assertThat(names).contains("ev_read_resource", "ev_get_prompt");
    assertThat(names).noneMatch(n -> n.startsWith("plain_") && n.endsWith("_resource"));
    assertThat(names.indexOf("ev_read_resource")).isLessThan(names.indexOf("plain_echo"));
    assertThat(names.indexOf("ev_read_resource")).isGreaterThan(names.indexOf("ev_echo"));
  }

  @Test
  void readResourceListsTheResourcesAndTemplatesAndReadsByUri() {
    Tool read = tool("ev_read_resource");
    assertThat(read.description())
        .startsWith(
            "Reads a resource of MCP server \"ev\" by its URI and returns its contents.\n"
                + "Resources:\n- demo://resource/static/document/architecture.md: Static document"
                + " file exposed from /docs: architecture.md\n")
        .contains(
            "\nURI templates (fill in the {variables}):\n- demo://resource/dynamic/text/{resourceId}:"
                + " Plaintext dynamic resource");
    assertThat(read.inputSchema()).containsEntry("required", List.of("uri"));
    assertThat(read.annotations().isReadOnly()).isTrue();
    ToolResult r =
        read.execute(Map.of("uri", "demo://resource/dynamic/text/9"), ToolContext.empty());
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).startsWith("Resource 9: This is a plaintext resource created at ");
    ToolResult blob =
        read.execute(Map.of("uri", "demo://resource/dynamic/blob/9"), ToolContext.empty());
    assertThat(blob.parts()).singleElement().isInstanceOf(ContentPart.FileData.class);
    assertThat(blob.output())
        .matches("demo://resource/dynamic/blob/9 \\(text/plain, \\d+ bytes\\)");
  }

  @Test
  void getPromptCarriesTheCatalogAndFillsInByName() {
    Tool get = tool("ev_get_prompt");
    assertThat(get.description())
        .contains(
            "\nPrompts:\n- simple-prompt: A prompt with no arguments\n- args-prompt: A prompt with"
                + " two arguments, one required and one optional [arguments: city (required),"
                + " state]\n");
    ToolResult r =
        get.execute(
            Map.of("name", "args-prompt", "arguments", Map.of("city", "Rome")),
            ToolContext.empty());
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("user: What's weather in Rome?");
    ToolResult missing = get.execute(Map.of("name", "args-prompt"), ToolContext.empty());
    assertThat(missing.isError()).isTrue();
    assertThat(missing.output())
        .isEqualTo("MCP server \"ev\": prompt \"args-prompt\" needs the argument \"city\"");
  }
}
