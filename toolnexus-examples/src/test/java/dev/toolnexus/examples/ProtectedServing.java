package dev.toolnexus.examples;

// The README "Protect what you serve with OAuth" example, compiled and run by QuickstartTest. Edit
// the region between the markers and README.md together: the test fails when they differ.
// oauth:begin
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.oauth.OAuthResourceServer;
import dev.toolnexus.server.McpHttpServer;
import dev.toolnexus.server.McpServe;
import dev.toolnexus.server.McpServeOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

public class ProtectedServing {
  public static void main(String[] args) throws Exception {
    OAuthResourceServer oauth =
        OAuthResourceServer.builder()
            .issuer("https://auth.example.com")
            .resource("https://tools.example.com/mcp")
            .jwksUri(URI.create("https://auth.example.com/jwks")) // else from the issuer's metadata
            .scopes("tools:read")
            .toolScopes(Map.of("delete_notes", List.of("tools:admin")))
            .build();
    Map<String, Object> none = Map.of("type", "object");
    try (Toolkit toolkit =
            Toolkit.builder()
                .builtins(false)
                .tools(Tools.define("delete_notes", "Deletes the notes", none, a -> "deleted"))
                .build();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().authenticator(oauth).build())) {
      // a client without a token is told where to sign in
      HttpResponse<String> r =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(server.url())
                      .POST(HttpRequest.BodyPublishers.ofString("{}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      System.out.println(r.statusCode() + " " + r.headers().firstValue("WWW-Authenticate").get());
      System.out.println(oauth.metadata());
    }
  }
}
// oauth:end
