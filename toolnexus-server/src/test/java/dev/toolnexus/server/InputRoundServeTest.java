package dev.toolnexus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolnexus.Json;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A served tool that asks through {@link McpInputRound}: its carried state comes back in the next
 * round on any replica sharing the key, and an input the client cannot answer is refused with
 * -32021.
 */
class InputRoundServeTest {
  private static final String KEY = "a-secret-both-replicas-share-0123456789";
  private static final Map<String, Object> SAMPLING_ONLY = Map.of("sampling", Map.of());
  private static final Map<String, Object> FORMS = Map.of("elicitation", Map.of());

  private static McpInput ask(String message, String field) {
    return new McpInput.Elicitation(
        message, Map.of("type", "object", "properties", Map.of(field, Map.of("type", "string"))));
  }

  private static Toolkit toolkit() {
    Tool twoStep =
        Tools.define(
            "two_step",
            "Asks a name, then a colour",
            Fixtures.NO_ARGS,
            (args, ctx) -> {
              McpInputRound round = McpInputRound.of(ctx).orElseThrow();
              Map<String, Object> colour = round.accepted("colour");
              if (colour != null) {
                return ToolResult.ok(round.state().get("name") + " likes " + colour.get("c"));
              }
              Map<String, Object> name = round.accepted("name");
              if (name != null) {
                return McpInputRound.ask(
                    Map.of("colour", ask("Your colour?", "c")), Map.of("name", name.get("n")));
              }
              return McpInputRound.ask(Map.of("name", ask("Your name?", "n")));
            });
    Tool elicitOnly =
        Tools.define(
            "elicit_only",
            "Asks a form the client may not offer",
            Fixtures.NO_ARGS,
            (args, ctx) -> McpInputRound.ask(Map.of("name", ask("Your name?", "n"))));
    return Toolkit.builder().builtins(false).tools(twoStep, elicitOnly).build();
  }

  private static McpServeOptions options() {
    return McpServeOptions.builder().requestStateKey(KEY).build();
  }

  @Test
  void theStateARoundCarriesComesBackInTheNextRoundOnAnotherReplica() throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer first = McpServe.http(toolkit, options());
        McpHttpServer second = McpServe.http(toolkit, options())) {
      Map<String, Object> r1 = result(call(first.url(), "two_step", FORMS, Map.of()));
      Map<String, Object> r2 =
          result(
              call(
                  second.url(),
                  "two_step",
                  FORMS,
                  retry(r1, "name", Map.of("action", "accept", "content", Map.of("n", "Ada")))));
      Map<String, Object> r3 =
          result(
              call(
                  first.url(),
                  "two_step",
                  FORMS,
                  retry(r2, "colour", Map.of("action", "accept", "content", Map.of("c", "teal")))));

      assertThat(((Map<?, ?>) r2.get("inputRequests")).keySet())
          .isEqualTo(java.util.Set.of("colour"));
      assertThat(r2.get("requestState")).isNotEqualTo(r1.get("requestState"));
      assertThat(r3.get("content"))
          .isEqualTo(List.of(Map.of("type", "text", "text", "Ada likes teal")));
    }
  }

  @Test
  void anInputNeedingACapabilityTheClientDidNotDeclareIsMissingRequiredClientCapability()
      throws Exception {
    try (Toolkit toolkit = toolkit();
        McpHttpServer server = McpServe.http(toolkit, options())) {
      Map<String, Object> answer = call(server.url(), "elicit_only", SAMPLING_ONLY, Map.of());

      assertThat(answer.get("error"))
          .isEqualTo(
              Map.of(
                  "code",
                  -32021,
                  "message",
                  "Missing required client capability: elicit_only needs elicitation, which the"
                      + " request's clientCapabilities do not declare",
                  "data",
                  Map.of("requiredCapabilities", Map.of("elicitation", Map.of()))));
    }
  }

  private static Map<String, Object> retry(
      Map<String, Object> previous, String key, Map<String, Object> response) {
    return Map.of(
        "inputResponses", Map.of(key, response), "requestState", previous.get("requestState"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(Map<String, Object> answer) {
    assertThat(answer).containsKey("result");
    return (Map<String, Object>) answer.get("result");
  }

  private static Map<String, Object> call(
      URI url, String tool, Map<String, Object> caps, Map<String, Object> extra) throws Exception {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("name", tool);
    params.put("arguments", Map.of());
    params.putAll(extra);
    params.put(
        "_meta",
        Map.of(
            "io.modelcontextprotocol/protocolVersion",
            "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities",
            caps));
    Map<String, Object> message =
        Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/call", "params", params);
    HttpResponse<String> r =
        RawMcp.HTTP.send(
            RawMcp.request(url, null, Json.write(message))
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", tool)
                .build(),
            RawMcp.ofString());
    return RawMcp.answer(r);
  }
}
