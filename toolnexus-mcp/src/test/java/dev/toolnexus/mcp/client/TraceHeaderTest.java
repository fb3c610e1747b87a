package dev.toolnexus.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.TraceContext;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over streamable HTTP a traced tool call carries its W3C trace context as HTTP headers too, so a
 * server traced at the HTTP layer (a servlet filter, an agent) joins the caller's trace.
 */
class TraceHeaderTest {
  private static final String PARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
  private static final List<String> POSTED = new CopyOnWriteArrayList<>();
  private static McpSyncServer server;
  private static Server jetty;
  private static String url;

  @BeforeAll
  static void start() throws Exception {
    HttpServletStreamableServerTransportProvider provider =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpJsonDefaults.getMapper())
            .mcpEndpoint("/mcp")
            .contextExtractor(
                req -> {
                  Map<String, Object> headers = new LinkedHashMap<>();
                  headers.put("traceparent", String.valueOf(req.getHeader("traceparent")));
                  headers.put("tracestate", String.valueOf(req.getHeader("tracestate")));
                  return McpTransportContext.create(headers);
                })
            .build();
    server =
        McpServer.sync(provider)
            .serverInfo("traced", "1.0.0")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            .tools(
                SyncToolSpecification.builder()
                    .tool(
                        McpSchema.Tool.builder(
                                "headers", Map.of("type", "object", "properties", Map.of()))
                            .description("says which trace headers the call came with")
                            .build())
                    .callHandler(
                        (exchange, req) ->
                            McpSchema.CallToolResult.builder()
                                .addTextContent(
                                    exchange.transportContext().get("traceparent")
                                        + " "
                                        + exchange.transportContext().get("tracestate"))
                                .isError(false)
                                .build())
                    .build())
            .build();
    Filter record =
        (req, res, chain) -> {
          HttpServletRequest http = (HttpServletRequest) req;
          if ("POST".equals(http.getMethod())) {
            POSTED.add(String.valueOf(http.getHeader("traceparent")));
          }
          chain.doFilter(req, res);
        };
    jetty = JettyMcp.start(provider, record);
    url = "http://127.0.0.1:" + JettyMcp.port(jetty) + "/mcp";
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    jetty.stop();
  }

  @BeforeEach
  void forget() {
    POSTED.clear();
  }

  private static ToolContext traced(Map<String, String> entries) {
    return ToolContext.empty().with(TraceContext.class, new TraceContext(entries));
  }

  @Test
  void aTracedCallSendsTraceparentAndTracestateHeaders() {
    try (McpToolSource s = RemoteServersTest.connect(Map.of(), "web", Map.of("url", url))) {
      Map<String, String> entries = new LinkedHashMap<>();
      entries.put(TraceContext.TRACEPARENT, PARENT);
      entries.put(TraceContext.TRACESTATE, "vendor=1");

      ToolResult r = EverythingStdioTest.tool(s, "web_headers").execute(Map.of(), traced(entries));

      assertThat(r.output()).isEqualTo(PARENT + " vendor=1");
    }
  }

  @Test
  void onlyTheTracedCallCarriesTheHeaderNotTheHandshake() {
    try (McpToolSource s = RemoteServersTest.connect(Map.of(), "web", Map.of("url", url))) {
      int handshake = POSTED.size();

      EverythingStdioTest.tool(s, "web_headers")
          .execute(Map.of(), traced(Map.of(TraceContext.TRACEPARENT, PARENT)));

      assertThat(POSTED.subList(0, handshake)).containsOnly("null");
      assertThat(POSTED.subList(handshake, POSTED.size())).containsExactly(PARENT);
    }
  }

  @Test
  void anUntracedCallSendsNoTraceHeaders() {
    try (McpToolSource s = RemoteServersTest.connect(Map.of(), "web", Map.of("url", url))) {
      ToolResult r =
          EverythingStdioTest.tool(s, "web_headers").execute(Map.of(), ToolContext.empty());

      assertThat(r.output()).isEqualTo("null null");
    }
  }

  @Test
  void aTraceparentHeaderTheConfigurationSetsWins() {
    String configured = "00-11111111111111111111111111111111-2222222222222222-01";
    try (McpToolSource s =
        RemoteServersTest.connect(
            Map.of(), "web", Map.of("url", url, "headers", Map.of("traceparent", configured)))) {
      ToolResult r =
          EverythingStdioTest.tool(s, "web_headers")
              .execute(Map.of(), traced(Map.of(TraceContext.TRACEPARENT, PARENT)));

      assertThat(r.output()).isEqualTo(configured + " null");
    }
  }
}
