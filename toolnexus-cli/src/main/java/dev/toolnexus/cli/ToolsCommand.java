package dev.toolnexus.cli;

import dev.toolnexus.Json;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.Tool;
import dev.toolnexus.Toolkit;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code toolnexus tools}: the resolved tools as a table (or JSON) and each MCP server's status.
 */
@Command(
    name = "tools",
    mixinStandardHelpOptions = true,
    description = "Lists the resolved tools (name, source, description) and MCP server status.")
final class ToolsCommand implements Callable<Integer> {
  @ParentCommand ToolnexusCommand root;
  @Mixin SourceOptions sources;
  @Mixin VerboseOption verbose;

  @Option(
      names = "--json",
      description = "Print {tools, mcp, skillsPrompt} as JSON instead of a table.")
  boolean json;

  @Override
  public Integer call() {
    Io io = root.io();
    try (Toolkit toolkit = sources.open(io, root.prefetch())) {
      if (json) {
        io.out().println(Json.writePretty(toJson(toolkit)));
      } else {
        printTable(io.out(), toolkit);
      }
      io.out().flush();
    }
    return ExitCodes.OK;
  }

  static Map<String, Object> toJson(Toolkit toolkit) {
    List<Object> tools = new ArrayList<>();
    for (Tool t : toolkit.tools()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", t.name());
      m.put("source", t.source().name().toLowerCase(java.util.Locale.ROOT));
      m.put("description", t.description());
      m.put("inputSchema", t.inputSchema());
      tools.add(m);
    }
    Map<String, Object> mcp = new LinkedHashMap<>();
    toolkit.mcpStatus().forEach((name, status) -> mcp.put(name, statusJson(status)));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("tools", tools);
    out.put("mcp", mcp);
    out.put("skillsPrompt", toolkit.skillsPrompt());
    return out;
  }

  private static Map<String, Object> statusJson(McpServerStatus status) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("state", status.state().id());
    if (status.reason() != null) {
      m.put("reason", status.reason());
    }
    if (status.protocolVersion() != null) {
      m.put("protocolVersion", status.protocolVersion());
    }
    return m;
  }

  private static void printTable(PrintWriter out, Toolkit toolkit) {
    List<Tool> tools = toolkit.tools();
    if (tools.isEmpty()) {
      out.println("No tools.");
    } else {
      int nameWidth = "NAME".length();
      for (Tool t : tools) {
        nameWidth = Math.max(nameWidth, t.name().length());
      }
      String row = "%-" + nameWidth + "s  %-7s  %s%n";
      out.printf(row, "NAME", "SOURCE", "DESCRIPTION");
      for (Tool t : tools) {
        out.printf(
            row,
            t.name(),
            t.source().name().toLowerCase(java.util.Locale.ROOT),
            firstLine(t.description()));
      }
      out.println(tools.size() + (tools.size() == 1 ? " tool" : " tools"));
    }
    Map<String, McpServerStatus> status = toolkit.mcpStatus();
    if (!status.isEmpty()) {
      out.println();
      out.println("MCP servers:");
      int width = status.keySet().stream().mapToInt(String::length).max().orElse(0);
      status.forEach(
          (name, st) ->
              out.printf(
                  "  %-" + width + "s  %s%s%n",
                  name,
                  st,
                  st.protocolVersion() == null ? "" : " (MCP " + st.protocolVersion() + ")"));
    }
  }

  static String firstLine(String text) {
    String trimmed = text == null ? "" : text.strip();
    int nl = trimmed.indexOf('\n');
    return nl < 0 ? trimmed : trimmed.substring(0, nl).strip();
  }
}
