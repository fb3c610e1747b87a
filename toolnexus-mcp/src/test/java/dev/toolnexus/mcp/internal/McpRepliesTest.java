package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolIcon;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hand-read {@code initialize} and {@code tools/list} results equal what the SDK's JSON mapper
 * converts the same replies into. The files under {@code replies/} are reply lines recorded byte
 * for byte from server-everything ({@code everything-*}), from the SDK-built {@code rich} mode of
 * TestServerMain ({@code sdk-rich-*}) and from its raw {@code paged} mode, after the {@code
 * initialize} and {@code tools/list} requests StdioSession sends.
 */
class McpRepliesTest {
  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  /** The result of a reply line, parsed as StdioProcessTransport parses a line. */
  private static Object result(String line) throws IOException {
    return JSON.readValue(line, new TypeRef<HashMap<String, Object>>() {}).get("result");
  }

  private static Object recorded(String file) throws IOException {
    try (InputStream in = McpRepliesTest.class.getResourceAsStream("/replies/" + file)) {
      return result(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  private static McpSchema.InitializeResult mappedInit(Object result) {
    return JSON.convertValue(result, new TypeRef<McpSchema.InitializeResult>() {});
  }

  private static McpSchema.ListToolsResult mappedList(Object result) {
    return JSON.convertValue(result, new TypeRef<McpSchema.ListToolsResult>() {});
  }

  private static McpSchema.ListToolsResult list(Object result) {
    return McpReplies.listToolsResult(result, "s");
  }

  @Test
  void serverEverythingsInitializeReplyReadsEqualToTheMapper() throws IOException {
    Object result = recorded("everything-initialize.json");

    McpSchema.InitializeResult read = McpReplies.initializeResult(result);

    assertThat(read).isEqualTo(mappedInit(result));
    assertThat(read.serverInfo().title()).isEqualTo("Everything Reference Server");
    assertThat(read.capabilities().tools().listChanged()).isTrue();
    assertThat(read.capabilities().resources().subscribe()).isTrue();
    assertThat(read.capabilities().completions()).isNotNull();
    assertThat(read.instructions()).startsWith("# Everything Server");
  }

  @Test
  void serverEverythingsToolsListReplyReadsEqualToTheMapper() throws IOException {
    Object result = recorded("everything-tools-list.json");

    McpSchema.ListToolsResult read = list(result);

    assertThat(read).isEqualTo(mappedList(result));
    assertThat(read.tools()).hasSize(13);
    assertThat(read.tools()).filteredOn(t -> t.outputSchema() != null).hasSize(1);
    assertThat(read.tools()).filteredOn(t -> t.annotations() != null).isNotEmpty();
  }

  @Test
  void anSdkServersInitializeReplyWithEveryOptionalFieldReadsEqualToTheMapper() throws IOException {
    Object result = recorded("sdk-rich-initialize.json");

    McpSchema.InitializeResult read = McpReplies.initializeResult(result);

    McpSchema.Icon icon =
        new McpSchema.Icon(
            "https://example.com/icon.png", "image/png", List.of("48x48", "96x96"), "dark");
    assertThat(read).isEqualTo(mappedInit(result));
    assertThat(read)
        .isEqualTo(
            new McpSchema.InitializeResult(
                "2025-11-25",
                new McpSchema.ServerCapabilities(
                    null,
                    null,
                    new McpSchema.ServerCapabilities.LoggingCapabilities(),
                    null,
                    null,
                    new McpSchema.ServerCapabilities.ToolCapabilities(true),
                    null),
                new McpSchema.Implementation(
                    "toolnexus-rich",
                    "Rich test server",
                    "2.0.0",
                    "every optional field",
                    List.of(icon),
                    "https://example.com"),
                "Use lookup for words.\nNothing else.",
                null));
  }

  @Test
  void anSdkServersToolsListReplyWithEveryOptionalFieldReadsEqualToTheMapper() throws IOException {
    Object result = recorded("sdk-rich-tools-list.json");

    McpSchema.ListToolsResult read = list(result);

    assertThat(read).isEqualTo(mappedList(result));
    McpSchema.Tool lookup = read.tools().get(0);
    assertThat(lookup.title()).isEqualTo("Look up");
    assertThat(lookup.annotations())
        .isEqualTo(
            new McpSchema.ToolAnnotations("Look up (read only)", true, false, true, false, null));
    assertThat(lookup.meta()).isEqualTo(Map.of("example.com/owner", "toolnexus", "weight", 1.5));
    assertThat(lookup.outputSchema())
        .isEqualTo(
            Map.of("type", "object", "properties", Map.of("hits", Map.of("type", "integer"))));
    assertThat(lookup.icons()).hasSize(1);
    assertThat(read.tools().get(1).annotations()).isNull();
    assertThat(read.nextCursor()).isNull();
  }

  @Test
  void theToolMetadataOfAHandReadListEqualsTheMappersDownToTheIcons() throws IOException {
    Object result = recorded("sdk-rich-tools-list.json");
    McpSchema.Tool read = list(result).tools().get(0);
    McpSchema.Tool mapped = mappedList(result).tools().get(0);

    ToolAnnotations expected =
        new ToolAnnotations(
            "Look up",
            true,
            false,
            true,
            false,
            List.of(
                new ToolIcon(
                    "https://example.com/icon.png",
                    "image/png",
                    List.of("48x48", "96x96"),
                    "dark")));
    assertThat(ListedTool.annotations(read)).isEqualTo(expected);
    assertThat(ListedTool.annotations(mapped)).isEqualTo(expected);
  }

  @Test
  void aPageKeepsItsNextCursor() throws IOException {
    Object result = recorded("raw-paged-tools-list.json");

    McpSchema.ListToolsResult read = list(result);

    assertThat(read).isEqualTo(mappedList(result));
    assertThat(read.nextCursor()).isEqualTo("37");
    assertThat(read.tools()).hasSize(37);
  }

  @Test
  void schemaPropertiesKeepTheServersOrder() throws IOException {
    Object result =
        result(
            "{\"result\":{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\","
                + "\"properties\":{\"z\":{},\"a\":{},\"m\":{}}}}]}}");

    Map<?, ?> properties = (Map<?, ?>) list(result).tools().get(0).inputSchema().get("properties");

    assertThat(properties.keySet().stream().map(String::valueOf)).containsExactly("z", "a", "m");
  }

  @Test
  void absentOptionalFieldsNullsAndUnknownFieldsReadEqualToTheMapper() throws IOException {
    for (String line :
        List.of(
            "{\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"serverInfo\":{\"name\":\"n\",\"version\":\"1\"}}}",
            "{\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{},"
                + "\"prompts\":null,\"logging\":{\"x\":1},\"experimental\":{\"e\":{\"on\":true}},"
                + "\"extensions\":{\"io.x/ext\":{\"v\":2},\"nil\":null},\"future\":[1]},"
                + "\"serverInfo\":{\"name\":\"n\",\"version\":\"1\",\"title\":null,"
                + "\"icons\":[null,{\"src\":\"s\",\"sizes\":[\"1x1\",null]}]},"
                + "\"instructions\":null,\"_meta\":{\"k\":[1,2.5,null]},\"extra\":{}}}",
            "{\"result\":{}}",
            "{\"result\":{\"protocolVersion\":null,\"capabilities\":null,\"serverInfo\":{}}}")) {
      Object result = result(line);

      assertThat(McpReplies.initializeResult(result)).as(line).isEqualTo(mappedInit(result));
    }
  }

  @Test
  void toolsWithAbsentNullAndUnknownFieldsReadEqualToTheMapper() throws IOException {
    for (String line :
        List.of(
            "{\"result\":{\"tools\":[]}}",
            "{\"result\":{\"tools\":[{\"name\":\"t\"}],\"nextCursor\":null,\"_meta\":null}}",
            "{\"result\":{\"tools\":[{\"name\":\"t\",\"title\":null,\"description\":null,"
                + "\"inputSchema\":null,\"outputSchema\":null,\"annotations\":null,\"_meta\":null,"
                + "\"icons\":null,\"execution\":{\"taskSupport\":\"optional\"}}],\"more\":1}}",
            "{\"result\":{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\"},"
                + "\"annotations\":{},\"icons\":[{}]}],\"nextCursor\":\"\",\"_meta\":{}}}",
            "{\"result\":{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"n\":12345678901234567890,"
                + "\"d\":1.0,\"i\":3,\"b\":false,\"s\":null,\"l\":[{},[]]}}]}}")) {
      Object result = result(line);

      assertThat(list(result)).as(line).isEqualTo(mappedList(result));
    }
  }

  @Test
  void scalarsWhereTheMapperCoercesThemReadAsItDoes() throws IOException {
    for (String line :
        List.of(
            "{\"result\":{\"tools\":[{\"name\":\"t\",\"title\":5,\"description\":true,"
                + "\"annotations\":{\"title\":1.5,\"readOnlyHint\":\"true\","
                + "\"destructiveHint\":\"false\",\"idempotentHint\":1,\"openWorldHint\":0,"
                + "\"returnDirect\":\"\"}}],\"nextCursor\":37}}")) {
      Object result = result(line);

      assertThat(list(result)).as(line).isEqualTo(mappedList(result));
    }
    Object init =
        result(
            "{\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":"
                + "{\"listChanged\":\"true\"}},\"serverInfo\":{\"name\":\"n\",\"version\":2}}}");
    assertThat(McpReplies.initializeResult(init)).isEqualTo(mappedInit(init));
  }

  @Test
  void aCapabilityOfTheWrongKindIsRefusedNamingItsField() throws IOException {
    Object result =
        result(
            "{\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":true},"
                + "\"serverInfo\":{\"name\":\"n\",\"version\":\"1\"}}}");

    assertThatThrownBy(() -> McpReplies.initializeResult(result))
        .isInstanceOf(McpReplies.BadReply.class)
        .hasMessage("capabilities.tools is a boolean (true), not an object");
  }

  @Test
  void aNullResultIsRefused() {
    assertThatThrownBy(() -> McpReplies.initializeResult(null))
        .isInstanceOf(McpReplies.BadReply.class)
        .hasMessage("result is null, not an object");
  }

  @Test
  void aPageWithoutToolsIsRefused() throws IOException {
    Object result = result("{\"result\":{\"nextCursor\":\"2\"}}");

    assertThatThrownBy(() -> list(result))
        .isInstanceOf(McpReplies.BadReply.class)
        .hasMessage("tools is missing");
  }

  @Test
  void toolsThatAreNotAnArrayAreRefused() throws IOException {
    Object result = result("{\"result\":{\"tools\":{\"name\":\"t\"}}}");

    assertThatThrownBy(() -> list(result))
        .isInstanceOf(McpReplies.BadReply.class)
        .hasMessage("tools is an object, not an array");
  }

  @Test
  void aCursorThatIsNotTextIsRefused() throws IOException {
    Object result = result("{\"result\":{\"tools\":[],\"nextCursor\":{\"page\":2}}}");

    assertThatThrownBy(() -> list(result))
        .isInstanceOf(McpReplies.BadReply.class)
        .hasMessage("nextCursor is an object, not a string");
  }

  @Test
  void aToolWithAFieldOfTheWrongKindIsSkippedAndTheOthersStay() throws IOException {
    Object result =
        result(
            "{\"result\":{\"tools\":[{\"name\":\"a\"},{\"name\":\"bad\",\"annotations\":"
                + "{\"readOnlyHint\":\"yes\"}},{\"name\":\"c\",\"outputSchema\":[]}]}}");

    assertThat(list(result).tools()).extracting(McpSchema.Tool::name).containsExactly("a");
  }
}
