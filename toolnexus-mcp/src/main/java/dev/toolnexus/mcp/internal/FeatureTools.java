package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.ContentPart;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.mcp.client.McpPrompt;
import dev.toolnexus.mcp.client.McpPromptArgument;
import dev.toolnexus.mcp.client.McpPromptMessage;
import dev.toolnexus.mcp.client.McpPromptResult;
import dev.toolnexus.mcp.client.McpResource;
import dev.toolnexus.mcp.client.McpResourceContents;
import dev.toolnexus.mcp.client.McpResourceTemplate;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The opt-in tools that put a server's resources and prompts in front of the model: {@code
 * read_resource} (by URI; its description lists the resources and templates) when the config says
 * {@code exposeResources}, and {@code get_prompt} (by name; its description is the catalog of the
 * prompts, as the skills catalog is) when it says {@code exposePrompts}. They are named like the
 * server's own tools ({@code <server>_read_resource}) and built when the server connects.
 */
final class FeatureTools {
  private static final Logger log = LoggerFactory.getLogger(FeatureTools.class);

  /** At most this many resources or prompts are listed in a description. */
  static final int MAX_LISTED = 50;

  private FeatureTools() {}

  /**
   * The exposed tools the config asks for and the server can back. A server that cannot list what a
   * tool would show keeps its other tools; the failure is logged at WARN.
   */
  static List<Tool> of(ServerConnection c, CancelToken cancel) {
    List<Tool> out = new ArrayList<>();
    ServerFeatures f = c.features();
    try {
      if (c.config().exposeResources() && f.offersResources()) {
        out.add(readResource(c, f.resources(cancel), f.templates(cancel)));
      }
      if (c.config().exposePrompts() && f.offersPrompts()) {
        out.add(getPrompt(c, f.prompts(cancel)));
      }
    } catch (IllegalStateException e) {
      log.warn("MCP server {}: resources or prompts not exposed: {}", c.name(), e.getMessage());
    }
    return out;
  }

