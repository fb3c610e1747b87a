package dev.toolnexus.mcp.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class McpHeadersTest {
  @Test
  void aToolCallCarriesVersionMethodAndName() {
    assertThat(McpHeaders.standard("2026-07-28", "tools/call", Map.of("name", "get_weather")))
        .containsExactly(
            Map.entry("MCP-Protocol-Version", "2026-07-28"),
            Map.entry("Mcp-Method", "tools/call"),
            Map.entry("Mcp-Name", "get_weather"));
  }

  @Test
  void aResourceReadNamesTheUri() {
    assertThat(McpHeaders.standard("2026-07-28", "resources/read", Map.of("uri", "file:///a")))
        .containsEntry("Mcp-Name", "file:///a");
  }

  @Test
  void aTasksRequestNamesItsTask() {
    for (String method : new String[] {"tasks/get", "tasks/update", "tasks/cancel"}) {
      assertThat(McpHeaders.standard("2026-07-28", method, Map.of("taskId", "t-42")))
          .containsEntry("Mcp-Name", "t-42");
    }
  }

  @Test
  void aListHasNoNameHeader() {
    assertThat(McpHeaders.standard("2026-07-28", "tools/list", Map.of()))
        .doesNotContainKey("Mcp-Name");
  }

  @Test
  void nonAsciiIsBase64Encoded() {
    assertThat(McpHeaders.encode("Hello, 世界")).isEqualTo("=?base64?SGVsbG8sIOS4lueVjA==?=");
  }

  @Test
  void aValueLookingLikeTheSentinelIsEncoded() {
    assertThat(McpHeaders.encode("=?base64?literal?="))
        .isEqualTo("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=");
  }

  @Test
  void decodeUndoesEncode() {
    assertThat(McpHeaders.decode(McpHeaders.encode(" padded "))).isEqualTo(" padded ");
  }

  @Test
  void markedParametersAreMirrored() {
    Map<String, Object> schema =
        Map.of(
            "type",
            "object",
            "properties",
            Map.of(
                "region", Map.of("type", "string", "x-mcp-header", "Region"),
                "query", Map.of("type", "string")));
    assertThat(McpHeaders.params(schema, Map.of("region", "us-west1", "query", "q")))
        .containsExactly(Map.entry("Mcp-Param-Region", "us-west1"));
  }

  @Test
  void aNullOrMissingParameterAddsNoHeader() {
    Map<String, Object> schema =
        Map.of(
            "type",
            "object",
            "properties",
            Map.of(
                "verbose", Map.of("type", "boolean", "x-mcp-header", "Verbose"),
                "region", Map.of("type", "string", "x-mcp-header", "Region")));
    Map<String, Object> args = new java.util.HashMap<>();
    args.put("verbose", null);
    assertThat(McpHeaders.params(schema, args)).isEmpty();
  }

  @Test
  void unsafeValuesAreBase64EncodedAndSafeOnesSentAsIs() {
    assertThat(McpHeaders.encode(" us-west1")).isEqualTo("=?base64?IHVzLXdlc3Qx?=");
    assertThat(McpHeaders.encode("line1\r\nline2")).isEqualTo("=?base64?bGluZTENCmxpbmUy?=");
    assertThat(McpHeaders.encode("\tindented")).isEqualTo("=?base64?CWluZGVudGVk?=");
    assertThat(McpHeaders.encode("us west 1")).isEqualTo("us west 1");
  }

  @Test
  void theMetaBlockCarriesVersionInfoAndCapabilities() {
    Map<String, Object> params =
        RequestMeta.apply(
            Map.of("name", "t", "_meta", Map.of("progressToken", "p1")),
            RequestMeta.of("2026-07-28", Map.of(), "toolnexus", "1.0"));
    assertThat(params.get("_meta"))
        .isEqualTo(
            Map.of(
                "progressToken",
                "p1",
                "io.modelcontextprotocol/protocolVersion",
                "2026-07-28",
                "io.modelcontextprotocol/clientInfo",
                Map.of("name", "toolnexus", "version", "1.0"),
                "io.modelcontextprotocol/clientCapabilities",
                Map.of()));
  }

  @Test
  void aDiscoverResultIsRead() {
    DiscoverResult d =
        DiscoverResult.from(
            JsonRpc.parse(
                "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}},"
                    + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}"));
    assertThat(d.supports("2026-07-28")).isTrue();
    assertThat(d.has("tools")).isTrue();
    assertThat(d.serverInfo()).containsEntry("name", "s");
  }

  @Test
  void anUnsupportedVersionErrorMarksAStatelessServer() {
    RpcException e =
        new RpcException("x", 400, new RpcError(RpcError.UNSUPPORTED_PROTOCOL_VERSION, "no", null));
    assertThat(e.meansSessionEra()).isFalse();
  }

  @Test
  void aPlain404MarksASessionServer() {
    assertThat(new RpcException("HTTP 404", 404, null).meansSessionEra()).isTrue();
  }
}
