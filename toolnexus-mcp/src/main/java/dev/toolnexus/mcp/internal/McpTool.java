package dev.toolnexus.mcp.internal;

import dev.toolnexus.Source;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.AbstractTool;
import dev.toolnexus.internal.PlainValues;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;

/** One tool of one MCP server, exposed under its {@link ToolNames#exposed exposed name}. */
final class McpTool extends AbstractTool {
  private final String originalName;
  private final ServerConnection server;

  McpTool(McpSchema.Tool def, ServerConnection server) {
    super(
        ToolNames.exposed(server.name(), def.name()),
        def.description() == null ? "" : def.description(),
        schemaOf(def),
        Source.MCP);
    this.server = server;
    this.originalName = def.name();
  }

  private static Map<String, Object> schemaOf(McpSchema.Tool def) {
    Map<String, Object> schema = new LinkedHashMap<>();
    if (def.inputSchema() != null) {
      schema.putAll(def.inputSchema());
    }
    schema.put("type", "object");
    schema.putIfAbsent("properties", Map.of());
    return PlainValues.freezeObject(schema);
  }

  /** The tool's name on its server (what {@code tools/call} is sent with). */
  String originalName() {
    return originalName;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    return server.call(originalName, args, ctx == null ? ToolContext.empty() : ctx);
  }

  @Override
  public String toString() {
    return "McpTool[" + name() + " -> " + server.name() + "/" + originalName + "]";
  }
}
