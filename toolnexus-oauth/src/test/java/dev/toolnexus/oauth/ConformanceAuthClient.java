package dev.toolnexus.oauth;

import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.mcp.client.McpToolSource;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client the MCP conformance suite's auth scenarios drive (the server URL is the last argument;
 * {@code MCP_CONFORMANCE_CONTEXT} may carry a client id and secret): connects through {@link
 * OAuthCredentials}, whose sign-in the suite's authorization server approves at once, so the user
 * step just follows its redirect to the loopback listener; then lists the tools and calls each.
 * Exits non-zero when the server did not connect or a call failed.
 */
public final class ConformanceAuthClient {
  /** The client id metadata document URL the suite's basic-cimd scenario accepts. */
  static final String METADATA_DOCUMENT = "https://conformance-test.local/client-metadata.json";

  private ConformanceAuthClient() {}

  public static void main(String[] args) {
    String url = args[args.length - 1];
    Map<String, Object> context = context(System.getenv("MCP_CONFORMANCE_CONTEXT"));
    OAuthCredentials.Builder credentials =
        OAuthCredentials.builder()
            .clientMetadataDocument(METADATA_DOCUMENT)
            .userStep(ConformanceAuthClient::approve);
    if (context.get("client_id") instanceof String id) {
      credentials.clientId(id);
    }
    if (context.get("client_secret") instanceof String secret) {
      credentials.clientSecret(secret);
    }
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("url", url);
    server.put("timeout", 20_000);
    McpServerConfig entry =
        McpConfig.parse(Map.of("mcpServers", Map.of("test", server)), "<conformance>")
            .servers()
            .get(0)
            .withAuth(credentials.build());
    String revision = System.getenv("MCP_CONFORMANCE_PROTOCOL_VERSION");
    if (revision != null && McpServerConfig.protocolVersionProblem(revision) == null) {
      entry = entry.withProtocolVersion(revision);
    }
    int code;
    try (McpToolSource source = Mcp.connect(new McpConfig("<conformance>", List.of(entry)))) {
      McpServerStatus status = source.serverStatus().get("test");
      System.out.println("status: " + status);
      code = status.state() == McpServerStatus.State.CONNECTED ? 0 : 1;
      for (Tool tool : source.tools()) {
        ToolResult r = tool.execute(Map.of(), ToolContext.empty());
        System.out.println(tool.name() + " -> " + (r.isError() ? "error: " : "") + r.output());
        if (r.isError()) {
          code = 1;
        }
      }
    }
    System.exit(code);
  }

  private static Map<String, Object> context(String json) {
    return json == null || json.isBlank() ? Map.of() : Json.parseObject(json);
  }

  /**
   * The user's step: the suite's authorization server redirects straight back, so the redirect is
   * followed to the loopback listener (or the login completed with it when it goes elsewhere).
   */
  private static void approve(PendingLogin login) {
    Thread t =
        new Thread(
            () -> {
              try {
                HttpClient http =
                    HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
                HttpResponse<String> r =
                    http.send(
                        HttpRequest.newBuilder(login.authorizationUrl()).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                String location = r.headers().firstValue("Location").orElse(null);
                if (location == null) {
                  login.fail(
                      "the authorization server answered "
                          + r.statusCode()
                          + " without a redirect");
                  return;
                }
                URI back = login.authorizationUrl().resolve(location);
                if (!back.toString().startsWith(login.redirectUri().toString())) {
                  login.complete(back.toString());
                  return;
                }
                http.send(
                    HttpRequest.newBuilder(back).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
              } catch (Exception e) {
                login.fail("following the sign-in redirect failed: " + e);
              }
            },
            "conformance-approve");
    t.setDaemon(true);
    t.start();
  }
}
