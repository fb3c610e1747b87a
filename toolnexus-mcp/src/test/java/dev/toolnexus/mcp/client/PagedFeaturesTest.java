package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ContentPart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paging, the read bound and missing capabilities, against {@link LibraryServer} (pages of two, no
 * subscriptions, no completions) and a server with tools only.
 */
class PagedFeaturesTest {
  @TempDir static Path dir;
  static Path log;
  static McpToolSource source;

  @BeforeAll
  static void connect() {
    log = dir.resolve("library.log");
    source =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config(
                    "library",
                    TestEnv.local(LibraryServer.argv(log), "maxResourceBytes", 1000),
                    "toolsonly",
                    TestEnv.local(TestEnv.javaServer("names"))),
                "<test>"));
  }

  @AfterAll
  static void close() {
    source.close();
  }

  @Test
  void everyListFollowsTheCursorToTheEnd() throws Exception {
    assertThat(source.resources("library"))
        .extracting(McpResource::uri)
        .containsExactly(
            "lib://book/0", "lib://book/1", "lib://book/2", "lib://book/3", "lib://book/4");
    assertThat(source.resourceTemplates("library"))
        .extracting(McpResourceTemplate::uriTemplate)
        .containsExactly("lib://shelf/0/{book}", "lib://shelf/1/{book}", "lib://shelf/2/{book}");
    assertThat(source.prompts("library"))
        .extracting(McpPrompt::name)
        .containsExactly("prompt0", "prompt1", "prompt2");
    List<String> methods = Files.readAllLines(log);
    assertThat(methods.stream().filter("resources/list"::equals)).hasSize(3);
    assertThat(methods.stream().filter("resources/templates/list"::equals)).hasSize(2);
  }

  @Test
  void theAllServersListsSkipAServerWithoutTheCapability() {
    assertThat(source.resources()).hasSize(5);
    assertThat(source.prompts()).extracting(McpPrompt::server).containsOnly("library");
  }

  @Test
  void aReadOverTheByteBoundFailsNamingServerAndUri() {
    assertThat(source.read("library", "lib://book/1"))
        .containsExactly(
            new McpResourceContents.Text("lib://book/1", "text/plain", "text of lib://book/1"));
    assertThatThrownBy(() -> source.read("library", "lib://big"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "MCP server \"library\": resource \"lib://big\" is larger than maxResourceBytes (1000"
                + " bytes)");
  }

  @Test
  void aPromptIsSentOnlyWithItsRequiredArguments() throws Exception {
    assertThatThrownBy(() -> source.prompt("library", "prompt2", Map.of("tone", "dry")))
        .hasMessage("MCP server \"library\": prompt \"prompt2\" needs the argument \"topic\"");
    assertThat(Files.readAllLines(log)).doesNotContain("prompts/get");
    assertThat(source.prompt("library", "prompt2", Map.of("topic", "owls")).messages())
        .containsExactly(
            new McpPromptMessage("assistant", new ContentPart.Text("got {topic=owls}")));
  }

  @Test
  void aServerWithoutACapabilitySaysSo() {
    assertThatThrownBy(() -> source.resources("toolsonly"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("MCP server \"toolsonly\" does not offer resources");
    assertThatThrownBy(() -> source.prompts("toolsonly"))
        .hasMessage("MCP server \"toolsonly\" does not offer prompts");
    assertThatThrownBy(() -> source.subscribe("library", "lib://book/1", uri -> {}))
        .hasMessage("MCP server \"library\" does not offer resource subscriptions");
    assertThatThrownBy(
            () -> source.complete("library", McpCompletionRef.prompt("prompt0"), "topic", "o"))
        .hasMessage("MCP server \"library\" does not offer completions");
  }
}
