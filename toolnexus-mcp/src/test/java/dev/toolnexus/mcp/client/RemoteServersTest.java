package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Remote servers: server-everything over streamable HTTP and over SSE, and an SDK-built server on
 * Jetty that requires a bearer header.
 */
class RemoteServersTest {
  static NodeServer streamable;
  static NodeServer sse;
  static Server jetty;
  static McpSyncServer secure;
  static int securePort;

  @BeforeAll
  static void start() throws Exception {
    streamable = NodeServer.start("streamableHttp");
    sse = NodeServer.start("sse");
    HttpServletStreamableServerTransportProvider provider =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpJsonDefaults.getMapper())
            .mcpEndpoint("/mcp")
            .build();
    secure =
        McpServer.sync(provider)
            .serverInfo("secure", "1.0.0")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            .tools(
                SyncToolSpecification.builder()
                    .tool(
                        McpSchema.Tool.builder(
                                "whoami", Map.of("type", "object", "properties", Map.of()))
                            .description("says who is calling")
                            .build())
                    .callHandler(
                        (exchange, req) ->
                            McpSchema.CallToolResult.builder()
                                .addTextContent("an authorized caller")
                                .isError(false)
                                .build())
                    .build())
            .build();
    Filter bearer =
        (req, res, chain) -> {
          String auth = ((HttpServletRequest) req).getHeader("Authorization");
          if (!"Bearer s3cret".equals(auth)) {
            ((HttpServletResponse) res).sendError(401, "bearer token required");
            return;
          }
          chain.doFilter(req, res);
        };
    jetty = JettyMcp.start(provider, bearer);
    securePort = JettyMcp.port(jetty);
  }

  @AfterAll
  static void stop() throws Exception {
    streamable.close();
    sse.close();
    secure.close();
    jetty.stop();
  }

  static McpToolSource connect(Map<String, String> env, Object... servers) {
    return Loader.load(
        McpConfig.parse(TestEnv.config(servers), "<test>"), env, null, new CancelToken());
  }

  static ToolResult run(McpToolSource s, String name, Map<String, Object> args) {
    return EverythingStdioTest.tool(s, name).execute(args, ToolContext.empty());
  }

  @Test
  void serverEverythingOverStreamableHttp() {
    try (McpToolSource s = connect(Map.of(), "web", Map.of("url", streamable.url("/mcp")))) {
      assertThat(s.serverStatus())
          .containsExactly(Map.entry("web", McpServerStatus.connected("2025-11-25")));
      assertThat(run(s, "web_echo", Map.of("message", "over http")).output())
          .isEqualTo("Echo: over http");
      assertThat(run(s, "web_get-tiny-image", Map.of()).parts()).hasSize(1);
    }
  }

  /** Each tool's original name with its annotations and output schema. */
  static Map<String, List<Object>> metadata(McpToolSource s, String server) {
    Map<String, List<Object>> out = new LinkedHashMap<>();
    for (Tool t : s.tools()) {
      out.put(t.name().substring(server.length() + 1), List.of(t.annotations(), t.outputSchema()));
    }
    return out;
  }

  @Test
  void overStreamableHttpTheToolMetadataEqualsTheHandReadStdioMetadata() {
    try (McpToolSource web = connect(Map.of(), "web", Map.of("url", streamable.url("/mcp")));
        McpToolSource local =
            connect(Map.of(), "local", TestEnv.local(TestEnv.everythingStdio()))) {
      Map<String, List<Object>> overHttp = metadata(web, "web");
      Map<String, List<Object>> overStdio = metadata(local, "local");
      // tools the server adds later (list_changed) may not have reached both sessions yet
      overHttp.keySet().retainAll(overStdio.keySet());
      assertThat(overHttp)
          .containsKeys("echo", "get-structured-content", "gzip-file-as-resource", "get-sum");
      overHttp.forEach((name, meta) -> assertThat(meta).as(name).isEqualTo(overStdio.get(name)));
      assertThat(overHttp.get("echo").get(0))
          .isEqualTo(new ToolAnnotations("Echo Tool", true, false, true, false, List.of()));
      ToolResult structured =
          run(web, "web_get-structured-content", Map.of("location", "New York"));
      assertThat(structured.isError()).isFalse();
      assertThat(Json.parseObject(structured.output()))
          .containsOnlyKeys("temperature", "conditions", "humidity");
    }
  }

  @Test
  void overStreamableHttpTheConditionalToolsAppearAndElicitationIsBridged() throws Exception {
    try (McpToolSource s =
        Mcp.connect(
            McpConfig.parse(TestEnv.config("web", Map.of("url", streamable.url("/mcp"))), "<test>"),
            request -> dev.toolnexus.Answer.ok(request.id(), Map.of("name", "Grace")),
            new CancelToken())) {
      EverythingStdioTest.awaitTool(s, "web_trigger-elicitation-request");
      ToolResult r = run(s, "web_trigger-elicitation-request", Map.of());
      assertThat(r.output()).contains("- Name: Grace");
    }
  }

  @Test
  void serverEverythingOverSseIsReachedByFallingBackFromStreamableHttp() {
    try (McpToolSource s = connect(Map.of(), "legacy", Map.of("url", sse.url("/sse")))) {
      assertThat(s.serverStatus())
          .containsExactly(Map.entry("legacy", McpServerStatus.connected("2024-11-05")));
      assertThat(run(s, "legacy_echo", Map.of("message", "over sse")).output())
          .isEqualTo("Echo: over sse");
    }
  }

  @Test
  void anExplicitSseServerConnectsOverSse() {
    try (McpToolSource s =
        connect(Map.of(), "legacy", Map.of("type", "sse", "url", sse.url("/sse")))) {
      assertThat(run(s, "legacy_get-sum", Map.of("a", 1, "b", 2)).output())
          .isEqualTo("The sum of 1 and 2 is 3.");
    }
  }

  @Test
  void aBearerHeaderExpandedFromTheEnvironmentIsSent() {
    try (McpToolSource s =
        connect(
            Map.of("SECURE_TOKEN", "s3cret"),
            "secure",
            Map.of(
                "url",
                "http://127.0.0.1:" + securePort + "/mcp",
                "headers",
                Map.of("Authorization", "Bearer ${SECURE_TOKEN}")))) {
      assertThat(s.serverStatus())
          .containsExactly(Map.entry("secure", McpServerStatus.connected("2025-11-25")));
      assertThat(run(s, "secure_whoami", Map.of()).output()).isEqualTo("an authorized caller");
    }
  }

  @Test
  void withoutTheBearerHeaderTheServerFailsAndItsReasonNeverShowsTheToken() {
    try (McpToolSource s =
        connect(
            Map.of("SECURE_TOKEN", "wrong-token-value"),
            "secure",
            Map.of(
                "url",
                "http://127.0.0.1:" + securePort + "/mcp",
                "headers",
                Map.of("Authorization", "Bearer ${SECURE_TOKEN}"),
                "timeout",
                5000))) {
      McpServerStatus status = s.serverStatus().get("secure");
      assertThat(status.state()).isEqualTo(McpServerStatus.State.FAILED);
      assertThat(status.reason())
          .isEqualTo(
              "initialize failed: HTTP 401 (the server refused the request; check the configured"
                  + " headers)");
    }
  }

  @Test
  void aMissingHeaderVariableFailsTheServerNamingTheVariable() {
    try (McpToolSource s =
        connect(
            Map.of(),
            "secure",
            Map.of(
                "url",
                "http://127.0.0.1:" + securePort + "/mcp",
                "headers",
                Map.of("Authorization", "Bearer ${SECURE_TOKEN}")))) {
      assertThat(s.serverStatus().get("secure"))
          .isEqualTo(
              McpServerStatus.failed(
                  "header \"Authorization\" of MCP server \"secure\" uses ${SECURE_TOKEN}, but the"
                      + " environment variable SECURE_TOKEN is not set"));
    }
  }
}
