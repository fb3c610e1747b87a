package dev.toolnexus.server.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.Json;
import dev.toolnexus.Request;
import dev.toolnexus.Source;
import dev.toolnexus.Tool;
import dev.toolnexus.ToolContext;
import dev.toolnexus.ToolResult;
import dev.toolnexus.Toolkit;
import dev.toolnexus.mcp.protocol.RequestMeta;
import dev.toolnexus.mcp.protocol.Revisions;
import dev.toolnexus.mcp.protocol.RpcError;
import dev.toolnexus.server.CallEvent;
import dev.toolnexus.server.McpClientLog;
import dev.toolnexus.server.McpInputRound;
import dev.toolnexus.server.McpServeOptions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The MCP server side over a toolkit, apart from any transport: answers {@code initialize}, {@code
 * ping}, {@code tools/list}, {@code tools/call}, {@code logging/setLevel}, the resource, prompt and
 * completion requests (see {@link ServedCatalog}), and acts on {@code notifications/cancelled}.
 * Thread-safe; calls run on the caller's thread, so a transport decides how many run at once.
 */
public final class McpProtocol {
  /** The protocol versions this server speaks, newest first. */
  public static final List<String> VERSIONS =
      List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

  private static final Logger log = LoggerFactory.getLogger(McpProtocol.class);

  private final Toolkit exposed;
  private final boolean ownView;
  private final McpServeOptions options;
  private final StructuredResults structured = new StructuredResults();
  private final ServedCatalog catalog;
  private final TaskServing tasks;
  private final ServedInput input;

  /**
   * The protocol for {@code toolkit} as {@code options} describe it; with a tool list, it serves a
   * view of the toolkit holding only those tools.
   */
  public McpProtocol(Toolkit toolkit, McpServeOptions options) {
    this.options = options;
    Set<String> names = new LinkedHashSet<>(options.tools());
    this.exposed = names.isEmpty() ? toolkit : toolkit.view(t -> names.contains(t.name()));
    this.ownView = !names.isEmpty();
    this.catalog = new ServedCatalog(toolkit, options.features());
    this.tasks = new TaskServing(this);
    this.input = new ServedInput(options.requestStateKey());
  }

  /**
   * Lets go of the view this protocol made (the toolkit itself stays open: its owner closes it).
   */
  public void close() {
    tasks.close();
    if (ownView) {
      exposed.close();
    }
  }

  /**
   * Calls {@code listener} when the exposed tools may have changed.
   *
   * @return closes the registration
   */
  public Runnable onToolsChanged(Runnable listener) {
    Toolkit.Subscription s = exposed.onToolsChanged(listener);
    return s::close;
  }

  /** The notification telling a client to list the tools again. */
  public static ObjectNode listChanged() {
    return JsonRpc.notification("notifications/tools/list_changed", null);
  }

  /** The calls that run as tasks of the Tasks extension, and the requests about them. */
  TaskServing tasks() {
    return tasks;
  }

  /** The options this protocol serves with. */
  public McpServeOptions options() {
    return options;
  }

  /** The tools on offer now, in toolkit order. */
  public List<Tool> exposedTools() {
    return exposed.tools();
  }

  /** The input schema of the exposed tool {@code name}, or null when there is no such tool. */
  public Map<String, Object> inputSchemaOf(String name) {
    return exposed.get(name).map(Tool::inputSchema).orElse(null);
  }

  /** The key a request id is tracked under (its JSON text, so {@code 1} and {@code "1"} differ). */
  public static String key(JsonNode id) {
    return id == null ? "null" : id.toString();
  }

  /** Whether {@code message} is a {@code tools/call} request. */
  public static boolean isToolCall(JsonNode message) {
    return message.has("id") && "tools/call".equals(message.path("method").asString(""));
  }

