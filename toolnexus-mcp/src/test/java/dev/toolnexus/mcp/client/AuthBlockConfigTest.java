package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.McpServerStatus;
import dev.toolnexus.auth.AuthSettings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code auth} block of a remote server in mcp.json: read into {@link AuthSettings}, its
 * mistakes named by file, server and field, and (without the toolnexus-oauth module on this
 * module's test class path) a server that has one fails plainly while the others load.
 */
class AuthBlockConfigTest {

  private static McpServerConfig parse(Map<String, Object> auth) {
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("url", "https://notes.example/mcp");
    server.put("auth", auth);
    return McpConfig.parse(Map.of("mcpServers", Map.of("notes", server)), "mcp.json")
        .servers()
        .get(0);
  }

  @Test
  void everyFieldOfTheAuthBlockIsRead() {
    Map<String, Object> auth = new LinkedHashMap<>();
    auth.put("clientId", "web");
    auth.put("clientSecret", "${NOTES_SECRET}");
    auth.put("scopes", List.of("tools:read", "tools:admin"));
    auth.put("redirectPort", 8765);
    auth.put("tokenStore", "/tmp/tokens.json");

    McpServerConfig c = parse(auth);

    assertThat(c.problem()).isNull();
    assertThat(c.authSettings())
        .isEqualTo(
            new AuthSettings(
                "web",
                "${NOTES_SECRET}",
                List.of("tools:read", "tools:admin"),
                8765,
                "/tmp/tokens.json"));
  }

  @Test
  void anEmptyAuthBlockMeansDynamicRegistrationAFreePortAndTheMemoryStore() {
    assertThat(parse(Map.of()).authSettings())
        .isEqualTo(new AuthSettings(null, null, List.of(), 0, "memory"));
  }

  @Test
  void aServerWithoutAnAuthBlockHasNoAuthSettings() {
    McpServerConfig c =
        McpConfig.parse(
                Map.of("mcpServers", Map.of("notes", Map.of("url", "https://notes.example/mcp"))),
                "mcp.json")
            .servers()
            .get(0);
    assertThat(c.authSettings()).isNull();
  }

  @Test
  void aWrongScopesValueIsNamedByFileServerAndField() {
    assertThat(parse(Map.of("scopes", "tools:read")).problem())
        .isEqualTo(
            "config mcp.json: server \"notes\": field \"auth.scopes\" must be an array of"
                + " strings, got a string");
  }

  @Test
  void aRedirectPortOutOfRangeIsNamed() {
    assertThat(parse(Map.of("redirectPort", 70000)).problem())
        .isEqualTo(
            "config mcp.json: server \"notes\": field \"auth.redirectPort\" must be a whole"
                + " number from 0 (a free port) to 65535, got 70000");
  }

  @Test
  void anUnknownAuthSettingIsNamed() {
    assertThat(parse(Map.of("clientID", "web")).problem())
        .isEqualTo(
            "config mcp.json: server \"notes\": field \"auth.clientID\" is not an auth setting"
                + " (clientId, clientSecret, scopes, redirectPort, tokenStore)");
  }

  @Test
  void aClientSecretOfTheWrongTypeIsNamedWithoutItsValue() {
    assertThat(parse(Map.of("clientId", "web", "clientSecret", 12345)).problem())
        .isEqualTo(
            "config mcp.json: server \"notes\": field \"auth.clientSecret\" must be a non-empty"
                + " string, got a number");
  }

  @Test
  void anAuthBlockOnALocalServerIsAProblem() {
    McpServerConfig c =
        McpConfig.parse(
                Map.of(
                    "mcpServers",
                    Map.of("notes", Map.of("command", "notes-server", "auth", Map.of()))),
                "mcp.json")
            .servers()
            .get(0);
    assertThat(c.problem())
        .isEqualTo(
            "config mcp.json: server \"notes\": field \"auth\" applies to remote servers only"
                + " (this one runs a command)");
  }

  @Test
  void anAuthBlockOnALegacySseServerIsAProblem() {
    McpServerConfig c =
        McpConfig.parse(
                Map.of(
                    "mcpServers",
                    Map.of(
                        "notes",
                        Map.of(
                            "type", "sse", "url", "https://notes.example/sse", "auth", Map.of()))),
                "mcp.json")
            .servers()
            .get(0);
    assertThat(c.problem())
        .isEqualTo(
            "config mcp.json: server \"notes\": field \"auth\" needs the streamable HTTP"
                + " transport (\"type\": \"sse\" cannot sign in)");
  }

  @Test
  void theSettingsNeverShowTheClientSecret() {
    AuthSettings s = new AuthSettings("web", "s3cret-value", List.of("a"), 0, "memory");
    assertThat(s.toString())
        .isEqualTo(
            "AuthSettings[clientId=web, clientSecret=(set), scopes=[a], redirectPort=0,"
                + " tokenStore=memory]");
  }

  @Test
  void withoutTheOAuthModuleAServerWithAnAuthBlockFailsPlainlyAndTheOthersLoad() {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("notes", Map.of("url", "http://127.0.0.1:9/mcp", "auth", Map.of("clientId", "web")));
    config.put("paged", TestEnv.local(TestEnv.javaServer("paged")));
    try (McpToolSource s = Mcp.connect(McpConfig.parse(Map.of("mcpServers", config), "<test>"))) {
      assertThat(s.serverStatus())
          .containsExactly(
              Map.entry(
                  "notes",
                  McpServerStatus.failed(
                      "its \"auth\" block needs the toolnexus-oauth module on the class path"
                          + " (dev.toolnexus:toolnexus-oauth); without it the server cannot"
                          + " sign in")),
              Map.entry("paged", McpServerStatus.connected("2025-11-25")));
      assertThat(s.tools()).hasSize(1000);
    }
  }
}
