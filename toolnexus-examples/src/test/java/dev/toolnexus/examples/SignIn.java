package dev.toolnexus.examples;

// README's "Signing in to an OAuth-protected server" example, compiled by QuickstartTest. Edit the
// region between the markers and README.md together: the test fails when they differ.
// signin:begin
import dev.toolnexus.Toolkit;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.oauth.OAuthCredentials;
import dev.toolnexus.oauth.TokenStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

public class SignIn {
  public static void main(String[] args) {
    OAuthCredentials credentials =
        OAuthCredentials.builder()
            .scopes("tools:read")
            .tokenStore(TokenStore.file(Path.of(System.getProperty("user.home"), ".tokens.json")))
            .userStep(login -> System.out.println("Sign in at " + login.authorizationUrl()))
            .build();
    McpServerConfig notes =
        McpConfig.parse(
                Map.of("mcpServers", Map.of("notes", Map.of("url", "https://notes.example/mcp"))),
                "inline")
            .servers()
            .get(0)
            .withAuth(credentials);
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .source(Mcp.connect(new McpConfig("inline", List.of(notes))))
            .build()) {
      System.out.println(toolkit.execute("notes_read_notes", Map.of()).output());
    }
  }
}
// signin:end