  /**
   * Handles one inbound message of {@code session}.
   *
   * @param out where notifications about this request go (progress, log messages)
   * @return the response to send, or null for a notification, a client's response, or a call the
   *     client cancelled
   */
  public ObjectNode handle(Session session, JsonNode message, Outbound out) {
    if (!message.isObject()) {
      return JsonRpc.error(null, JsonRpc.INVALID_REQUEST, "a JSON-RPC message must be an object");
    }
    JsonNode method = message.get("method");
    JsonNode id = message.get("id");
    if (method == null || !method.isString()) {
      if (JsonRpc.isResponse(message)) {
        return null; // the server sends no requests, so there is nothing to match it with
      }
      return JsonRpc.error(id, JsonRpc.INVALID_REQUEST, "a JSON-RPC request needs a method");
    }
    JsonNode params = message.path("params");
    if (id == null || id.isNull()) {
      notification(session, method.asString(), params);
      return null;
    }
    try {
      return switch (method.asString()) {
        case "initialize" -> JsonRpc.result(id, initialize(session, params));
        case "ping" -> JsonRpc.result(id, JsonRpc.object());
        case "tools/list" -> JsonRpc.result(id, paged(listTools(), "tools/list", "tools", params));
        case "tools/call" -> callTool(session, id, params, out);
        case "logging/setLevel" -> setLevel(session, id, params);
        case "resources/list" ->
            JsonRpc.result(
                id, paged(catalog.listResources(), "resources/list", "resources", params));
        case "resources/templates/list" ->
            JsonRpc.result(
                id,
                paged(
                    catalog.listTemplates(),
                    "resources/templates/list",
                    "resourceTemplates",
                    params));
        case "resources/read" -> JsonRpc.result(id, catalog.read(params));
        case "prompts/list" ->
            JsonRpc.result(id, paged(catalog.listPrompts(), "prompts/list", "prompts", params));
        case "prompts/get" -> JsonRpc.result(id, catalog.getPrompt(params));
        case "completion/complete" -> JsonRpc.result(id, catalog.complete(params));
        default ->
            JsonRpc.error(id, JsonRpc.METHOD_NOT_FOUND, "Method not found: " + method.asString());
      };
    } catch (GatewayFeatures.Refusal e) {
      ObjectNode error = JsonRpc.error(id, e.code, e.getMessage());
      if (e.data != null) {
        ((ObjectNode) error.get("error")).set("data", e.data);
      }
      return error;
    } catch (RuntimeException e) {
      log.warn("MCP request {} failed", method.asString(), e);
      return JsonRpc.error(id, JsonRpc.INTERNAL_ERROR, "internal error: " + e.getMessage());
    }
  }

  private void notification(Session session, String method, JsonNode params) {
    if ("notifications/cancelled".equals(method)) {
      JsonNode requestId = params.get("requestId");
      if (requestId != null) {
        String reason = params.path("reason").asString("cancelled by the client");
        session.cancel(key(requestId), reason.isEmpty() ? "cancelled by the client" : reason);
      }
    }
    // notifications/initialized and anything else need no action
  }

  private ObjectNode initialize(Session session, JsonNode params) {
    String asked = params.path("protocolVersion").asString("");
    String version = VERSIONS.contains(asked) ? asked : VERSIONS.get(0);
    session.protocolVersion(version);
    ObjectNode result = JsonRpc.object();
    result.put("protocolVersion", version);
    result.set("capabilities", Json.mapper().valueToTree(capabilities(true)));
    ObjectNode info = result.putObject("serverInfo");
    info.put("name", options.name());
    info.put("version", options.version());
    if (options.instructions() != null) {
      result.put("instructions", options.instructions());
    }
    return result;
  }

  /**
   * The server capabilities both revisions declare ({@code initialize} and {@code
   * server/discover}): tools, logging, and resources, prompts and completions, which are always
   * declared because they are always answered (registered, skill and gatewayed ones, possibly empty
   * lists), so a client never has to guess from what the toolkit holds.
   *
   * @param toolListChanged whether tool list changes reach the client (always on a session; on the
   *     stateless revision only where {@code subscriptions/listen} is served)
   */
  public Map<String, Object> capabilities(boolean toolListChanged) {
    Map<String, Object> caps = new LinkedHashMap<>();
    caps.put("tools", toolListChanged ? Map.of("listChanged", true) : Map.of());
    caps.put("logging", Map.of());
    caps.put("resources", Map.of());
    caps.put("prompts", Map.of());
    caps.put("completions", Map.of());
    return caps;
  }

