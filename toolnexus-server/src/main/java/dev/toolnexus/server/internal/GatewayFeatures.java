package dev.toolnexus.server.internal;

import dev.toolnexus.ContentPart;
import dev.toolnexus.Toolkit;
import dev.toolnexus.mcp.client.McpCompletion;
import dev.toolnexus.mcp.client.McpCompletionRef;
import dev.toolnexus.mcp.client.McpPrompt;
import dev.toolnexus.mcp.client.McpPromptArgument;
import dev.toolnexus.mcp.client.McpPromptMessage;
import dev.toolnexus.mcp.client.McpPromptResult;
import dev.toolnexus.mcp.client.McpResource;
import dev.toolnexus.mcp.client.McpResourceContents;
import dev.toolnexus.mcp.client.McpResourceTemplate;
import dev.toolnexus.mcp.client.McpToolSource;
import dev.toolnexus.mcp.internal.ToolNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The resources, resource templates, prompts and completions a served toolkit passes on from its
 * MCP servers, so a gateway serves more than their tools. Resource URIs pass through unchanged; a
 * prompt is served as {@code <server>_<prompt>}, the way its tools are named.
 */
final class GatewayFeatures {
  /** MCP's error code for a resource that does not exist. */
  static final int RESOURCE_NOT_FOUND = -32002;

  private final Toolkit toolkit;

  GatewayFeatures(Toolkit toolkit) {
    this.toolkit = toolkit;
  }

  /** A request the client got wrong, answered with {@link #code}. */
  static final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int code;
    final transient ObjectNode data;

    Refusal(int code, String message) {
      this(code, message, null);
    }

