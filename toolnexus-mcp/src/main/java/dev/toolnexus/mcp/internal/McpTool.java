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
 * title, icons, hints and output schema the server listed for it. A tool of ours that stands for a
 * server's resources or prompts ({@link FeatureTools}) has a local handler instead of {@code
 * tools/call}.
 */
final class McpTool extends AbstractTool implements PipelinedTool {
  private final String originalName;
  private final ServerConnection server;
  private final McpSchema.Tool def;
  private final ToolAnnotations annotations;
  private final Map<String, Object> outputSchema;
  private final OutputCheck output;
  private final Local local;

  /** What a tool of ours runs instead of {@code tools/call}. */
  interface Local {
    ToolResult run(ServerConnection server, Map<String, Object> args, ToolContext ctx);
  }

  McpTool(McpSchema.Tool def, ServerConnection server) {
    this(def, server, ToolNames.exposed(server.name(), def.name()), null);
  }

  McpTool(McpSchema.Tool def, ServerConnection server, Local local) {
    this(def, server, ToolNames.exposed(server.name(), def.name()), local);
  }

  private McpTool(McpSchema.Tool def, ServerConnection server, String exposedName, Local local) {
    super(
        exposedName, def.description() == null ? "" : def.description(), schemaOf(def), Source.MCP);
    this.server = server;
    this.originalName = def.name();
    this.def = def;
    this.annotations = ListedTool.annotations(def);
    this.outputSchema = ListedTool.outputSchema(def);
    this.output = OutputCheck.of(outputSchema);
    this.local = local;
  }

  /** This tool under another exposed name (when its own is taken by another tool). */
  McpTool renamed(String exposedName) {
    return new McpTool(def, server, exposedName, local);
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
    if (local != null) {
      ToolResult r = local.run(server, args == null ? Map.of() : args, ctx);
      return () -> r;
    }
    return server.send(originalName, args, ctx == null ? ToolContext.empty() : ctx, output);
  }

  @Override
  public String toString() {
    return "McpTool[" + name() + " -> " + server.name() + "/" + originalName + "]";
  }
}
