package dev.toolnexus.cli;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Json;
import dev.toolnexus.mcp.client.McpPrompt;
import dev.toolnexus.mcp.client.McpPromptArgument;
import dev.toolnexus.mcp.client.McpPromptMessage;
import dev.toolnexus.mcp.client.McpPromptResult;
import dev.toolnexus.mcp.client.McpToolSource;
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
 * {@code toolnexus prompts}: the MCP servers' prompts with their arguments as a table (or JSON), or
 * one prompt filled in with {@code --get NAME --arg k=v}.
 */
@Command(
    name = "prompts",
    mixinStandardHelpOptions = true,
    description = "Lists the MCP servers' prompts, or fills one in (--get NAME --arg k=v).")
final class PromptsCommand implements Callable<Integer> {
  @ParentCommand ToolnexusCommand root;
  @Mixin McpServerOptions mcp;
  @Mixin VerboseOption verbose;

  @Option(names = "--json", description = "Print JSON instead of a table or text.")
  boolean json;

  @Option(names = "--get", paramLabel = "NAME", description = "Fill in this prompt and print it.")
  String get;

  @Option(
      names = "--arg",
      paramLabel = "KEY=VALUE",
      description = "An argument of the --get prompt; repeatable.")
  Map<String, String> args = new LinkedHashMap<>();

  @Override
  public Integer call() {
    if (get == null && !args.isEmpty()) {
      throw CliException.usage("--arg needs --get NAME");
    }
    PrintWriter out = root.io().out();
    try (McpToolSource source = mcp.open()) {
      if (get != null) {
        McpPromptResult r = source.prompt(serverOf(source, get), get, args);
        if (json) {
          Map<String, Object> doc = new LinkedHashMap<>();
          McpServerOptions.put(doc, "description", r.description());
          List<Object> messages = new ArrayList<>();
          for (McpPromptMessage m : r.messages()) {
            messages.add(
                Map.of("role", m.role(), "content", Json.mapper().valueToTree(m.content())));
          }
          doc.put("messages", messages);
          out.println(Json.writePretty(doc));
        } else {
          for (McpPromptMessage m : r.messages()) {
            out.println(m.role() + ": " + text(m.content()));
          }
        }
      } else {
        List<McpPrompt> prompts =
            mcp.server == null ? source.prompts() : source.prompts(mcp.server);
        if (json) {
          Map<String, Object> doc = new LinkedHashMap<>();
          doc.put("prompts", prompts.stream().map(PromptsCommand::json).toList());
          doc.put("mcp", McpServerOptions.statusJson(source));
          out.println(Json.writePretty(doc));
        } else {
          printTable(out, prompts);
          McpServerOptions.printStatus(out, source);
        }
      }
      out.flush();
    }
    return ExitCodes.OK;
  }

  /** The --server, else the one server that lists the prompt. */
  private String serverOf(McpToolSource source, String name) {
    if (mcp.server != null) {
      return mcp.server;
    }
    List<String> servers =
        source.prompts().stream()
            .filter(p -> p.name().equals(name))
            .map(McpPrompt::server)
            .distinct()
            .toList();
    if (servers.size() == 1) {
      return servers.get(0);
    }
    throw new CliException(
        servers.isEmpty()
            ? "no connected MCP server has the prompt \"" + name + "\""
            : "the prompt \""
                + name
                + "\" is on "
                + String.join(", ", servers)
                + ": pick one with --server");
  }

  private static String text(ContentPart part) {
    return part instanceof ContentPart.Text t ? t.text() : ((ContentPart.Media) part).describe();
  }

  private static void printTable(PrintWriter out, List<McpPrompt> prompts) {
    if (prompts.isEmpty()) {
      out.println("No prompts.");
      return;
    }
    List<String[]> rows = new ArrayList<>();
    for (McpPrompt p : prompts) {
      List<String> args = new ArrayList<>();
      for (McpPromptArgument a : p.arguments()) {
        args.add(a.required() ? a.name() + "*" : a.name());
      }
      rows.add(
          new String[] {
            p.name(),
            p.server(),
            args.isEmpty() ? "-" : String.join(", ", args),
            ToolsCommand.firstLine(p.description())
          });
    }
    int[] w = {"NAME".length(), "SERVER".length(), "ARGUMENTS".length()};
    for (String[] row : rows) {
      for (int i = 0; i < w.length; i++) {
        w[i] = Math.max(w[i], row[i].length());
      }
    }
    String format = "%-" + w[0] + "s  %-" + w[1] + "s  %-" + w[2] + "s  %s%n";
    out.printf(format, "NAME", "SERVER", "ARGUMENTS", "DESCRIPTION");
    for (String[] row : rows) {
      out.printf(format, (Object[]) row);
    }
    out.println(prompts.size() + (prompts.size() == 1 ? " prompt" : " prompts") + " (* required)");
  }

  private static Map<String, Object> json(McpPrompt p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("server", p.server());
    m.put("name", p.name());
    McpServerOptions.put(m, "title", p.title());
    McpServerOptions.put(m, "description", p.description());
    List<Object> args = new ArrayList<>();
    for (McpPromptArgument a : p.arguments()) {
      Map<String, Object> am = new LinkedHashMap<>();
      am.put("name", a.name());
      McpServerOptions.put(am, "title", a.title());
      McpServerOptions.put(am, "description", a.description());
      am.put("required", a.required());
      args.add(am);
    }
    m.put("arguments", args);
    return m;
  }
}
