package dev.toolnexus.mcp.client;

import dev.toolnexus.Answer;
import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Request;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.mcp.internal.ToolNames;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The client the MCP conformance suite runs: the suite starts a scenario server and appends its URL
 * as the last argument, and passes the scenario's name and context in {@code
 * MCP_CONFORMANCE_SCENARIO} and {@code MCP_CONFORMANCE_CONTEXT}. Builds a toolkit with that one
 * remote server, lists its tools and calls them: the calls the context names with their arguments,
 * otherwise every listed tool with arguments made from its schema. A form the server asks for is
 * accepted filled from its schema (defaults first), as a user accepting a pre-filled form would.
 * Exits non-zero when the server did not connect.
 */
public final class ConformanceClient {
  static final String SERVER = "test";

  private ConformanceClient() {}

  public static void main(String[] args) {
    String url = args[args.length - 1];
    String scenario = System.getenv().getOrDefault("MCP_CONFORMANCE_SCENARIO", "");
    Map<String, Object> context = context(System.getenv("MCP_CONFORMANCE_CONTEXT"));
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("url", url);
    server.put("timeout", 20_000);
    int code;
    try (Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .mcpConfig(Map.of("mcpServers", Map.of(SERVER, server)))
            .waitFor(ConformanceClient::accept)
            .build()) {
      McpServerStatus status = toolkit.mcpStatus().get(SERVER);
      System.out.println("scenario " + scenario + ", status: " + status);
      code = status != null && status.state() == McpServerStatus.State.CONNECTED ? 0 : 1;
      System.out.println("tools: " + toolkit.names());
      if (context.get("toolCalls") instanceof List<?> calls) {
        for (Object c : calls) {
          Map<?, ?> call = (Map<?, ?>) c;
          String name = ToolNames.exposed(SERVER, String.valueOf(call.get("name")));
          Map<String, Object> arguments = new LinkedHashMap<>();
          if (call.get("arguments") instanceof Map<?, ?> a) {
            a.forEach((k, v) -> arguments.put(String.valueOf(k), v));
          }
          Optional<Tool> tool = toolkit.get(name);
          if (tool.isEmpty()) {
            System.out.println(name + " is not listed");
            continue;
          }
          // the tool itself, not toolkit.execute: the suite's arguments hold a deliberate null,
          // which the toolkit's argument validation would refuse before the MCP client saw it
          print(name, tool.get().execute(arguments, ToolContext.empty()));
        }
      } else if (scenario.equals("json-schema-2020-12-preservation")) {
        echoSchema(toolkit);
      } else {
        for (Tool tool : toolkit.tools()) {
          print(tool.name(), toolkit.execute(tool.name(), argumentsFor(tool), ToolContext.empty()));
        }
      }
      if (scenario.equals("http-standard-headers")) {
        features(toolkit);
      }
    }
    System.exit(code);
  }

  /** Sends the focal tool's input schema, as the toolkit holds it, back through the echo tool. */
  private static void echoSchema(Toolkit toolkit) {
    String focal = ToolNames.exposed(SERVER, "json_schema_2020_12_tool");
    String echo = ToolNames.exposed(SERVER, "json_schema_echo");
    Map<String, Object> schema = toolkit.get(focal).orElseThrow().inputSchema();
    print(echo, toolkit.execute(echo, Map.of("schema", schema), ToolContext.empty()));
  }

  /** Lists and reads the resources and prompts, so their requests' headers are exercised. */
  private static void features(Toolkit toolkit) {
    for (McpToolSource source : toolkit.sources(McpToolSource.class)) {
      List<McpResource> resources = source.resources(SERVER);
      System.out.println("resources: " + resources);
      if (!resources.isEmpty()) {
        System.out.println("read: " + source.read(SERVER, resources.get(0).uri()));
      }
      List<McpPrompt> prompts = source.prompts(SERVER);
      System.out.println("prompts: " + prompts);
      if (!prompts.isEmpty()) {
        System.out.println("prompt: " + source.prompt(SERVER, prompts.get(0).name(), Map.of()));
      }
    }
  }

  private static void print(String name, ToolResult r) {
    System.out.println(
        name + " -> " + (r.isPending() ? "pending: " : r.isError() ? "error: " : "") + r.output());
  }

  private static Map<String, Object> context(String json) {
    return json == null || json.isBlank() ? Map.of() : Json.parseObject(json);
  }

  /** Accepts an asked form with content made from its schema. */
  private static Answer accept(Request request) {
    Object schema = request.data() == null ? null : request.data().get("schema");
    return Answer.ok(request.id(), schema instanceof Map<?, ?> s ? valuesFor(s) : Map.of());
  }

  /** Sample arguments: numbers count up from 1, strings are "test", booleans true. */
  static Map<String, Object> argumentsFor(Tool tool) {
    return valuesFor(tool.inputSchema());
  }

  private static Map<String, Object> valuesFor(Map<?, ?> schema) {
    Map<String, Object> values = new LinkedHashMap<>();
    if (schema.get("properties") instanceof Map<?, ?> properties) {
      int n = 1;
      for (Map.Entry<?, ?> p : properties.entrySet()) {
        Map<?, ?> prop = p.getValue() instanceof Map<?, ?> m ? m : Map.of();
        Object value = prop.get("default");
        if (value == null) {
          value =
              switch (String.valueOf(prop.get("type"))) {
                case "number", "integer" -> n++;
                case "boolean" -> true;
                case "object" -> Map.of();
                case "array" -> List.of();
                default -> "test";
              };
        }
        values.put(String.valueOf(p.getKey()), value);
      }
    }
    return values;
  }
}
