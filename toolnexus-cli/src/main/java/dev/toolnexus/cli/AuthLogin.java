package dev.toolnexus.cli;

import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.oauth.OAuthCredentials;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The sign-in of {@code toolnexus auth login}: the server is asked to initialize without a token,
 * and its 401 challenge (naming its protected resource metadata) starts the sign-in, which waits as
 * long as the user needs (not the server's request timeout).
 */
final class AuthLogin {
  private static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"toolnexus\","
          + "\"version\":\"auth-login\"}}}";

  private AuthLogin() {}

  /**
   * Signs in to {@code server} with {@code credentials}.
   *
   * @throws CliException when the server cannot be reached, does not ask for a sign-in, or the
   *     sign-in fails
   */
  static void signIn(McpServerConfig server, OAuthCredentials credentials, URI resource) {
    HttpResponse<Void> res;
    try {
      res =
          HttpClient.newBuilder()
              .connectTimeout(server.timeout())
              .followRedirects(HttpClient.Redirect.NEVER)
              .build()
              .send(
                  HttpRequest.newBuilder(resource)
                      .timeout(server.timeout().plus(Duration.ofSeconds(1)))
                      .header("Content-Type", "application/json")
                      .header("Accept", "application/json, text/event-stream")
                      .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE))
                      .build(),
                  HttpResponse.BodyHandlers.discarding());
    } catch (IOException e) {
      throw new CliException(
          "cannot reach MCP server \"" + server.name() + "\" at " + resource + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while reaching MCP server \"" + server.name() + "\"");
    }
    int status = res.statusCode();
    if (status != 401) {
      throw new CliException(
          "MCP server \""
              + server.name()
              + "\" answered HTTP "
              + status
              + " without asking for a sign-in (no 401)");
    }
    String challenge = res.headers().firstValue("WWW-Authenticate").orElse(null);
    try {
      credentials.onUnauthorized(resource, status, challenge);
    } catch (IllegalStateException e) {
      throw new CliException("signing in to \"" + server.name() + "\" failed: " + e.getMessage());
    }
  }
}
