package dev.toolnexus.mcp.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class HeaderValidationTest {
  private static final Map<String, Object> META =
      Map.of("_meta", Map.of(RequestMeta.PROTOCOL_VERSION, "2026-07-28"));
  private static final Map<String, Object> CALL =
      Map.of(
          "name",
          "execute_sql",
          "arguments",
          Map.of("region", "us-west1", "limit", 42),
          "_meta",
          Map.of(RequestMeta.PROTOCOL_VERSION, "2026-07-28"));
  private static final Map<String, Object> SCHEMA =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of(
              "region", Map.of("type", "string", "x-mcp-header", "Region"),
              "limit", Map.of("type", "integer", "x-mcp-header", "Limit"),
              "note", Map.of("type", "string", "x-mcp-header", "Note")));

  private static Map<String, String> headers(String... kv) {
    Map<String, String> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 0; i < kv.length; i += 2) {
      out.put(kv[i], kv[i + 1]);
    }
    return out;
  }

  @Test
  void matchingHeadersPass() {
    Map<String, String> h =
        headers(
            "mcp-protocol-version", "2026-07-28",
            "mcp-method", "tools/call",
            "mcp-name", "execute_sql",
            "mcp-param-region", "us-west1",
            "mcp-param-limit", "42.0");
    assertThat(HeaderValidation.mismatch(h::get, "tools/call", CALL, SCHEMA)).isNull();
  }

  @Test
  void aVersionHeaderThatDiffersFromTheBodyIsNamed() {
    Map<String, String> h =
        headers("MCP-Protocol-Version", "2025-11-25", "Mcp-Method", "tools/list");
    assertThat(HeaderValidation.mismatch(h::get, "tools/list", META, null))
        .isEqualTo(
            "Header mismatch: MCP-Protocol-Version header value '2025-11-25' does not match body"
                + " value '2026-07-28'");
  }

  @Test
  void aMissingMethodHeaderIsNamed() {
    Map<String, String> h = headers("MCP-Protocol-Version", "2026-07-28");
    assertThat(HeaderValidation.mismatch(h::get, "tools/list", META, null))
        .isEqualTo("Header mismatch: the Mcp-Method header is required");
  }

  @Test
  void anEncodedNameIsDecodedBeforeComparing() {
    Map<String, Object> params =
        Map.of("name", "wetter_größe", "_meta", Map.of(RequestMeta.PROTOCOL_VERSION, "2026-07-28"));
    Map<String, String> h =
        headers(
            "MCP-Protocol-Version", "2026-07-28",
            "Mcp-Method", "tools/call",
            "Mcp-Name", McpHeaders.encode("wetter_größe"));
    assertThat(HeaderValidation.mismatch(h::get, "tools/call", params, null)).isNull();
  }

  @Test
  void aParamHeaderThatDiffersFromTheArgumentIsNamed() {
    Map<String, String> h =
        headers(
            "MCP-Protocol-Version", "2026-07-28",
            "Mcp-Method", "tools/call",
            "Mcp-Name", "execute_sql",
            "Mcp-Param-Region", "eu-west1",
            "Mcp-Param-Limit", "42");
    assertThat(HeaderValidation.mismatch(h::get, "tools/call", CALL, SCHEMA))
        .isEqualTo(
            "Header mismatch: Mcp-Param-Region header value 'eu-west1' does not match body value"
                + " 'us-west1'");
  }

  @Test
  void aParamHeaderWithoutItsArgumentIsRefused() {
    Map<String, String> h =
        headers(
            "MCP-Protocol-Version", "2026-07-28",
            "Mcp-Method", "tools/call",
            "Mcp-Name", "execute_sql",
            "Mcp-Param-Region", "us-west1",
            "Mcp-Param-Limit", "42",
            "Mcp-Param-Note", "x");
    assertThat(HeaderValidation.mismatch(h::get, "tools/call", CALL, SCHEMA))
        .isEqualTo(
            "Header mismatch: Mcp-Param-Note header was sent but the body has no value for its"
                + " parameter");
  }
}
