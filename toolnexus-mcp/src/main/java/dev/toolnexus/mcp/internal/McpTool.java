package dev.toolnexus.mcp.internal;

import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.PlainValues;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;

/** One tool of one MCP server, exposed under its {@link ToolNames#exposed exposed name}. */
final class McpTool implements Tool {
  private final String name;
  private final String originalName;
  private final String description;
  private final Map<String, Object> inputSchema;
  private final ServerConnection server;

  McpTool(McpSchema.Tool def, ServerConnection server) {
    this.server = server;
    this.originalName = def.name();
    this.name = ToolNames.exposed(server.name(), def.name());
    this.description = def.description() == null ? "" : def.description();
    Map<String, Object> schema = new LinkedHashMap<>();
    if (def.inputSchema() != null) {
      schema.putAll(def.inputSchema());
    }
    schema.put("type", "object");
    schema.putIfAbsent("properties", Map.of());
    this.inputSchema = PlainValues.freezeObject(schema);
  }

  @Override
  public String name() {
    return name;
  }

  /** The tool's name on its server (what {@code tools/call} is sent with). */
  String originalName() {
    return originalName;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Map<String, Object> inputSchema() {
    return inputSchema;
  }

  @Override
  public Source source() {
    return Source.MCP;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    return server.call(originalName, args, ctx == null ? ToolContext.empty() : ctx);
  }

  @Override
  public String toString() {
    return "McpTool[" + name + " -> " + server.name() + "/" + originalName + "]";
  }
}
