package dev.toolnexus.server.internal;

import dev.toolnexus.Toolkit;
import dev.toolnexus.server.ArgumentCompleter;
import dev.toolnexus.server.PromptMessage;
import dev.toolnexus.server.ResourceContent;
import dev.toolnexus.server.ServedFeatures;
import dev.toolnexus.server.ServedPrompt;
import dev.toolnexus.server.ServedResource;
import dev.toolnexus.server.ServedResourceTemplate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every resource, resource template and prompt a server offers: the registered ones first, then the
 * skills' ones when enabled, then the gatewayed MCP servers' ones. On a URI or name clash the
 * earlier one wins and the later one is neither listed nor reachable: registered over skills over
 * gatewayed.
 */
final class ServedCatalog {
  /** The most completion values one answer holds. */
  static final int MAX_COMPLETIONS = 100;

  private final Toolkit toolkit;
  private final ServedFeatures features;
  private final GatewayFeatures gateway;
  private final List<UriTemplate> matchers = new ArrayList<>();

  ServedCatalog(Toolkit toolkit, ServedFeatures features) {
    this.toolkit = toolkit;
    this.features = features;
    this.gateway = new GatewayFeatures(toolkit);
    for (ServedResourceTemplate t : features.resourceTemplates()) {
      matchers.add(new UriTemplate(t.uriTemplate()));
    }
  }

  private List<ServedResource> ownResources() {
    List<ServedResource> out = new ArrayList<>(features.resources());
    if (features.skillResources()) {
      Set<String> taken = new HashSet<>();
      out.forEach(r -> taken.add(r.uri()));
      SkillFeatures.resources(toolkit).stream().filter(r -> taken.add(r.uri())).forEach(out::add);
    }
    return out;
  }

  private Map<String, ServedPrompt> ownPrompts() {
    Map<String, ServedPrompt> out = new LinkedHashMap<>();
    features.prompts().forEach(p -> out.put(p.name(), p));
    if (features.skillPrompts()) {
      SkillFeatures.prompts(toolkit).forEach(p -> out.putIfAbsent(p.name(), p));
    }
    return out;
  }

  ObjectNode listResources() {
    ObjectNode out = JsonRpc.object();
    ArrayNode list = out.putArray("resources");
    Set<String> uris = new HashSet<>();
    for (ServedResource r : ownResources()) {
      uris.add(r.uri());
      ObjectNode e = list.addObject();
      e.put("uri", r.uri());
      e.put("name", r.name());
      putIfSet(e, "title", r.title());
      putIfSet(e, "description", r.description());
      putIfSet(e, "mimeType", r.mimeType());
    }
    if (gateway.any()) {
      for (JsonNode e : gateway.listResources().get("resources")) {
        if (!uris.contains(e.path("uri").asString(""))) {
          list.add(e);
        }
      }
    }
    return out;
  }

  ObjectNode listTemplates() {
    ObjectNode out = JsonRpc.object();
    ArrayNode list = out.putArray("resourceTemplates");
    Set<String> own = new HashSet<>();
    for (ServedResourceTemplate t : features.resourceTemplates()) {
      own.add(t.uriTemplate());
      ObjectNode e = list.addObject();
      e.put("uriTemplate", t.uriTemplate());
      e.put("name", t.name());
      putIfSet(e, "title", t.title());
      putIfSet(e, "description", t.description());
      putIfSet(e, "mimeType", t.mimeType());
    }
    if (gateway.any()) {
      for (JsonNode e : gateway.listTemplates().get("resourceTemplates")) {
        if (!own.contains(e.path("uriTemplate").asString(""))) {
          list.add(e);
        }
      }
    }
    return out;
  }

  ObjectNode read(JsonNode params) {
    JsonNode u = params.get("uri");
    if (u == null || !u.isString()) {
      throw new GatewayFeatures.Refusal(JsonRpc.INVALID_PARAMS, "params.uri must be a string");
    }
    String uri = u.asString();
    for (ServedResource r : ownResources()) {
      if (r.uri().equals(uri)) {
        return contents(uri, r.mimeType(), readOwn(uri, () -> r.reader().get()));
      }
    }
    for (int i = 0; i < matchers.size(); i++) {
      Map<String, String> vars = matchers.get(i).match(uri);
      if (vars != null) {
        ServedResourceTemplate t = features.resourceTemplates().get(i);
        return contents(uri, t.mimeType(), readOwn(uri, () -> t.reader().read(uri, vars)));
      }
    }
    if (gateway.any()) {
      try {
        return gateway.read(params);
      } catch (GatewayFeatures.Refusal e) {
        throw notFound(uri, e.getMessage());
      }
    }
    throw notFound(uri, "Resource not found: " + uri);
  }

  private static ResourceContent readOwn(
      String uri, java.util.function.Supplier<ResourceContent> r) {
    ResourceContent c;
    try {
      c = r.get();
    } catch (IllegalArgumentException e) {
      throw notFound(uri, "Resource not found: " + uri + " (" + e.getMessage() + ")");
    }
    if (c == null) {
      throw notFound(uri, "Resource not found: " + uri);
    }
    return c;
  }

  private static GatewayFeatures.Refusal notFound(String uri, String message) {
    ObjectNode data = JsonRpc.object();
    data.put("uri", uri);
    return new GatewayFeatures.Refusal(GatewayFeatures.RESOURCE_NOT_FOUND, message, data);
  }

