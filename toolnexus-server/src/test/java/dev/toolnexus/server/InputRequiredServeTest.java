package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Answer;
import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.WaitFor;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.mcp.client.McpToolSource;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A served tool that suspends answers a 2026-07-28 client with "input required" and a signed
 * request state, and finishes when the call comes back with the input: driven by our own client
 * (inline, and resumed on another replica) and by the TypeScript SDK v2 client.
 */
class InputRequiredServeTest {
  static final Map<String, Object> NAME_SCHEMA =
      Map.of(
          "type", "object",
          "properties", Map.of("name", Map.of("type", "string")),
          "required", List.of("name"));
  static final String KEY = "a-secret-both-replicas-share";

  static Toolkit toolkit() {
    Tool greet =
        Tools.define(
            "greet",
            "Asks for a name, then greets it",
            Fixtures.NO_ARGS,
            (Map<String, Object> args, ToolContext ctx) ->
                ctx.answer() == null
                    ? ToolResult.pending(
                        Request.of("input", "What is your name?", Map.of("schema", NAME_SCHEMA)))
                    : ToolResult.ok("hello " + ctx.answer().data().get("name")));
    Tool consent =
        Tools.define(
            "consent",
            "Asks the user to approve at a link",
            Fixtures.NO_ARGS,
            (Map<String, Object> args, ToolContext ctx) ->
                ctx.answer() == null
                    ? ToolResult.pending(
                        Request.authorization(
                            "https://consent.example/approve", "Approve at the link"))
                    : ToolResult.ok("approved"));
    return Toolkit.builder().builtins(false).tools(greet, consent).build();
  }

  static McpServeOptions options() {
    return McpServeOptions.builder().requestStateKey(KEY).build();
  }

  static McpToolSource connect(URI url, WaitFor waitFor) {
    return Mcp.connect(
        McpConfig.parse(
            Map.of("mcpServers", Map.of("srv", Map.of("url", url.toString()))), "<test>"),
        waitFor,
        new CancelToken());
  }

  static ToolResult run(McpToolSource s, String name, ToolContext ctx) {
    return s.tools().stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow()
        .execute(Map.of(), ctx);
  }

  @Test
  void ourClientAnswersAServedFormInputInlineAndGetsTheResult() throws Exception {
    List<Request> asked = new CopyOnWriteArrayList<>();
    try (Toolkit toolkit = toolkit();
        McpHttpServer server = McpServe.http(toolkit, options());
        McpToolSource s =
            connect(
                server.url(),
                r -> {
                  asked.add(r);
                  return Answer.ok(r.id(), Map.of("name", "Ada"));
                })) {
      assertThat(run(s, "srv_greet", ToolContext.empty()).output()).isEqualTo("hello Ada");
      assertThat(asked).hasSize(1);
      assertThat(asked.get(0).kind()).isEqualTo("input");
      assertThat(asked.get(0).prompt()).isEqualTo("What is your name?");
      assertThat(asked.get(0).data()).isEqualTo(Map.of("schema", NAME_SCHEMA));
    }
  }

  @Test
  void aServedUrlSuspensionIsAskedInUrlMode() throws Exception {
    List<Request> asked = new CopyOnWriteArrayList<>();
    try (Toolkit toolkit = toolkit();
        McpHttpServer server = McpServe.http(toolkit, options());
        McpToolSource s =
            connect(
                server.url(),
                r -> {
                  asked.add(r);
                  return Answer.ok(r.id());
                })) {
      assertThat(run(s, "srv_consent", ToolContext.empty()).output()).isEqualTo("approved");
      assertThat(asked).extracting(Request::kind).containsExactly("authorization");
      assertThat(asked.get(0).url()).isEqualTo("https://consent.example/approve");
    }
  }

  @Test
  void aSuspensionOnOneReplicaIsContinuedOnAnotherThatSharesTheKey() throws Exception {
    try (Toolkit toolkit = toolkit()) {
      String id;
      try (McpHttpServer first = McpServe.http(toolkit, options());
          McpToolSource s = connect(first.url(), null)) {
        ToolResult r = run(s, "srv_greet", ToolContext.empty());
        assertThat(r.isPending()).isTrue();
        id = r.pendingRequest().orElseThrow().id();
      }
      try (McpHttpServer second = McpServe.http(toolkit, options());
          McpToolSource s = connect(second.url(), null)) {
        ToolContext answered =
            ToolContext.empty().withAnswer(Answer.ok(id, Map.of("name", "Grace")));
        assertThat(run(s, "srv_greet", answered).output()).isEqualTo("hello Grace");
      }
    }
  }