  private ObjectNode listTools() {
    ObjectNode result = JsonRpc.object();
    ArrayNode tools = result.putArray("tools");
    for (Tool t : exposedTools()) {
      ObjectNode entry = tools.addObject();
      entry.put("name", t.name());
      entry.put("description", t.description());
      entry.set("inputSchema", Json.mapper().valueToTree(t.inputSchema()));
      ToolListing.describe(entry, t.annotations());
      if (!t.outputSchema().isEmpty()) {
        entry.set("outputSchema", Json.mapper().valueToTree(t.outputSchema()));
      }
    }
    return result;
  }

  private ObjectNode paged(ObjectNode full, String method, String field, JsonNode params) {
    return Pages.page(full, method, field, params, options.pageSize());
  }

  private ObjectNode setLevel(Session session, JsonNode id, JsonNode params) {
    LogLevel level = LogLevel.parse(params.path("level").asString(null));
    if (level == null) {
      return JsonRpc.error(
          id, JsonRpc.INVALID_PARAMS, "unknown log level " + params.path("level").toString());
    }
    session.logLevel(level);
    return JsonRpc.result(id, JsonRpc.object());
  }

  private ObjectNode callTool(Session session, JsonNode id, JsonNode params, Outbound out) {
    JsonNode nameNode = params.get("name");
    if (nameNode == null || !nameNode.isString()) {
      return JsonRpc.error(id, JsonRpc.INVALID_PARAMS, "tools/call needs a string \"name\"");
    }
    String name = nameNode.asString();
    Tool tool = exposed.get(name).orElse(null);
    if (tool == null) {
      return JsonRpc.error(id, JsonRpc.INVALID_PARAMS, "Unknown tool: " + name);
    }
    JsonNode argsNode = params.get("arguments");
    if (argsNode != null && !argsNode.isNull() && !argsNode.isObject()) {
      return JsonRpc.error(
          id, JsonRpc.INVALID_PARAMS, "tools/call \"arguments\" must be an object for " + name);
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> args =
        argsNode == null || argsNode.isNull()
            ? Map.of()
            : (Map<String, Object>) Json.mapper().convertValue(argsNode, Map.class);
    // a stateless call sent again with the input its suspension asked for
    JsonNode revision = params.path("_meta").get(RequestMeta.PROTOCOL_VERSION);
    boolean stateless =
        revision != null && revision.isString() && Revisions.isStateless(revision.asString());
    ServedInput.Resume resume = stateless ? input.resume(name, args, params) : null;
    if (resume != null && resume.error() != null) {
      return JsonRpc.error(id, JsonRpc.INVALID_PARAMS, resume.error());
    }
    if (resume != null && resume.request() != null) {
      ObjectNode again = input.ask(name, args, resume.request(), params);
      if (again != null) {
        return JsonRpc.result(id, again);
      }
    }
    CancelToken token = new CancelToken();
    String key = key(id);
    if (!session.start(key, token)) {
      return JsonRpc.error(
          id, JsonRpc.INVALID_REQUEST, "request id " + key + " is already running");
    }
    long started = System.nanoTime();
    ToolResult result;
    Source source = tool.source();
    boolean expired = false;
    try {
      ToolContext ctx = context(session, token, params, out);
      if (resume != null && resume.answer() != null) {
        ctx = ctx.withAnswer(resume.answer());
      }
      if (resume != null && resume.round() != null) {
        ctx = ctx.with(McpInputRound.class, resume.round());
      }
      Duration limit = options.callTimeout();
      if (resume != null && resume.refused() != null) {
        result = resume.refused();
      } else if (limit == null) {
        result = exposed.run(name, args, ctx).result();
      } else {
        ToolContext limited = ctx.withTimeout(limit);
        CallDeadline.Outcome outcome =
            CallDeadline.run(
                () -> exposed.run(name, args, limited),
                name,
                source,
                token,
                limit,
                options.scheduler());
        result = outcome.execution().result();
        expired = outcome.expired();
      }
    } catch (RuntimeException e) {
      result = ToolResult.error("tool " + name + " failed: " + e.getMessage());
    } finally {
      session.finish(key, token);
    }
    report(
        new CallEvent(name, source, (System.nanoTime() - started) / 1_000_000, result.isError()));
    if (token.isCancelled() && !expired) {
      return null; // a request the client cancelled gets no response
    }
    if (stateless
        && result.isPending()
        && McpInputRound.KIND.equals(result.pendingRequest().orElseThrow().kind())) {
      return inputsAsked(id, name, args, result.pendingRequest().orElseThrow(), params);
    }
    if (stateless && result.isPending()) {
      ObjectNode asked = input.ask(name, args, result.pendingRequest().orElseThrow(), params);
      if (asked != null) {
        return JsonRpc.result(id, asked);
      }
    }
    return JsonRpc.result(id, structured.toMcp(tool, result));
  }

  /**
   * The answer to a call that asked through {@link McpInputRound#ask}: input required, or -32021
   * naming the capabilities the client must declare for it.
   */
  private ObjectNode inputsAsked(
      JsonNode id, String name, Map<String, Object> args, Request pending, JsonNode params) {
    ServedInput.Asked asked = input.askInputs(name, args, pending, params);
    if (asked.result() != null) {
      return JsonRpc.result(id, asked.result());
    }
    ObjectNode error =
        JsonRpc.error(
            id,
            RpcError.MISSING_REQUIRED_CLIENT_CAPABILITY,
            "Missing required client capability: "
                + name
                + " needs "
                + String.join(", ", asked.missingCapabilities().keySet())
                + ", which the request's clientCapabilities do not declare");
    ((ObjectNode) error.get("error"))
        .putObject("data")
        .set("requiredCapabilities", Json.mapper().valueToTree(asked.missingCapabilities()));
    return error;
  }

  /**
   * The call's context: its cancel token, a log that reaches the client, and a progress sink when
   * the client sent a progress token.
   */
  private ToolContext context(Session session, CancelToken token, JsonNode params, Outbound out) {
    McpClientLog clientLog =
        (level, message) -> {
          LogLevel l = LogLevel.parse(level);
          if (l == null) {
            throw new IllegalArgumentException("unknown MCP log level \"" + level + "\"");
          }
          LogLevel wanted = wantedLevel(session, params);
          if (wanted != null && l.compareTo(wanted) >= 0) {
            ObjectNode p = JsonRpc.object();
            p.put("level", l.wire());
            p.put("data", message);
            out.send(JsonRpc.notification("notifications/message", p));
          }
        };
    ToolContext ctx = ToolContext.of(token).with(McpClientLog.class, clientLog);
    JsonNode progressToken = params.path("_meta").get("progressToken");
    if (progressToken == null || !(progressToken.isString() || progressToken.isNumber())) {
      return ctx;
    }
    return ctx.withProgress(
        (done, total, message) -> {
          ObjectNode p = JsonRpc.object();
          p.set("progressToken", progressToken);
          p.put("progress", done);
          if (total != null) {
            p.put("total", total);
          }
          if (message != null) {
            p.put("message", message);
          }
          out.send(JsonRpc.notification("notifications/progress", p));
        });
  }

  /**
   * The lowest log level the client wants for this request: a stateless request names it in its
   * {@code _meta} and gets no log messages when it names none; a session request uses the level the
   * session set.
   */
  private static LogLevel wantedLevel(Session session, JsonNode params) {
    JsonNode meta = params.path("_meta");
    if (meta.has(RequestMeta.PROTOCOL_VERSION)) {
      return LogLevel.parse(meta.path(StatelessMcp.LOG_LEVEL).asString(null));
    }
    return session.logLevel();
  }

  private void report(CallEvent event) {
    Consumer<CallEvent> onCall = options.onCall();
    if (onCall == null) {
      return;
    }
    try {
      onCall.accept(event);
    } catch (RuntimeException e) {
      log.warn("onCall listener failed for {}: {}", event.name(), e.toString());
    }
  }
}
