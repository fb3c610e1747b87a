package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Toolkit;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Resources, resource templates and prompts registered on {@link McpServeOptions} are listed, read,
 * rendered and completed over the real HTTP endpoint, in 2025-11-25 sessions and in stateless
 * 2026-07-28 requests alike.
 */
class RegisteredFeaturesTest {
  private static final String SESSION = "2025-11-25";
  private static final String STATELESS = "2026-07-28";

  private static Toolkit toolkit;
  private static McpHttpServer server;

  @BeforeAll
  static void serve() throws Exception {
    toolkit = Fixtures.conformanceToolkit();
    McpServeOptions options =
        McpServeOptions.builder()
            .resource(
                ServedResource.text("memo://motd", "motd", "text/plain", "Hello, world.")
                    .withTitle("Message of the day")
                    .withDescription("Today's message"))
            .resource(
                ServedResource.bytes(
                    "memo://bytes", "bytes", "application/octet-stream", new byte[] {1, 2, 3}))
            .resourceTemplate(
                ServedResourceTemplate.of(
                        "memo://notes/{day}/{slot}",
                        "notes",
                        "text/plain",
                        (uri, vars) -> {
                          if (vars.get("day").equals("never")) {
                            throw new IllegalArgumentException("no notes on day never");
                          }
                          return ResourceContent.text(
                              "notes of " + vars.get("day") + " at " + vars.get("slot"));
                        })
                    .withDescription("Notes by day and slot")
                    .withCompleter(
                        (argument, value, context) ->
                            argument.equals("day")
                                ? List.of("monday", "tuesday").stream()
                                    .filter(d -> d.startsWith(value))
                                    .toList()
                                : List.of()))
            .prompt(
                ServedPrompt.of(
                        "greet",
                        "Greets someone",
                        List.of(
                            new ServedPrompt.Argument("name", "Who to greet", true),
                            new ServedPrompt.Argument("tone", null, false)),
                        args ->
                            List.of(
                                PromptMessage.user(
                                    "Greet "
                                        + args.get("name")
                                        + " "
                                        + args.getOrDefault("tone", "plainly")),
                                new PromptMessage(
                                    "assistant",
                                    new PromptMessage.Resource(
                                        "memo://motd",
                                        "text/plain",
                                        ResourceContent.text("Hello, world.")))))
                    .withTitle("Greeting")
                    .withCompleter(ArgumentCompleter.of(List.of("Ada", "Alan", "Grace"))))
            .build();
    server = McpServe.http(toolkit, options);
  }

  @AfterAll
  static void stop() {
    server.close();
    toolkit.close();
  }

