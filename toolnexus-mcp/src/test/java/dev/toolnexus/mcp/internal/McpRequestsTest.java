package dev.toolnexus.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The hand-written set-up messages are character for character what the SDK's mapper writes. */
class McpRequestsTest {
  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();
  private static final McpSchema.Implementation CLIENT =
      McpSchema.Implementation.builder("toolnexus", "0.1.0-SNAPSHOT").build();

  private static String mapped(String method, String id, Object params) throws IOException {
    return JSON.writeValueAsString(
        new McpSchema.JSONRPCRequest(McpSchema.JSONRPC_VERSION, method, id, params));
  }

  private static McpSchema.InitializeRequest initialize(McpSchema.ClientCapabilities caps) {
    return McpSchema.InitializeRequest.builder("2025-11-25", caps, CLIENT).build();
  }

  @Test
  void initializeWithElicitationIsWrittenAsTheMapperWritesIt() throws IOException {
    String params = McpRequests.initializeParams("2025-11-25", true, CLIENT);

    assertThat(McpRequests.request("initialize", "toolnexus-call-1", params))
        .isEqualTo(
            mapped(
                "initialize",
                "toolnexus-call-1",
                initialize(McpSchema.ClientCapabilities.builder().elicitation(true, true).build())))
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"method\":\"initialize\",\"id\":\"toolnexus-call-1\","
                + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":"
                + "{\"elicitation\":{\"form\":{},\"url\":{}}},\"clientInfo\":"
                + "{\"name\":\"toolnexus\",\"version\":\"0.1.0-SNAPSHOT\"}}}");
  }

  @Test
  void initializeWithoutElicitationIsWrittenAsTheMapperWritesIt() throws IOException {
    String params = McpRequests.initializeParams("2025-11-25", false, CLIENT);

    assertThat(McpRequests.request("initialize", "toolnexus-call-1", params))
        .isEqualTo(
            mapped(
                "initialize",
                "toolnexus-call-1",
                initialize(McpSchema.ClientCapabilities.builder().build())));
  }

  @Test
  void clientInfoWithEveryTextFieldIsWrittenAsTheMapperWritesIt() throws IOException {
    McpSchema.Implementation full =
        McpSchema.Implementation.builder("n\"1", "v\\2")
            .title("T\n")
            .description("d\u0001")
            .websiteUrl("https://example.com/a/b")
            .build();

    assertThat(McpRequests.initializeParams("2025-06-18", false, full))
        .isEqualTo(
            JSON.writeValueAsString(
                McpSchema.InitializeRequest.builder(
                        "2025-06-18", McpSchema.ClientCapabilities.builder().build(), full)
                    .build()));
  }

  @Test
  void theFirstToolsListIsWrittenAsTheMapperWritesIt() throws IOException {
    assertThat(
            McpRequests.request(
                "tools/list", "toolnexus-call-2", McpRequests.toolsListParams(null)))
        .isEqualTo(mapped("tools/list", "toolnexus-call-2", new McpSchema.PaginatedRequest(null)))
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"method\":\"tools/list\",\"id\":\"toolnexus-call-2\","
                + "\"params\":{}}");
  }

  @Test
  void aCursorWithEveryKindOfCharacterIsEscapedAsTheMapperEscapesIt() throws IOException {
    StringBuilder cursor = new StringBuilder("q\"b\\s/\u007f\u00e9\u2028\ud83d\ude00");
    for (char c = 0; c < 0x20; c++) {
      cursor.append(c);
    }

    assertThat(McpRequests.toolsListParams(cursor.toString()))
        .isEqualTo(JSON.writeValueAsString(new McpSchema.PaginatedRequest(cursor.toString())));
  }

  @Test
  void anUnpairedSurrogateInACursorIsWrittenAsItsEscapeSoItReadsBackUnchanged() throws IOException {
    String cursor = "a\ud83db\ude00";

    String params = McpRequests.toolsListParams(cursor);

    assertThat(params).isEqualTo("{\"cursor\":\"a\\uD83Db\\uDE00\"}");
    assertThat(JSON.readValue(params, McpSchema.PaginatedRequest.class).cursor()).isEqualTo(cursor);
  }

  @Test
  void theInitializedNotificationIsWrittenAsTheMapperWritesIt() throws IOException {
    assertThat(McpRequests.INITIALIZED)
        .isEqualTo(
            JSON.writeValueAsString(
                new McpSchema.JSONRPCNotification(
                    McpSchema.JSONRPC_VERSION, McpSchema.METHOD_NOTIFICATION_INITIALIZED, null)));
  }

  private static String written(String method, String id, Object params) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    McpRequests.write(JsonMapper.shared(), method, id, params, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aToolsCallIsWrittenAsTheMapperWritesItsRecord() throws IOException {
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("city", "Pa\"ris\u0001");
    args.put("n", 2);
    args.put("none", null);
    McpSchema.CallToolRequest call =
        new McpSchema.CallToolRequest("get_weather", args, Map.of("progressToken", "t-1"));

    assertThat(written("tools/call", "toolnexus-call-7", call))
        .isEqualTo(mapped("tools/call", "toolnexus-call-7", call))
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"id\":\"toolnexus-call-7\","
                + "\"params\":{\"name\":\"get_weather\",\"arguments\":{\"city\":\"Pa\\\"ris\\u0001\","
                + "\"n\":2,\"none\":null},\"_meta\":{\"progressToken\":\"t-1\"}}}");
  }

  @Test
  void aToolsCallWithoutArgumentsOrMetaLeavesThemOutAsTheMapperDoes() throws IOException {
    McpSchema.CallToolRequest call = new McpSchema.CallToolRequest("ping", null, null);

    assertThat(written("tools/call", "toolnexus-call-8", call))
        .isEqualTo(mapped("tools/call", "toolnexus-call-8", call));
  }

  @Test
  void aRequestWithMapParamsIsWrittenAsTheMapperWritesIt() throws IOException {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("_meta", Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28"));
    params.put("list", List.of(1, 2.5, true, "x"));

    assertThat(written("server/discover", "toolnexus-call-2", params))
        .isEqualTo(mapped("server/discover", "toolnexus-call-2", params));
  }

  @Test
  void aRequestWithoutParamsIsWrittenAsTheMapperWritesIt() throws IOException {
    assertThat(written("ping", "toolnexus-call-9", null))
        .isEqualTo(mapped("ping", "toolnexus-call-9", null))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":\"toolnexus-call-9\"}");
  }

  @Test
  void anErrorReplyIsReadAsTheMapperConvertsIt() throws IOException {
    String line =
        "{\"jsonrpc\":\"2.0\",\"id\":\"toolnexus-call-1\",\"error\":{\"code\":-32601,"
            + "\"message\":\"Method not found: server/discover\",\"data\":{\"x\":[1]}}}";
    Map<String, Object> map = JSON.readValue(line, new TypeRef<HashMap<String, Object>>() {});

    assertThat(StdioProcessTransport.plainError(map, map.get("jsonrpc")))
        .isEqualTo(JSON.convertValue(map, McpSchema.JSONRPCResponse.class));
  }

  @Test
  void anErrorReplyOfAnotherShapeIsLeftToTheMapper() throws IOException {
    String line = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601.5,\"message\":\"m\"}}";
    Map<String, Object> map = JSON.readValue(line, new TypeRef<HashMap<String, Object>>() {});

    assertThat(StdioProcessTransport.plainError(map, map.get("jsonrpc"))).isNull();
  }
}
