package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolIcon;
import dev.toolnexus.ToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A server on the TypeScript SDK (src/test/node/structured-server.cjs) listing a title, icons,
 * hints and an outputSchema, and answering its tool with structured content that conforms or not.
 */
class ToolMetadataTest {
  static McpToolSource source;

  @BeforeAll
  static void connect() {
    source =
        Mcp.connect(
            McpConfig.parse(
                TestEnv.config("meta", TestEnv.local(TestEnv.structuredServer())), "<test>"));
  }

  @AfterAll
  static void close() {
    source.close();
  }

  static Tool tool(String name) {
    return EverythingStdioTest.tool(source, name);
  }

  static ToolResult weather(String reply) {
    return tool("meta_weather").execute(Map.of("reply", reply), ToolContext.empty());
  }

  @Test
  void aToolKeepsItsTitleIconsAndEveryHint() {
    assertThat(tool("meta_weather").annotations())
        .isEqualTo(
            new ToolAnnotations(
                "Weather",
                true,
                false,
                false,
                true,
                List.of(
                    new ToolIcon(
                        "https://example.com/sun.png",
                        "image/png",
                        List.of("48x48", "96x96"),
                        "light"))));
  }

  @Test
  void theTitleInTheAnnotationsIsUsedWhenTheToolHasNoneOfItsOwn() {
    ToolAnnotations a = tool("meta_titled").annotations();
    assertThat(a)
        .isEqualTo(new ToolAnnotations("Titled by annotation", null, false, null, null, null));
    assertThat(a.isDestructive()).isFalse();
    assertThat(a.isOpenWorld()).isTrue();
  }

  @Test
  void aToolThatStatesNothingHasNoAnnotationsAndNoOutputSchema() {
    assertThat(tool("meta_plain").annotations()).isSameAs(ToolAnnotations.NONE);
    assertThat(tool("meta_plain").outputSchema()).isEmpty();
  }

  @Test
  void theOutputSchemaIsKeptAsListed() {
    assertThat(tool("meta_weather").outputSchema())
        .isEqualTo(
            Map.of(
                "type",
                "object",
                "properties",
                Map.of(
                    "temperature",
                    Map.of("type", "number"),
                    "conditions",
                    Map.of("type", "string")),
                "required",
                List.of("temperature", "conditions"),
                "additionalProperties",
                false));
  }

  @Test
  void listingWithoutConnectingGivesTheAnnotationsAndOutputSchema() {
    McpToolInfo listed =
        Mcp.listMcpTools(
                McpConfig.parse(
                    TestEnv.config("meta", TestEnv.local(TestEnv.structuredServer())), "<test>"))
            .get("meta")
            .tools()
            .stream()
            .filter(t -> t.name().equals("weather"))
            .findFirst()
            .orElseThrow();
    assertThat(listed.annotations()).isEqualTo(tool("meta_weather").annotations());
    assertThat(listed.outputSchema()).isEqualTo(tool("meta_weather").outputSchema());
    assertThat(listed.outputSchema()).containsEntry("type", "object");
  }

  @Test
  void conformingStructuredContentIsTheOutput() {
    ToolResult r = weather("good");
    assertThat(r.isError()).isFalse();
    assertThat(Json.parseObject(r.output()))
        .isEqualTo(Map.of("temperature", 21.5, "conditions", "sunny"));
  }

  @Test
  void aFieldOfTheWrongTypeIsAnErrorNamingTheToolAndTheField() {
    ToolResult r = weather("wrongType");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "MCP server \"meta\": tool \"weather\" returned structuredContent that does not match"
                + " its outputSchema: temperature: expected number, got string");
    assertThat(r.metadata()).isEqualTo(Map.of("server", "meta"));
  }

  @Test
  void aMissingRequiredFieldIsAnErrorNamingTheField() {
    assertThat(weather("missing").output())
        .isEqualTo(
            "MCP server \"meta\": tool \"weather\" returned structuredContent that does not match"
                + " its outputSchema: conditions: is required but missing");
  }

  @Test
  void aFieldTheSchemaForbidsIsAnErrorNamingTheField() {
    assertThat(weather("extra").output())
        .isEqualTo(
            "MCP server \"meta\": tool \"weather\" returned structuredContent that does not match"
                + " its outputSchema: wind: is not a known property (not allowed by the"
                + " schema)");
  }

  @Test
  void noStructuredContentFromAToolWithAnOutputSchemaIsAnError() {
    ToolResult r = weather("none");
    assertThat(r.isError()).isTrue();
    assertThat(r.output())
        .isEqualTo(
            "MCP server \"meta\": tool \"weather\" returned no structuredContent, although it"
                + " declares an outputSchema");
  }

  @Test
  void anErrorResultIsNotCheckedAgainstTheOutputSchema() {
    ToolResult r = weather("error");
    assertThat(r.isError()).isTrue();
    assertThat(r.output()).isEqualTo("no weather today");
  }

  @Test
  void structuredContentOfAToolWithoutAnOutputSchemaIsNotChecked() {
    ToolResult r = tool("meta_plain").execute(Map.of(), ToolContext.empty());
    assertThat(r.isError()).isFalse();
    assertThat(r.output()).isEqualTo("{\"any\":\"thing\"}");
  }
}
