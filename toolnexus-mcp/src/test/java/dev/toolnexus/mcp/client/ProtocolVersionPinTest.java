package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProtocolVersionPinTest {
  private static McpConfig parse(String json) {
    return McpConfig.parse(dev.toolnexus.Json.parseObject(json), "mcp.json");
  }

  @Test
  void aPinnedRevisionIsKeptOnTheEntry() {
    McpConfig c =
        parse(
            "{\"mcpServers\":{\"a\":{\"url\":\"http://127.0.0.1:1/mcp\","
                + "\"protocolVersion\":\"2026-07-28\"}}}");
    assertThat(c.server("a").orElseThrow().protocolVersion()).isEqualTo("2026-07-28");
  }

  @Test
  void anEntryWithoutAPinHasNone() {
    McpConfig c = parse("{\"mcpServers\":{\"a\":{\"url\":\"http://127.0.0.1:1/mcp\"}}}");
    assertThat(c.server("a").orElseThrow().protocolVersion()).isNull();
  }

  @Test
  void aBadPinIsAProblemNamingServerAndValue() {
    McpConfig c =
        parse(
            "{\"mcpServers\":{\"web\":{\"url\":\"http://127.0.0.1:1/mcp\","
                + "\"protocolVersion\":\"2024-01-01\"}}}");
    assertThat(c.server("web").orElseThrow().problem())
        .isEqualTo(
            "config mcp.json: server \"web\": field \"protocolVersion\" must be \"2026-07-28\""
                + " or \"2025-11-25\", got \"2024-01-01\"");
  }

  @Test
  void withProtocolVersionRejectsAnUnknownRevisionNamingTheServer() {
    McpConfig c = parse("{\"mcpServers\":{\"web\":{\"url\":\"http://127.0.0.1:1/mcp\"}}}");
    McpServerConfig web = c.server("web").orElseThrow();
    assertThatThrownBy(() -> web.withProtocolVersion("1.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "MCP server \"web\": protocolVersion must be \"2026-07-28\" or \"2025-11-25\","
                + " got \"1.0\"");
  }

  @Test
  void withProtocolVersionPinsTheSessionRevision() {
    McpConfig c = parse("{\"mcpServers\":{\"web\":{\"url\":\"http://127.0.0.1:1/mcp\"}}}");
    assertThat(c.server("web").orElseThrow().withProtocolVersion("2025-11-25").protocolVersion())
        .isEqualTo("2025-11-25");
  }
}