  @Test
  void aChangedRequestStateIsRefused() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server = McpServe.http(toolkit, options())) {
      Map<String, Object> first = call(server.url(), 1, Map.of());
      @SuppressWarnings("unchecked")
      Map<String, Object> result = (Map<String, Object>) first.get("result");
      assertThat(result).containsEntry("resultType", "input_required");
      String state = (String) result.get("requestState");
      String changed = state.substring(0, state.length() - 2) + (state.endsWith("A") ? "BB" : "AA");
      Map<String, Object> retry =
          Map.of(
              "inputResponses",
              Map.of("input", Map.of("action", "accept", "content", Map.of("name", "Eve"))),
              "requestState",
              changed);
      Map<String, Object> refused = call(server.url(), 2, retry);
      assertThat(refused.get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32602,
                  "message",
                  "Invalid or expired requestState: its signature does not match"));
    }
  }

  @Test
  void theInputRequiredResultCarriesOneFormElicitationAndASignedState() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server = McpServe.http(toolkit, options())) {
      @SuppressWarnings("unchecked")
      Map<String, Object> result =
          (Map<String, Object>) call(server.url(), 1, Map.of()).get("result");
      assertThat(result.get("inputRequests"))
          .isEqualTo(
              Map.of(
                  "input",
                  Map.of(
                      "method",
                      "elicitation/create",
                      "params",
                      Map.of(
                          "mode",
                          "form",
                          "message",
                          "What is your name?",
                          "requestedSchema",
                          NAME_SCHEMA))));
      assertThat((String) result.get("requestState")).contains(".");
    }
  }

  @Test
  void theTypeScriptV2ClientFulfilsAServedFormInputAndGetsTheResult() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server = McpServe.http(toolkit, options())) {
      Map<String, Object> plan =
          Map.of(
              "url",
              server.url().toString(),
              "elicit",
              Map.of("name", "Ada"),
              "calls",
              List.of(Map.of("name", "greet")));
      Node.Run run = Node.run(List.of("ts-v2-client.mjs", Json.write(plan)));
      assertThat(run.exit()).as(run.stderr()).isZero();
      Map<String, Object> seen = Json.parseObject(run.stdout().trim());
      assertThat(seen.get("results"))
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
          .singleElement()
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
          .containsEntry("content", List.of(Map.of("type", "text", "text", "hello Ada")));
      assertThat(seen.get("elicitations"))
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
          .singleElement()
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
          .containsEntry("message", "What is your name?")
          .containsEntry("requestedSchema", NAME_SCHEMA);
    }
  }

  @Test
  void aClientWithoutElicitationGetsTheSuspensionAsAnErrorResult() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server = McpServe.http(toolkit, options())) {
      Map<String, Object> plan =
          Map.of("url", server.url().toString(), "calls", List.of(Map.of("name", "greet")));
      Node.Run run = Node.run(List.of("ts-v2-client.mjs", Json.write(plan)));
      assertThat(run.exit()).as(run.stderr()).isZero();
      Map<String, Object> seen = Json.parseObject(run.stdout().trim());
      assertThat(seen.get("results"))
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
          .singleElement()
          .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
          .containsEntry("isError", true)
          .containsEntry("content", List.of(Map.of("type", "text", "text", "What is your name?")));
    }
  }

  /** One stateless {@code tools/call} of {@code greet} declaring form elicitation; its answer. */
  static Map<String, Object> call(URI url, int id, Map<String, Object> extra) throws Exception {
    Map<String, Object> params = new java.util.LinkedHashMap<>();
    params.put("name", "greet");
    params.put("arguments", Map.of());
    params.putAll(extra);
    params.put(
        "_meta",
        Map.of(
            "io.modelcontextprotocol/protocolVersion",
            "2026-07-28",
            "io.modelcontextprotocol/clientInfo",
            Map.of("name", "raw", "version", "1"),
            "io.modelcontextprotocol/clientCapabilities",
            Map.of("elicitation", Map.of("form", Map.of()))));
    Map<String, Object> message =
        Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call", "params", params);
    HttpResponse<String> r =
        RawMcp.HTTP.send(
            RawMcp.request(url, null, Json.write(message))
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "greet")
                .build(),
            RawMcp.ofString());
    return RawMcp.answer(r);
  }
}
