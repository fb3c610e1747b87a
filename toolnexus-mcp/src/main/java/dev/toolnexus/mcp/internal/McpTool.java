package dev.toolnexus.mcp.internal;

import dev.toolnexus.Source;
import dev.toolnexus.ToolAnnotations;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.internal.AbstractTool;
import dev.toolnexus.internal.PipelinedTool;
import dev.toolnexus.internal.PlainValues;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One tool of one MCP server, exposed under its {@link ToolNames#exposed exposed name}, with the
 * title, icons, hints and output schema the server listed for it.
 */
final class McpTool extends AbstractTool implements PipelinedTool {
  private final String originalName;
  private final ServerConnection server;
  private final McpSchema.Tool def;
  private final ToolAnnotations annotations;
  private final Map<String, Object> outputSchema;
  private final OutputCheck output;

  McpTool(McpSchema.Tool def, ServerConnection server) {
    this(def, server, ToolNames.exposed(server.name(), def.name()));
  }

  private McpTool(McpSchema.Tool def, ServerConnection server, String exposedName) {
    super(
        exposedName, def.description() == null ? "" : def.description(), schemaOf(def), Source.MCP);
    this.server = server;
    this.originalName = def.name();
    this.def = def;
    this.annotations = ListedTool.annotations(def);
    this.outputSchema = ListedTool.outputSchema(def);
    this.output = OutputCheck.of(outputSchema);
  }

  /** This tool under another exposed name (when its own is taken by another tool). */
  McpTool renamed(String exposedName) {
    return new McpTool(def, server, exposedName);
  }

  /** The name of the server this tool belongs to. */
  String serverName() {
    return server.name();
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
  public ToolAnnotations annotations() {
    return annotations;
  }

  @Override
  public Map<String, Object> outputSchema() {
    return outputSchema;
  }

  @Override
  public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
    return send(args, ctx).get();
  }

  @Override
  public Supplier<ToolResult> send(Map<String, Object> args, ToolContext ctx) {
    return server.send(originalName, args, ctx == null ? ToolContext.empty() : ctx, output);
  }

  @Override
  public String toString() {
    return "McpTool[" + name() + " -> " + server.name() + "/" + originalName + "]";
  }
}
