package dev.toolnexus.server;

import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Tools;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The conformance suite's diagnostic and input-required tools (server-stateless and the
 * input-required-result-* scenarios), written the way a tool author asks a 2026-07-28 client for
 * input: through {@link McpInputRound}.
 */
final class ConformanceInputTools {
  private ConformanceInputTools() {}

  private static final Map<String, Object> NO_ARGS = Fixtures.NO_ARGS;

  static List<Tool> tools() {
    return List.of(
        define("test_missing_capability", "Needs sampling", ConformanceInputTools::needsSampling),
        define(
            "test_streaming_elicitation",
            "Asks for a confirmation while it streams",
            (round, ctx) ->
                round.response("confirmation") == null
                    ? McpInputRound.ask(Map.of("confirmation", form("Continue?", "ok", "boolean")))
                    : ToolResult.ok("confirmed")),
        Tools.define(
            "test_logging_tool",
            "Logs while it runs",
            NO_ARGS,
            (args, ctx) -> {
              ctx.get(McpClientLog.class).orElseThrow().log("info", "logging tool ran");
              return "logged";
            }),
        define(
            "test_input_required_result_elicitation",
            "Asks for a name",
            (round, ctx) -> {
              Map<String, Object> name = round.accepted("user_name");
              return name == null
                  ? McpInputRound.ask(Map.of("user_name", form("What is your name?", "name")))
                  : ToolResult.ok("Hello, " + name.get("name") + "!");
            }),
        define(
            "test_input_required_result_request_state",
            "Asks for a confirmation and checks its state",
            (round, ctx) ->
                round.accepted("confirm") != null && Boolean.TRUE.equals(round.state().get("asked"))
                    ? ToolResult.ok("state-ok")
                    : McpInputRound.ask(
                        Map.of("confirm", form("Please confirm", "ok", "boolean")),
                        Map.of("asked", true))),
        define(
            "test_input_required_result_tampered_state",
            "Asks for a confirmation under a signed state",
            (round, ctx) ->
                round.response("confirm") != null && Boolean.TRUE.equals(round.state().get("asked"))
                    ? ToolResult.ok("state-ok")
                    : McpInputRound.ask(
                        Map.of("confirm", form("Please confirm", "ok", "boolean")),
                        Map.of("asked", true))),
        define(
            "test_input_required_result_multi_round", "Asks twice", ConformanceInputTools::twice),
        define(
            "test_input_required_result_multiple_inputs",
            "Asks for a name, a greeting and the roots at once",
            (round, ctx) -> {
              if (round.response("user_name") != null
                  && round.response("greeting") != null
                  && round.response("client_roots") != null) {
                return ToolResult.ok("got all three inputs");
              }
              Map<String, McpInput> inputs = new LinkedHashMap<>();
              inputs.put("user_name", form("What is your name?", "name"));
              inputs.put("greeting", new McpInput.Sampling("Generate a greeting", 50));
              inputs.put("client_roots", new McpInput.Roots());
              return McpInputRound.ask(inputs);
            }),
        define(
            "test_input_required_result_sampling",
            "Asks the client's model a question",
            (round, ctx) -> {
              Map<String, Object> answer = round.response("capital_question");
              return answer == null
                  ? McpInputRound.ask(
                      Map.of(
                          "capital_question",
                          new McpInput.Sampling("What is the capital of France?", 100)))
                  : ToolResult.ok(String.valueOf(((Map<?, ?>) answer.get("content")).get("text")));
            }),
        define(
            "test_input_required_result_list_roots",
            "Asks for the client's roots",
            (round, ctx) -> {
              Map<String, Object> roots = round.response("client_roots");
              if (roots == null || !(roots.get("roots") instanceof List<?> list)) {
                return McpInputRound.ask(Map.of("client_roots", new McpInput.Roots()));
              }
              return ToolResult.ok(
                  "roots: "
                      + list.stream()
                          .map(r -> String.valueOf(((Map<?, ?>) r).get("uri")))
                          .collect(Collectors.joining(", ")));
            }),
        define(
            "test_input_required_result_capabilities",
            "Asks only for what the client declared",
            (round, ctx) -> {
              if (!round.responses().isEmpty()) {
                return ToolResult.ok("answered " + round.responses().keySet());
              }
              Map<String, McpInput> inputs = new LinkedHashMap<>();
              if (round.declares("elicitation")) {
                inputs.put("user_name", form("What is your name?", "name"));
              }
              if (round.declares("sampling")) {
                inputs.put("greeting", new McpInput.Sampling("Generate a greeting", 50));
              }
              if (round.declares("roots")) {
                inputs.put("client_roots", new McpInput.Roots());
              }
              return inputs.isEmpty() ? ToolResult.ok("nothing to ask") : McpInputRound.ask(inputs);
            }));
  }

  private interface RoundTool {
    ToolResult run(McpInputRound round, ToolContext ctx) throws Exception;
  }

  private static Tool define(String name, String description, RoundTool body) {
    return Tools.define(
        name,
        description,
        NO_ARGS,
        (args, ctx) ->
            body.run(
                McpInputRound.of(ctx).orElse(new McpInputRound(Map.of(), Map.of(), Map.of())),
                ctx));
  }

  private static ToolResult needsSampling(McpInputRound round, ToolContext ctx) {
    Map<String, Object> answer = round.response("summary");
    return answer == null
        ? McpInputRound.ask(Map.of("summary", new McpInput.Sampling("Summarise this call", 20)))
        : ToolResult.ok("sampled");
  }

  private static ToolResult twice(McpInputRound round, ToolContext ctx) {
    Map<String, Object> color = round.accepted("step2");
    if (color != null && round.state().get("name") != null) {
      return ToolResult.ok(round.state().get("name") + " likes " + color.get("color"));
    }
    Map<String, Object> name = round.accepted("step1");
    if (name != null) {
      return McpInputRound.ask(
          Map.of("step2", form("Step 2: What is your favorite color?", "color")),
          Map.of("name", String.valueOf(name.get("name"))));
    }
    return McpInputRound.ask(Map.of("step1", form("Step 1: What is your name?", "name")));
  }

  private static McpInput form(String message, String field) {
    return form(message, field, "string");
  }

  private static McpInput form(String message, String field, String type) {
    return new McpInput.Elicitation(
        message,
        Map.of(
            "type",
            "object",
            "properties",
            Map.of(field, Map.of("type", type)),
            "required",
            List.of(field)));
  }
}