  /** Sends one request in the given revision and gives back its answer message. */
  private static Map<String, Object> send(String revision, String method, Map<String, Object> p)
      throws Exception {
    Map<String, Object> params = new LinkedHashMap<>(p);
    HttpRequest.Builder b;
    if (revision.equals(STATELESS)) {
      params.put(
          "_meta",
          Map.of(
              "io.modelcontextprotocol/protocolVersion",
              STATELESS,
              "io.modelcontextprotocol/clientCapabilities",
              Map.of(),
              "io.modelcontextprotocol/clientInfo",
              Map.of("name", "raw", "version", "1")));
      b = RawMcp.request(server.url(), null, Json.write(request(method, params)));
      b.header("MCP-Protocol-Version", STATELESS).header("Mcp-Method", method);
      Object name = method.equals("prompts/get") ? p.get("name") : p.get("uri");
      if (name != null && (method.equals("prompts/get") || method.equals("resources/read"))) {
        b.header("Mcp-Name", name.toString());
      }
    } else {
      HttpResponse<String> init =
          RawMcp.HTTP.send(
              RawMcp.request(
                      server.url(),
                      null,
                      Json.write(
                          Map.of(
                              "jsonrpc",
                              "2.0",
                              "id",
                              0,
                              "method",
                              "initialize",
                              "params",
                              Map.of(
                                  "protocolVersion",
                                  SESSION,
                                  "capabilities",
                                  Map.of(),
                                  "clientInfo",
                                  Map.of("name", "raw", "version", "1")))))
                  .build(),
              RawMcp.ofString());
      String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
      RawMcp.post(
          server.url(), session, Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
      b = RawMcp.request(server.url(), session, Json.write(request(method, params)));
      b.header("MCP-Protocol-Version", SESSION);
    }
    HttpResponse<String> r = RawMcp.HTTP.send(b.build(), RawMcp.ofString());
    return RawMcp.answer(r);
  }

  private static Map<String, Object> request(String method, Map<String, Object> params) {
    return Map.of("jsonrpc", "2.0", "id", 7, "method", method, "params", params);
  }

  /** The result, without the fields the stateless revision adds to every result. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(Map<String, Object> answer) {
    assertThat(answer).as(answer.toString()).containsKey("result");
    Map<String, Object> r = new LinkedHashMap<>((Map<String, Object>) answer.get("result"));
    for (String k : List.of("resultType", "ttlMs", "cacheScope", "_meta")) {
      r.remove(k);
    }
    return r;
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void resourcesListNamesTheRegisteredResources(String revision) throws Exception {
    assertThat(result(send(revision, "resources/list", Map.of())))
        .isEqualTo(
            Map.of(
                "resources",
                List.of(
                    Map.of(
                        "uri",
                        "memo://motd",
                        "name",
                        "motd",
                        "title",
                        "Message of the day",
                        "description",
                        "Today's message",
                        "mimeType",
                        "text/plain"),
                    Map.of(
                        "uri",
                        "memo://bytes",
                        "name",
                        "bytes",
                        "mimeType",
                        "application/octet-stream"))));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void aTextResourceReadsAsText(String revision) throws Exception {
    assertThat(result(send(revision, "resources/read", Map.of("uri", "memo://motd"))))
        .isEqualTo(
            Map.of(
                "contents",
                List.of(
                    Map.of(
                        "uri", "memo://motd", "mimeType", "text/plain", "text", "Hello, world."))));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void aBinaryResourceReadsAsABase64Blob(String revision) throws Exception {
    assertThat(result(send(revision, "resources/read", Map.of("uri", "memo://bytes"))))
        .isEqualTo(
            Map.of(
                "contents",
                List.of(
                    Map.of(
                        "uri",
                        "memo://bytes",
                        "mimeType",
                        "application/octet-stream",
                        "blob",
                        "AQID"))));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void templatesListNamesTheRegisteredTemplate(String revision) throws Exception {
    assertThat(result(send(revision, "resources/templates/list", Map.of())))
        .isEqualTo(
            Map.of(
                "resourceTemplates",
                List.of(
                    Map.of(
                        "uriTemplate",
                        "memo://notes/{day}/{slot}",
                        "name",
                        "notes",
                        "description",
                        "Notes by day and slot",
                        "mimeType",
                        "text/plain"))));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void aUriTheTemplateMatchesReadsWithItsDecodedVariables(String revision) throws Exception {
    String uri = "memo://notes/monday/9%3A00";
    assertThat(result(send(revision, "resources/read", Map.of("uri", uri))))
        .isEqualTo(
            Map.of(
                "contents",
                List.of(
                    Map.of(
                        "uri", uri, "mimeType", "text/plain", "text", "notes of monday at 9:00"))));
  }

  @Test
  void anUnknownUriInASessionIsResourceNotFoundNamingIt() throws Exception {
    assertThat(send(SESSION, "resources/read", Map.of("uri", "memo://nope")).get("error"))
        .isEqualTo(
            Map.of(
                "code",
                -32002,
                "message",
                "Resource not found: memo://nope",
                "data",
                Map.of("uri", "memo://nope")));
  }

  @Test
  void anUnknownUriStatelessIsInvalidParamsNamingIt() throws Exception {
    assertThat(send(STATELESS, "resources/read", Map.of("uri", "memo://nope")).get("error"))
        .isEqualTo(
            Map.of(
                "code",
                -32602,
                "message",
                "Resource not found: memo://nope",
                "data",
                Map.of("uri", "memo://nope")));
  }

  @Test
  void aTemplateReaderThatRefusesIsResourceNotFoundWithItsReason() throws Exception {
    String uri = "memo://notes/never/1";
    assertThat(send(SESSION, "resources/read", Map.of("uri", uri)).get("error"))
        .isEqualTo(
            Map.of(
                "code",
                -32002,
                "message",
                "Resource not found: memo://notes/never/1 (no notes on day never)",
                "data",
                Map.of("uri", uri)));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void promptsListNamesThePromptAndItsArguments(String revision) throws Exception {
    assertThat(result(send(revision, "prompts/list", Map.of())))
        .isEqualTo(
            Map.of(
                "prompts",
                List.of(
                    Map.of(
                        "name",
                        "greet",
                        "title",
                        "Greeting",
                        "description",
                        "Greets someone",
                        "arguments",
                        List.of(
                            Map.of("name", "name", "description", "Who to greet", "required", true),
                            Map.of("name", "tone", "required", false))))));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void promptsGetRendersTheMessagesWithTheArguments(String revision) throws Exception {
    Map<String, Object> params = Map.of("name", "greet", "arguments", Map.of("name", "Ada"));
    assertThat(result(send(revision, "prompts/get", params)))
        .isEqualTo(
            Map.of(
                "description",
                "Greets someone",
                "messages",
                List.of(
                    Map.of(
                        "role",
                        "user",
                        "content",
                        Map.of("type", "text", "text", "Greet Ada plainly")),
                    Map.of(
                        "role",
                        "assistant",
                        "content",
                        Map.of(
                            "type",
                            "resource",
                            "resource",
                            Map.of(
                                "uri",
                                "memo://motd",
                                "mimeType",
                                "text/plain",
                                "text",
                                "Hello, world."))))));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void aMissingRequiredArgumentIsInvalidParamsNamingIt(String revision) throws Exception {
    Map<String, Object> params = Map.of("name", "greet", "arguments", Map.of("tone", "warmly"));
    assertThat(send(revision, "prompts/get", params).get("error"))
        .isEqualTo(
            Map.of("code", -32602, "message", "prompt greet: missing required argument name"));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void anUnknownPromptIsInvalidParamsNamingIt(String revision) throws Exception {
    assertThat(send(revision, "prompts/get", Map.of("name", "nope")).get("error"))
        .isEqualTo(Map.of("code", -32602, "message", "Unknown prompt: nope"));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void aPromptArgumentCompletesFromItsCompleter(String revision) throws Exception {
    Map<String, Object> params =
        Map.of(
            "ref",
            Map.of("type", "ref/prompt", "name", "greet"),
            "argument",
            Map.of("name", "name", "value", "A"));
    assertThat(result(send(revision, "completion/complete", params)))
        .isEqualTo(
            Map.of(
                "completion",
                Map.of("values", List.of("Ada", "Alan"), "total", 2, "hasMore", false)));
  }

  @ParameterizedTest
  @ValueSource(strings = {SESSION, STATELESS})
  void aTemplateVariableCompletesFromItsCompleter(String revision) throws Exception {
    Map<String, Object> params =
        Map.of(
            "ref",
            Map.of("type", "ref/resource", "uri", "memo://notes/{day}/{slot}"),
            "argument",
            Map.of("name", "day", "value", "t"));
    assertThat(result(send(revision, "completion/complete", params)))
        .isEqualTo(
            Map.of(
                "completion", Map.of("values", List.of("tuesday"), "total", 1, "hasMore", false)));
  }

  @Test
  @SuppressWarnings("unchecked")
  void initializeAndDiscoverDeclareTheSameFeatureCapabilities() throws Exception {
    Map<String, Object> discover = result(send(STATELESS, "server/discover", Map.of()));
    HttpResponse<String> init =
        RawMcp.post(
            server.url(),
            null,
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                1,
                "method",
                "initialize",
                "params",
                Map.of(
                    "protocolVersion",
                    SESSION,
                    "capabilities",
                    Map.of(),
                    "clientInfo",
                    Map.of("name", "raw", "version", "1"))));
    Map<String, Object> initCaps =
        (Map<String, Object>)
            ((Map<String, Object>) RawMcp.answer(init).get("result")).get("capabilities");
    Map<String, Object> expected =
        Map.of("resources", Map.of(), "prompts", Map.of(), "completions", Map.of());
    assertThat((Map<String, Object>) discover.get("capabilities")).containsAllEntriesOf(expected);
    assertThat(initCaps).containsAllEntriesOf(expected);
  }
}
