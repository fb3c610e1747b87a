package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The 2026-07-28 stateless revision on the wire: exact answers, refusals and headers. */
class StatelessWireTest {
  private static final String V = "2026-07-28";
  private static final Map<String, Object> SERVER_INFO =
      Map.of("io.modelcontextprotocol/serverInfo", Map.of("name", "toolnexus", "version", "0.1.0"));

  private static Map<String, Object> meta(String version, Map<String, Object> extra) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("io.modelcontextprotocol/protocolVersion", version);
    m.put("io.modelcontextprotocol/clientCapabilities", Map.of());
    m.put("io.modelcontextprotocol/clientInfo", Map.of("name", "raw", "version", "1"));
    m.putAll(extra);
    return m;
  }

  private static Map<String, Object> request(
      int id, String method, Map<String, Object> params, String version) {
    Map<String, Object> p = new LinkedHashMap<>(params);
    p.put("_meta", meta(version, Map.of()));
    return Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", p);
  }

  /** Posts {@code message} with the given headers (name, value pairs) and no session. */
  private static HttpResponse<String> post(URI url, Map<String, Object> message, String... headers)
      throws Exception {
    HttpRequest.Builder b = RawMcp.request(url, null, Json.write(message));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return RawMcp.HTTP.send(b.build(), RawMcp.ofString());
  }

  @Test
  void discoverNamesVersionsCapabilitiesInstructionsAndTheServer() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(
                toolkit, McpServeOptions.builder().instructions("Use echo to repeat.").build())) {
      HttpResponse<String> r =
          post(
              server.url(),
              request(1, "server/discover", Map.of(), V),
              "MCP-Protocol-Version",
              V,
              "Mcp-Method",
              "server/discover");
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.headers().firstValue("Mcp-Session-Id")).isEmpty();
      assertThat(Json.parseObject(r.body()))
          .isEqualTo(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "id",
                  1,
                  "result",
                  Map.of(
                      "supportedVersions",
                      List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"),
                      "capabilities",
                      Map.of(
                          "tools",
                          Map.of("listChanged", true),
                          "logging",
                          Map.of(),
                          "resources",
                          Map.of(),
                          "prompts",
                          Map.of(),
                          "completions",
                          Map.of()),
                      "instructions",
                      "Use echo to repeat.",
                      "resultType",
                      "complete",
                      "ttlMs",
                      0,
                      "cacheScope",
                      "public",
                      "_meta",
                      SERVER_INFO)));
    }
  }

  @Test
  void aVersionHeaderThatDiffersFromTheBodyIsAHeaderMismatch() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      HttpResponse<String> r =
          post(
              server.url(),
              request(2, "tools/list", Map.of(), V),
              "MCP-Protocol-Version",
              "2025-11-25",
              "Mcp-Method",
              "tools/list");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(Json.parseObject(r.body()))
          .isEqualTo(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "id",
                  2,
                  "error",
                  Map.of(
                      "code",
                      -32020,
                      "message",
                      "Header mismatch: MCP-Protocol-Version header value '2025-11-25' does not"
                          + " match body value '2026-07-28'")));
    }
  }

  @Test
  void aNameHeaderThatDiffersFromTheBodyIsAHeaderMismatchAndRunsNothing() throws Exception {
    List<CallEvent> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().onCall(calls::add).build())) {
      HttpResponse<String> r =
          post(
              server.url(),
              request(3, "tools/call", Map.of("name", "echo", "arguments", Map.of("text", "x")), V),
              "MCP-Protocol-Version",
              V,
              "Mcp-Method",
              "tools/call",
              "Mcp-Name",
              "test_simple_text");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(Json.parseObject(r.body()).get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32020,
                  "message",
                  "Header mismatch: Mcp-Name header value 'test_simple_text' does not match body"
                      + " value 'echo'"));
      assertThat(calls).isEmpty();
    }
  }

  @Test
  void aParamHeaderThatDiffersFromTheArgumentIsAHeaderMismatch() throws Exception {
    try (Toolkit toolkit =
            Toolkit.builder().builtins(false).tools(Fixtures.regionalEcho()).build();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      HttpResponse<String> r =
          post(
              server.url(),
              request(
                  11,
                  "tools/call",
                  Map.of("name", "regional_echo", "arguments", Map.of("region", "us-west1")),
                  V),
              "MCP-Protocol-Version",
              V,
              "Mcp-Method",
              "tools/call",
              "Mcp-Name",
              "regional_echo",
              "Mcp-Param-Region",
              "eu-west1");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(Json.parseObject(r.body()).get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32020,
                  "message",
                  "Header mismatch: Mcp-Param-Region header value 'eu-west1' does not match body"
                      + " value 'us-west1'"));
    }
  }

  @Test
  void aStatelessHeaderWithoutBodyMetaIsInvalidParams() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      Map<String, Object> bare =
          Map.of("jsonrpc", "2.0", "id", 4, "method", "tools/list", "params", Map.of());
      HttpResponse<String> r =
          post(server.url(), bare, "MCP-Protocol-Version", V, "Mcp-Method", "tools/list");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(Json.parseObject(r.body()))
          .isEqualTo(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "id",
                  4,
                  "error",
                  Map.of(
                      "code",
                      -32602,
                      "message",
                      "Invalid params: the request has no _meta object (a request of this"
                          + " protocol revision names its protocol version and client"
                          + " capabilities in params._meta)")));
    }
  }

  @Test
  void metaWithoutClientCapabilitiesIsInvalidParams() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      Map<String, Object> noCaps =
          Map.of(
              "jsonrpc",
              "2.0",
              "id",
              5,
              "method",
              "tools/list",
              "params",
              Map.of("_meta", Map.of("io.modelcontextprotocol/protocolVersion", V)));
      HttpResponse<String> r =
          post(server.url(), noCaps, "MCP-Protocol-Version", V, "Mcp-Method", "tools/list");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(Json.parseObject(r.body()).get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32602,
                  "message",
                  "Invalid params: _meta has no io.modelcontextprotocol/clientCapabilities"
                      + " object"));
    }
  }

  @Test
  void initializeAtTheStatelessRevisionIsNotFound() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      HttpResponse<String> r =
          post(
              server.url(),
              request(6, "initialize", Map.of(), V),
              "MCP-Protocol-Version",
              V,
              "Mcp-Method",
              "initialize");
      assertThat(r.statusCode()).isEqualTo(404);
      assertThat(r.headers().firstValue("Mcp-Session-Id")).isEmpty();
      assertThat(Json.parseObject(r.body()).get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32601,
                  "message",
                  "Method not found: initialize is not part of protocol version 2026-07-28"));
    }
  }

  @Test
  void anUnknownVersionIsRefusedWithTheSupportedOnes() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      HttpResponse<String> r =
          post(
              server.url(),
              request(5, "tools/list", Map.of(), "1900-01-01"),
              "MCP-Protocol-Version",
              "1900-01-01",
              "Mcp-Method",
              "tools/list");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(Json.parseObject(r.body()).get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32022,
                  "message",
                  "Unsupported protocol version: 1900-01-01 (this server speaks 2026-07-28,"
                      + " 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)",
                  "data",
                  Map.of(
                      "supported",
                      List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"),
                      "requested",
                      "1900-01-01")));
    }
  }

  @Test
  void pingIsNotPartOfTheStatelessRevision() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      HttpResponse<String> r =
          post(
              server.url(),
              request(6, "ping", Map.of(), V),
              "MCP-Protocol-Version",
              V,
              "Mcp-Method",
              "ping");
      assertThat(r.statusCode()).isEqualTo(404);
      assertThat(Json.parseObject(r.body()).get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32601,
                  "message",
                  "Method not found: ping is not part of protocol version 2026-07-28"));
    }
  }

  @Test
  void aCallIsAnsweredCompleteWithTheServerNameAndNoSession() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      HttpResponse<String> r =
          RawMcp.HTTP.send(
              HttpRequest.newBuilder(server.url())
                  .header("Content-Type", "application/json")
                  .header("Accept", "application/json")
                  .header("MCP-Protocol-Version", V)
                  .header("Mcp-Method", "tools/call")
                  .header("Mcp-Name", "echo")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          Json.write(
                              request(
                                  7,
                                  "tools/call",
                                  Map.of("name", "echo", "arguments", Map.of("text", "hi")),
                                  V))))
                  .build(),
              RawMcp.ofString());
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
      assertThat(r.headers().firstValue("Mcp-Session-Id")).isEmpty();
      assertThat(Json.parseObject(r.body()).get("result"))
          .isEqualTo(
              Map.of(
                  "content",
                  List.of(Map.of("type", "text", "text", "Echo: hi")),
                  "isError",
                  false,
                  "resultType",
                  "complete",
                  "_meta",
                  SERVER_INFO));
    }
  }

  @Test
  void logMessagesReachOnlyARequestThatAsksForALevel() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      String[] headers = {
        "MCP-Protocol-Version", V, "Mcp-Method", "tools/call", "Mcp-Name", "test_tool_with_logging"
      };
      Map<String, Object> silent =
          request(8, "tools/call", Map.of("name", "test_tool_with_logging"), V);
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("name", "test_tool_with_logging");
      p.put("_meta", meta(V, Map.of("io.modelcontextprotocol/logLevel", "warning")));
      Map<String, Object> loud =
          Map.of("jsonrpc", "2.0", "id", 9, "method", "tools/call", "params", p);

      List<Map<String, Object>> quiet = RawMcp.messages(post(server.url(), silent, headers));
      List<Map<String, Object>> warned = RawMcp.messages(post(server.url(), loud, headers));

      assertThat(quiet).extracting(m -> m.get("id")).containsExactly(8);
      assertThat(warned).hasSize(2);
      assertThat(warned.get(0))
          .isEqualTo(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "method",
                  "notifications/message",
                  "params",
                  Map.of("level", "warning", "data", "Tool execution completed")));
      assertThat(warned.get(1)).containsEntry("id", 9);
    }
  }

  @Test
  void listsCarryCacheHintsThatArePrivateBehindAToken() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server =
            McpServe.http(toolkit, McpServeOptions.builder().token("t0k").pageSize(4).build())) {
      HttpResponse<String> r =
          post(
              server.url(),
              request(10, "tools/list", Map.of(), V),
              "Authorization",
              "Bearer t0k",
              "MCP-Protocol-Version",
              V,
              "Mcp-Method",
              "tools/list");
      assertThat(r.statusCode()).isEqualTo(200);
      Map<String, Object> result = Json.parseObject(r.body());
      @SuppressWarnings("unchecked")
      Map<String, Object> page = (Map<String, Object>) result.get("result");
      assertThat(page)
          .containsEntry("ttlMs", 0)
          .containsEntry("cacheScope", "private")
          .containsEntry("resultType", "complete")
          .containsEntry(
              "nextCursor",
              java.util.Base64.getUrlEncoder()
                  .withoutPadding()
                  .encodeToString("tools/list@4".getBytes(StandardCharsets.UTF_8)));
      assertThat((List<?>) page.get("tools")).hasSize(4);
    }
  }

  @Test
  void aGetOfTheStatelessRevisionIsNotAllowed() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      HttpResponse<String> r =
          RawMcp.HTTP.send(
              HttpRequest.newBuilder(server.url())
                  .header("Accept", "text/event-stream")
                  .header("MCP-Protocol-Version", V)
                  .GET()
                  .build(),
              RawMcp.ofString());
      assertThat(r.statusCode()).isEqualTo(405);
      assertThat(r.headers().firstValue("Allow")).hasValue("POST");
    }
  }

  @Test
  void stdioAnswersAStatelessDiscoverWithoutInitialize() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Toolkit toolkit = Fixtures.conformanceToolkit()) {
      String lines =
          Json.write(request(1, "server/discover", Map.of(), V))
              + "\n"
              + Json.write(request(2, "ping", Map.of(), V))
              + "\n";
      McpServe.stdio(
          toolkit,
          McpServeOptions.defaults(),
          new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)),
          out);
    }
    List<Map<String, Object>> answers =
        out.toString(StandardCharsets.UTF_8).lines().map(Json::parseObject).toList();
    assertThat(answers).hasSize(2);
    @SuppressWarnings("unchecked")
    Map<String, Object> discovered = (Map<String, Object>) answers.get(0).get("result");
    assertThat(discovered.get("supportedVersions"))
        .isEqualTo(List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"));
    assertThat(answers.get(1).get("error"))
        .isEqualTo(
            Map.of(
                "code",
                -32601,
                "message",
                "Method not found: ping is not part of protocol version 2026-07-28"));
  }

  @Test
  void aListenStreamAcknowledgesThenCarriesTheToolListChangeOfARegister() throws Exception {
    try (Toolkit toolkit = Fixtures.conformanceToolkit();
        McpHttpServer server = McpServe.http(toolkit, McpServeOptions.defaults())) {
      Map<String, Object> listen =
          request(
              7,
              "subscriptions/listen",
              Map.of("notifications", Map.of("toolsListChanged", true)),
              V);
      HttpRequest.Builder b = RawMcp.request(server.url(), null, Json.write(listen));
      b.header("MCP-Protocol-Version", V).header("Mcp-Method", "subscriptions/listen");
      LinkedBlockingQueue<String> data = new LinkedBlockingQueue<>();
      CompletableFuture<HttpResponse<Stream<String>>> stream =
          RawMcp.HTTP.sendAsync(b.build(), HttpResponse.BodyHandlers.ofLines());
      CompletableFuture.runAsync(
          () -> stream.join().body().filter(l -> l.startsWith("data: ")).forEach(data::add));
      assertThat(Json.parseObject(data.poll(30, TimeUnit.SECONDS).substring(6)))
          .isEqualTo(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "method",
                  "notifications/subscriptions/acknowledged",
                  "params",
                  Map.of(
                      "_meta",
                      Map.of("io.modelcontextprotocol/subscriptionId", 7),
                      "notifications",
                      Map.of("toolsListChanged", true))));
      toolkit.register(Tools.define("late", "Arrives later", Fixtures.NO_ARGS, args -> "hi"));
      assertThat(Json.parseObject(data.poll(30, TimeUnit.SECONDS).substring(6)))
          .isEqualTo(
              Map.of(
                  "jsonrpc",
                  "2.0",
                  "method",
                  "notifications/tools/list_changed",
                  "params",
                  Map.of("_meta", Map.of("io.modelcontextprotocol/subscriptionId", 7))));
    }
  }
}
