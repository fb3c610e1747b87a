package dev.toolnexus.mcp.client;

import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The client entry point the MCP conformance suite drives: it appends the server URL as the last
 * argument. Connects through the toolnexus MCP source, calls every listed tool with arguments made
 * from its schema, and exits non-zero when the server failed.
 */
public final class ConformanceClient {
  private ConformanceClient() {}

  public static void main(String[] args) {
    String url = args[args.length - 1];
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("url", url);
    server.put("timeout", 20_000);
    int code;
    try (McpToolSource source =
        Mcp.connect(
            McpConfig.parse(Map.of("mcpServers", Map.of("test", server)), "<conformance>"))) {
      McpServerStatus status = source.serverStatus().get("test");
      System.out.println("status: " + status);
      code = status.state() == McpServerStatus.State.CONNECTED ? 0 : 1;
      for (Tool tool : source.tools()) {
        ToolResult r = tool.execute(argumentsFor(tool), ToolContext.empty());
        System.out.println(tool.name() + " -> " + (r.isError() ? "error: " : "") + r.output());
      }
    }
    System.exit(code);
  }

  /** Sample arguments: numbers count up from 1, strings are "test", booleans true. */
  static Map<String, Object> argumentsFor(Tool tool) {
    Map<String, Object> args = new LinkedHashMap<>();
    Object props = tool.inputSchema().get("properties");
    if (props instanceof Map<?, ?> properties) {
      int n = 1;
      for (Map.Entry<?, ?> p : properties.entrySet()) {
        Object type = p.getValue() instanceof Map<?, ?> m ? m.get("type") : null;
        Object value =
            switch (String.valueOf(type)) {
              case "number", "integer" -> n++;
              case "boolean" -> true;
              default -> "test";
            };
        args.put(String.valueOf(p.getKey()), value);
      }
    }
    return args;
  }
}