  private static ObjectNode contents(String uri, String mimeType, ResourceContent c) {
    ObjectNode out = JsonRpc.object();
    ObjectNode e = out.putArray("contents").addObject();
    resource(e, uri, mimeType, c);
    return out;
  }

  private static void resource(ObjectNode e, String uri, String mimeType, ResourceContent c) {
    e.put("uri", uri);
    putIfSet(e, "mimeType", mimeType);
    if (c instanceof ResourceContent.Text t) {
      e.put("text", t.text());
    } else {
      e.put("blob", Base64.getEncoder().encodeToString(((ResourceContent.Bytes) c).data()));
    }
  }

  ObjectNode listPrompts() {
    ObjectNode out = JsonRpc.object();
    ArrayNode list = out.putArray("prompts");
    Map<String, ServedPrompt> own = ownPrompts();
    for (ServedPrompt p : own.values()) {
      ObjectNode e = list.addObject();
      e.put("name", p.name());
      putIfSet(e, "title", p.title());
      putIfSet(e, "description", p.description());
      if (!p.arguments().isEmpty()) {
        ArrayNode args = e.putArray("arguments");
        for (ServedPrompt.Argument a : p.arguments()) {
          ObjectNode arg = args.addObject();
          arg.put("name", a.name());
          putIfSet(arg, "description", a.description());
          arg.put("required", a.required());
        }
      }
    }
    if (gateway.any()) {
      for (JsonNode e : gateway.listPrompts().get("prompts")) {
        if (!own.containsKey(e.path("name").asString(""))) {
          list.add(e);
        }
      }
    }
    return out;
  }

  ObjectNode getPrompt(JsonNode params) {
    JsonNode n = params.get("name");
    if (n == null || !n.isString()) {
      throw new GatewayFeatures.Refusal(JsonRpc.INVALID_PARAMS, "params.name must be a string");
    }
    ServedPrompt p = ownPrompts().get(n.asString());
    if (p == null) {
      return gateway.getPrompt(params);
    }
    Map<String, String> args = strings(params.path("arguments"));
    for (ServedPrompt.Argument a : p.arguments()) {
      if (a.required() && !args.containsKey(a.name())) {
        throw new GatewayFeatures.Refusal(
            JsonRpc.INVALID_PARAMS,
            "prompt " + p.name() + ": missing required argument " + a.name());
      }
    }
    List<PromptMessage> messages;
    try {
      messages = p.renderer().render(Map.copyOf(args));
    } catch (IllegalArgumentException e) {
      throw new GatewayFeatures.Refusal(
          JsonRpc.INVALID_PARAMS, "prompt " + p.name() + ": " + e.getMessage());
    }
    ObjectNode out = JsonRpc.object();
    putIfSet(out, "description", p.description());
    ArrayNode list = out.putArray("messages");
    for (PromptMessage m : messages) {
      ObjectNode e = list.addObject();
      e.put("role", m.role());
      e.set("content", content(m.content()));
    }
    return out;
  }

  private static ObjectNode content(PromptMessage.Content c) {
    ObjectNode b = JsonRpc.object();
    if (c instanceof PromptMessage.Text t) {
      b.put("type", "text");
      b.put("text", t.text());
    } else if (c instanceof PromptMessage.Image i) {
      b.put("type", "image");
      b.put("data", Base64.getEncoder().encodeToString(i.content().data()));
      b.put("mimeType", i.mimeType());
    } else {
      PromptMessage.Resource r = (PromptMessage.Resource) c;
      b.put("type", "resource");
      resource(b.putObject("resource"), r.uri(), r.mimeType(), r.content());
    }
    return b;
  }

  ObjectNode complete(JsonNode params) {
    JsonNode ref = params.path("ref");
    String type = ref.path("type").asString("");
    String argument = params.path("argument").path("name").asString(null);
    if (argument == null) {
      throw new GatewayFeatures.Refusal(
          JsonRpc.INVALID_PARAMS, "completion/complete needs argument.name");
    }
    String value = params.path("argument").path("value").asString("");
    ArgumentCompleter completer = null;
    boolean own = false;
    if ("ref/prompt".equals(type)) {
      ServedPrompt p = ownPrompts().get(ref.path("name").asString(""));
      if (p != null) {
        own = true;
        completer = p.completer();
      }
    } else if ("ref/resource".equals(type)) {
      String uri = ref.path("uri").asString("");
      for (ServedResourceTemplate t : features.resourceTemplates()) {
        if (t.uriTemplate().equals(uri)) {
          own = true;
          completer = t.completer();
        }
      }
    }
    if (!own) {
      return gateway.complete(params);
    }
    List<String> values =
        completer == null
            ? List.of()
            : completer.complete(
                argument, value, strings(params.path("context").path("arguments")));
    ObjectNode out = JsonRpc.object();
    ObjectNode completion = out.putObject("completion");
    ArrayNode list = completion.putArray("values");
    values.stream().limit(MAX_COMPLETIONS).forEach(list::add);
    completion.put("total", values.size());
    completion.put("hasMore", values.size() > MAX_COMPLETIONS);
    return out;
  }

  private static Map<String, String> strings(JsonNode node) {
    Map<String, String> out = new LinkedHashMap<>();
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        JsonNode v = e.getValue();
        out.put(e.getKey(), v.isString() ? v.asString() : v.toString());
      }
    }
    return out;
  }

  private static void putIfSet(ObjectNode node, String field, String value) {
    if (value != null) {
      node.put(field, value);
    }
  }
}
