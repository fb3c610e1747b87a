package dev.toolnexus.cli;

import dev.toolnexus.Json;
import dev.toolnexus.mcp.client.McpResource;
import dev.toolnexus.mcp.client.McpResourceContents;
import dev.toolnexus.mcp.client.McpResourceTemplate;
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
 * {@code toolnexus resources}: the MCP servers' resources and resource templates as a table (or
 * JSON), or one resource's contents with {@code --read}.
 */
@Command(
    name = "resources",
    mixinStandardHelpOptions = true,
    description = "Lists the MCP servers' resources and templates, or reads one (--read URI).")
final class ResourcesCommand implements Callable<Integer> {
  @ParentCommand ToolnexusCommand root;
  @Mixin McpServerOptions mcp;
  @Mixin VerboseOption verbose;

  @Option(names = "--json", description = "Print JSON instead of a table or text.")
  boolean json;

  @Option(
      names = "--read",
      paramLabel = "URI",
      description = "Print this resource's contents (text as it is, a blob as base64).")
  String read;

  @Override
  public Integer call() {
    PrintWriter out = root.io().out();
    try (McpToolSource source = mcp.open()) {
      if (read != null) {
        List<McpResourceContents> contents =
            mcp.server == null ? source.read(read) : source.read(mcp.server, read);
        if (json) {
          out.println(Json.writePretty(Map.of("contents", contentsJson(contents))));
        } else {
          for (McpResourceContents c : contents) {
            out.println(
                c instanceof McpResourceContents.Text t
                    ? t.text()
                    : ((McpResourceContents.Blob) c).base64());
          }
        }
      } else {
        List<McpResource> resources =
            mcp.server == null ? source.resources() : source.resources(mcp.server);
        List<McpResourceTemplate> templates =
            mcp.server == null ? source.resourceTemplates() : source.resourceTemplates(mcp.server);
        if (json) {
          Map<String, Object> doc = new LinkedHashMap<>();
          doc.put("resources", resources.stream().map(ResourcesCommand::json).toList());
          doc.put("resourceTemplates", templates.stream().map(ResourcesCommand::json).toList());
          doc.put("mcp", McpServerOptions.statusJson(source));
          out.println(Json.writePretty(doc));
        } else {
          printTable(out, resources, templates);
          McpServerOptions.printStatus(out, source);
        }
      }
      out.flush();
    }
    return ExitCodes.OK;
  }

  private static void printTable(
      PrintWriter out, List<McpResource> resources, List<McpResourceTemplate> templates) {
    List<String[]> rows = new ArrayList<>();
    for (McpResource r : resources) {
      rows.add(
          new String[] {
            r.uri(), r.server(), mime(r.mimeType()), describe(r.name(), r.description())
          });
    }
    int resourceRows = rows.size();
    for (McpResourceTemplate t : templates) {
      rows.add(
          new String[] {
            t.uriTemplate(), t.server(), mime(t.mimeType()), describe(t.name(), t.description())
          });
    }
    if (rows.isEmpty()) {
      out.println("No resources.");
      return;
    }
    int[] w = {"URI".length(), "SERVER".length(), "MIME".length()};
    for (String[] row : rows) {
      for (int i = 0; i < w.length; i++) {
        w[i] = Math.max(w[i], row[i].length());
      }
    }
    String format = "%-" + w[0] + "s  %-" + w[1] + "s  %-" + w[2] + "s  %s%n";
    out.printf(format, "URI", "SERVER", "MIME", "NAME");
    for (int i = 0; i < rows.size(); i++) {
      String[] row = rows.get(i);
      out.printf(format, (Object[]) row);
    }
    out.println(
        resourceRows
            + (resourceRows == 1 ? " resource, " : " resources, ")
            + templates.size()
            + (templates.size() == 1 ? " template" : " templates"));
  }

  private static String mime(String m) {
    return m == null ? "-" : m;
  }

  private static String describe(String name, String description) {
    String line = ToolsCommand.firstLine(description);
    return line.isEmpty() ? name : name + ": " + line;
  }

  private static Map<String, Object> json(McpResource r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("server", r.server());
    m.put("uri", r.uri());
    m.put("name", r.name());
    McpServerOptions.put(m, "title", r.title());
    McpServerOptions.put(m, "description", r.description());
    McpServerOptions.put(m, "mimeType", r.mimeType());
    McpServerOptions.put(m, "size", r.size());
    return m;
  }

  private static Map<String, Object> json(McpResourceTemplate t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("server", t.server());
    m.put("uriTemplate", t.uriTemplate());
    m.put("name", t.name());
    McpServerOptions.put(m, "title", t.title());
    McpServerOptions.put(m, "description", t.description());
    McpServerOptions.put(m, "mimeType", t.mimeType());
    return m;
  }

  private static List<Map<String, Object>> contentsJson(List<McpResourceContents> contents) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (McpResourceContents c : contents) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("uri", c.uri());
      McpServerOptions.put(m, "mimeType", c.mimeType());
      if (c instanceof McpResourceContents.Text t) {
        m.put("text", t.text());
      } else {
        m.put("blob", ((McpResourceContents.Blob) c).base64());
      }
      out.add(m);
    }
    return out;
  }
}
