package dev.toolnexus.examples;

// README's "Signing in from mcp.json" example, compiled by QuickstartTest. Edit the region between
// the markers and README.md together: the test fails when they differ.
// signinconfig:begin
import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Toolkit;
import dev.toolnexus.WaitFor;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import java.nio.file.Path;
import java.util.Map;

public class SignInFromConfig {
  public static void main(String[] args) {
    // the user's part: the sign-in arrives as an "authorization" request with the URL to open;
    // answering ok waits for the loopback redirect (or put "redirectUrl" in the answer's data)
    WaitFor user =
        request -> {
          System.out.println(request.prompt() + ": open " + request.url());
          return Answer.ok(request.id());
        };
    McpConfig config = McpConfig.read(Path.of("mcp.json"));
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .source(Mcp.connect(config, user, new CancelToken()))
            .build()) {
      System.out.println(toolkit.mcpStatus()); // {notes=connected}, or needs_auth without a user
      System.out.println(toolkit.execute("notes_read_notes", Map.of()).output());
    }
  }
}
// signinconfig:end