  private static Tool readResource(
      ServerConnection c, List<McpResource> resources, List<McpResourceTemplate> templates) {
    StringBuilder d =
        new StringBuilder("Reads a resource of MCP server \"")
            .append(c.name())
            .append("\" by its URI and returns its contents.");
    if (!resources.isEmpty()) {
      d.append("\nResources:");
      for (int i = 0; i < Math.min(MAX_LISTED, resources.size()); i++) {
        McpResource r = resources.get(i);
        d.append("\n- ").append(r.uri());
        String about = r.description() != null ? r.description() : r.title();
        if (about != null && !about.isBlank()) {
          d.append(": ").append(firstLine(about));
        }
      }
      if (resources.size() > MAX_LISTED) {
        d.append("\n(and ").append(resources.size() - MAX_LISTED).append(" more)");
      }
    }
    if (!templates.isEmpty()) {
      d.append("\nURI templates (fill in the {variables}):");
      for (int i = 0; i < Math.min(MAX_LISTED, templates.size()); i++) {
        McpResourceTemplate t = templates.get(i);
        d.append("\n- ").append(t.uriTemplate());
        if (t.description() != null && !t.description().isBlank()) {
          d.append(": ").append(firstLine(t.description()));
        }
      }
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put(
        "properties",
        Map.of("uri", Map.of("type", "string", "description", "The resource's URI.")));
    schema.put("required", List.of("uri"));
    McpSchema.Tool def =
        McpSchema.Tool.builder("read_resource", schema)
            .description(d.toString())
            .annotations(
                new McpSchema.ToolAnnotations("Read resource", true, false, true, false, null))
            .build();
    return new McpTool(def, c, FeatureTools::read);
  }

  private static ToolResult read(ServerConnection c, Map<String, Object> args, ToolContext ctx) {
    if (!(args.get("uri") instanceof String uri) || uri.isBlank()) {
      return ToolResult.error("read_resource needs a \"uri\" string");
    }
    List<String> texts = new ArrayList<>();
    List<ContentPart> parts = new ArrayList<>();
    try {
      for (McpResourceContents contents : c.features().read(uri, cancelOf(ctx))) {
        if (contents instanceof McpResourceContents.Text t) {
          texts.add(t.text());
        } else {
          parts.add(contents.part());
          texts.add(((ContentPart.Media) contents.part()).describeAs(contents.uri()));
        }
      }
    } catch (RuntimeException e) {
      return ToolResult.error(Await.message(e));
    }
    return new ToolResult(String.join("\n", texts), false, parts, Map.of("server", c.name()));
  }

  private static Tool getPrompt(ServerConnection c, List<McpPrompt> prompts) {
    StringBuilder d =
        new StringBuilder("Gets a prompt of MCP server \"")
            .append(c.name())
            .append("\" by name, filled in with its arguments, and returns its messages.")
            .append(" Use one when the task matches its description.\nPrompts:");
    List<String> names = new ArrayList<>();
    for (McpPrompt p : prompts) {
      names.add(p.name());
      if (names.size() > MAX_LISTED) {
        continue;
      }
      d.append("\n- ").append(p.name());
      String about = p.description() != null ? p.description() : p.title();
      if (about != null && !about.isBlank()) {
        d.append(": ").append(firstLine(about));
      }
      if (!p.arguments().isEmpty()) {
        List<String> args = new ArrayList<>();
        for (McpPromptArgument a : p.arguments()) {
          args.add(a.required() ? a.name() + " (required)" : a.name());
        }
        d.append(" [arguments: ").append(String.join(", ", args)).append(']');
      }
    }
    if (prompts.size() > MAX_LISTED) {
      d.append("\n(and ").append(prompts.size() - MAX_LISTED).append(" more)");
    }
    Map<String, Object> name = new LinkedHashMap<>();
    name.put("type", "string");
    name.put("description", "The prompt's name.");
    if (!names.isEmpty()) {
      name.put("enum", names);
    }
    Map<String, Object> arguments =
        Map.of(
            "type",
            "object",
            "description",
            "The prompt's arguments, each a string.",
            "additionalProperties",
            Map.of("type", "string"));
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", Map.of("name", name, "arguments", arguments));
    schema.put("required", List.of("name"));
    McpSchema.Tool def =
        McpSchema.Tool.builder("get_prompt", schema)
            .description(d.toString())
            .annotations(
                new McpSchema.ToolAnnotations("Get prompt", true, false, true, false, null))
            .build();
    return new McpTool(def, c, FeatureTools::prompt);
  }

  private static ToolResult prompt(ServerConnection c, Map<String, Object> args, ToolContext ctx) {
    if (!(args.get("name") instanceof String name) || name.isBlank()) {
      return ToolResult.error("get_prompt needs a \"name\" string");
    }
    Map<String, String> values = new LinkedHashMap<>();
    if (args.get("arguments") instanceof Map<?, ?> given) {
      given.forEach((k, v) -> values.put(String.valueOf(k), v == null ? null : String.valueOf(v)));
    }
    McpPromptResult r;
    try {
      r = c.features().prompt(name, values, cancelOf(ctx));
    } catch (RuntimeException e) {
      return ToolResult.error(Await.message(e));
    }
    List<String> texts = new ArrayList<>();
    List<ContentPart> parts = new ArrayList<>();
    for (McpPromptMessage m : r.messages()) {
      if (m.content() instanceof ContentPart.Text t) {
        texts.add(m.role() + ": " + t.text());
      } else {
        parts.add(m.content());
        texts.add(m.role() + ": " + ((ContentPart.Media) m.content()).describe());
      }
    }
    return new ToolResult(String.join("\n\n", texts), false, parts, Map.of("server", c.name()));
  }

  private static CancelToken cancelOf(ToolContext ctx) {
    return ctx == null || ctx.cancel() == null ? new CancelToken() : ctx.cancel();
  }

  private static String firstLine(String text) {
    String s = text.strip();
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl).strip();
  }
}