    Refusal(int code, String message, ObjectNode data) {
      super(message);
      this.code = code;
      this.data = data;
    }
  }

  private List<McpToolSource> sources() {
    return toolkit.sources(McpToolSource.class);
  }

  /** Whether any MCP server behind the toolkit serves resources, prompts or either. */
  boolean any() {
    return !sources().isEmpty();
  }

  ObjectNode listResources() {
    ObjectNode out = JsonRpc.object();
    ArrayNode list = out.putArray("resources");
    for (McpToolSource s : sources()) {
      for (McpResource r : s.resources()) {
        ObjectNode e = list.addObject();
        e.put("uri", r.uri());
        e.put("name", r.name());
        putIfSet(e, "title", r.title());
        putIfSet(e, "description", r.description());
        putIfSet(e, "mimeType", r.mimeType());
        if (r.size() != null) {
          e.put("size", r.size());
        }
      }
    }
    return out;
  }

  ObjectNode listTemplates() {
    ObjectNode out = JsonRpc.object();
    ArrayNode list = out.putArray("resourceTemplates");
    for (McpToolSource s : sources()) {
      for (McpResourceTemplate t : s.resourceTemplates()) {
        ObjectNode e = list.addObject();
        e.put("uriTemplate", t.uriTemplate());
        e.put("name", t.name());
        putIfSet(e, "title", t.title());
        putIfSet(e, "description", t.description());
        putIfSet(e, "mimeType", t.mimeType());
      }
    }
    return out;
  }

  ObjectNode read(JsonNode params) {
    String uri = requiredString(params, "uri");
    List<String> problems = new ArrayList<>();
    for (McpToolSource s : sources()) {
      try {
        List<McpResourceContents> contents = s.read(uri);
        ObjectNode out = JsonRpc.object();
        ArrayNode list = out.putArray("contents");
        for (McpResourceContents c : contents) {
          ObjectNode e = list.addObject();
          if (c instanceof McpResourceContents.Text t) {
            e.put("uri", t.uri());
            putIfSet(e, "mimeType", t.mimeType());
            e.put("text", t.text());
          } else {
            McpResourceContents.Blob b = (McpResourceContents.Blob) c;
            e.put("uri", b.uri());
            putIfSet(e, "mimeType", b.mimeType());
            e.put("blob", b.base64());
          }
        }
        return out;
      } catch (RuntimeException e) {
        problems.add(e.getMessage());
      }
    }
    throw new Refusal(
        RESOURCE_NOT_FOUND,
        "Resource not found: "
            + uri
            + (problems.isEmpty() ? "" : " (" + String.join("; ", problems) + ")"));
  }

  ObjectNode listPrompts() {
    ObjectNode out = JsonRpc.object();
    ArrayNode list = out.putArray("prompts");
    for (Map.Entry<String, McpPrompt> entry : prompts().entrySet()) {
      McpPrompt p = entry.getValue();
      ObjectNode e = list.addObject();
      e.put("name", entry.getKey());
      putIfSet(e, "title", p.title());
      putIfSet(e, "description", p.description());
      if (!p.arguments().isEmpty()) {
        ArrayNode args = e.putArray("arguments");
        for (McpPromptArgument a : p.arguments()) {
          ObjectNode arg = args.addObject();
          arg.put("name", a.name());
          putIfSet(arg, "title", a.title());
          putIfSet(arg, "description", a.description());
          arg.put("required", a.required());
        }
      }
    }
    return out;
  }

  ObjectNode getPrompt(JsonNode params) {
    String name = requiredString(params, "name");
    McpPrompt p = prompt(name);
    Map<String, String> args = new LinkedHashMap<>();
    JsonNode given = params.path("arguments");
    if (given.isObject()) {
      for (Map.Entry<String, JsonNode> e : given.properties()) {
        args.put(
            e.getKey(),
            e.getValue().isString() ? e.getValue().asString() : e.getValue().toString());
      }
    }
    McpPromptResult r;
    try {
      r = source(p).prompt(p.server(), p.name(), args);
    } catch (IllegalArgumentException e) {
      throw new Refusal(JsonRpc.INVALID_PARAMS, e.getMessage());
    }
    ObjectNode out = JsonRpc.object();
    putIfSet(out, "description", r.description());
    ArrayNode messages = out.putArray("messages");
    for (McpPromptMessage m : r.messages()) {
      ObjectNode e = messages.addObject();
      e.put("role", m.role());
      e.set("content", content(m.content()));
    }
    return out;
  }

  ObjectNode complete(JsonNode params) {
    JsonNode ref = params.path("ref");
    String type = ref.path("type").asString("");
    String argument = params.path("argument").path("name").asString(null);
    String value = params.path("argument").path("value").asString("");
    if (argument == null) {
      throw new Refusal(JsonRpc.INVALID_PARAMS, "completion/complete needs argument.name");
    }
    Map<String, String> context = new LinkedHashMap<>();
    JsonNode ctx = params.path("context").path("arguments");
    if (ctx.isObject()) {
      for (Map.Entry<String, JsonNode> e : ctx.properties()) {
        context.put(e.getKey(), e.getValue().asString(""));
      }
    }
    McpCompletion c;
    if ("ref/prompt".equals(type)) {
      McpPrompt p = prompt(ref.path("name").asString(""));
      c =
          source(p)
              .complete(p.server(), McpCompletionRef.prompt(p.name()), argument, value, context);
    } else if ("ref/resource".equals(type)) {
      String template = ref.path("uri").asString("");
      c = completeTemplate(template, argument, value, context);
    } else {
      throw new Refusal(
          JsonRpc.INVALID_PARAMS,
          "ref.type must be ref/prompt or ref/resource, got \"" + type + "\"");
    }
    ObjectNode out = JsonRpc.object();
    ObjectNode completion = out.putObject("completion");
    ArrayNode values = completion.putArray("values");
    c.values().forEach(values::add);
    if (c.total() != null) {
      completion.put("total", c.total());
    }
    completion.put("hasMore", c.hasMore());
    return out;
  }

  private McpCompletion completeTemplate(
      String template, String argument, String value, Map<String, String> context) {
    for (McpToolSource s : sources()) {
      for (McpResourceTemplate t : s.resourceTemplates()) {
        if (t.uriTemplate().equals(template)) {
          return s.complete(
              t.server(), McpCompletionRef.resourceTemplate(template), argument, value, context);
        }
      }
    }
    throw new Refusal(JsonRpc.INVALID_PARAMS, "no resource template " + template);
  }

  /** Every prompt by its served name. */
  private Map<String, McpPrompt> prompts() {
    Map<String, McpPrompt> out = new LinkedHashMap<>();
    for (McpToolSource s : sources()) {
      for (McpPrompt p : s.prompts()) {
        out.putIfAbsent(ToolNames.exposed(p.server(), p.name()), p);
      }
    }
    return out;
  }

  private McpPrompt prompt(String name) {
    McpPrompt p = prompts().get(name);
    if (p == null) {
      throw new Refusal(JsonRpc.INVALID_PARAMS, "Unknown prompt: " + name);
    }
    return p;
  }

  private McpToolSource source(McpPrompt p) {
    for (McpToolSource s : sources()) {
      if (s.serverStatus().containsKey(p.server())) {
        return s;
      }
    }
    throw new Refusal(JsonRpc.INVALID_PARAMS, "no MCP server " + p.server());
  }

  /** A message's content as an MCP content block. */
  private static ObjectNode content(ContentPart part) {
    ObjectNode b = JsonRpc.object();
    if (part instanceof ContentPart.Text t) {
      b.put("type", "text");
      b.put("text", t.text());
    } else if (part instanceof ContentPart.Image i && i.data() != null) {
      b.put("type", "image");
      b.put("data", i.data());
      b.put("mimeType", i.mimeType());
    } else if (part instanceof ContentPart.Audio a && a.data() != null) {
      b.put("type", "audio");
      b.put("data", a.data());
      b.put("mimeType", a.mimeType());
    } else {
      ContentPart.Media m = (ContentPart.Media) part;
      b.put("type", "resource");
      ObjectNode resource = b.putObject("resource");
      String uri =
          m.url() != null
              ? m.url()
              : m instanceof ContentPart.FileData f && f.name() != null ? f.name() : "part";
      resource.put("uri", uri);
      resource.put("mimeType", m.mimeType());
      if (m.data() != null) {
        resource.put("blob", m.data());
      }
    }
    return b;
  }

  private static String requiredString(JsonNode params, String field) {
    JsonNode v = params.get(field);
    if (v == null || !v.isString()) {
      throw new Refusal(JsonRpc.INVALID_PARAMS, "params." + field + " must be a string");
    }
    return v.asString();
  }

  private static void putIfSet(ObjectNode node, String field, String value) {
    if (value != null) {
      node.put(field, value);
    }
  }
}
