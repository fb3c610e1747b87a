package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.internal.Threads;
import dev.toolnexus.mcp.protocol.DiscoverResult;
import dev.toolnexus.mcp.protocol.InputRequired;
import dev.toolnexus.mcp.protocol.McpTask;
import dev.toolnexus.mcp.protocol.RequestMeta;
import dev.toolnexus.mcp.protocol.Revisions;
import dev.toolnexus.mcp.protocol.RpcError;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpTransportException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP session with one stdio server, spoken over the transport's direct requests, without the
 * SDK client and so without Reactor: {@code initialize} then {@code notifications/initialized},
 * paged {@code tools/list}, {@code tools/call} and {@code notifications/cancelled}. Of what the
 * server sends on its own it answers {@code ping}, passes {@code elicitation/create} to the host
 * (only when elicitation was advertised), answers any other request "method not found" as the SDK
 * client does, hands {@code tools/list_changed} and progress to their listeners and logs log
 * messages at DEBUG. The wire shapes are the SDK's {@link McpSchema} records; what sets the server
 * up ({@code initialize}, {@code tools/list}) is written by {@link McpRequests} and read by {@link
 * McpReplies} without the SDK's JSON mapper, the rest goes through the mapper.
 */
final class StdioSession implements Requester {
  private static final Logger log = LoggerFactory.getLogger(StdioSession.class);
  private static final TypeRef<McpSchema.CallToolResult> CALL_TOOL_RESULT = new TypeRef<>() {};
  private static final TypeRef<McpSchema.ProgressNotification> PROGRESS = new TypeRef<>() {};
  private static final TypeRef<Map<String, Object>> MAP = new TypeRef<>() {};
  private static final TypeRef<McpSchema.ServerCapabilities> CAPABILITIES = new TypeRef<>() {};

  private final StdioProcessTransport transport;
  private final String server;
  private final McpJsonMapper json;
  private final ElicitationBridge elicitation;
  private final Runnable onToolsChanged;
  private final Consumer<McpSchema.ProgressNotification> onProgress;
  private final CallIds callIds;
  private volatile McpSchema.InitializeResult initialized;
  // set when the server is spoken to in the stateless revision: the _meta every request carries
  private volatile Map<String, Object> statelessMeta;
  private volatile McpSchema.ServerCapabilities statelessCapabilities;
  private final java.util.concurrent.atomic.AtomicBoolean listening =
      new java.util.concurrent.atomic.AtomicBoolean();
  private volatile Consumer<String> onResourceUpdated = uri -> {};
  private final StdioServerRequests requests;
  private final StdioListenStream listenStream;

  /**
   * A session over a started transport.
   *
   * @param elicitation where {@code elicitation/create} goes; null to not advertise elicitation
   * @param onToolsChanged run on a thread of its own for each {@code tools/list_changed}
   * @param onProgress called on the reader thread for each progress notification (must not block)
   */
  StdioSession(
      StdioProcessTransport transport,
      String server,
      McpJsonMapper json,
      ElicitationBridge elicitation,
      Runnable onToolsChanged,
      Consumer<McpSchema.ProgressNotification> onProgress) {
    this.transport = transport;
    this.server = server;
    this.json = json;
    this.elicitation = elicitation;
    this.onToolsChanged = onToolsChanged;
    this.onProgress = onProgress;
    this.requests = new StdioServerRequests(transport, server, json, elicitation);
    this.listenStream = new StdioListenStream(transport, server, json, this::withMeta);
    this.callIds =
        new CallIds(
            note -> {
              try {
                transport.send(note);
              } catch (McpTransportException e) {
                log.debug("could not send notifications/cancelled: {}", e.getMessage());
              }
            });
  }

  /**
   * Starts reading the server's stdout, sends {@code initialize} with our capabilities, checks the
   * protocol version of the answer and sends {@code notifications/initialized}.
   *
   * @throws McpFailure naming the phase when the server does not answer in time, dies, refuses or
   *     speaks a protocol version we do not
   */
  McpSchema.InitializeResult initialize(
      McpSchema.Implementation clientInfo,
      Duration timeout,
      CompletableFuture<String> dead,
      CancelToken cancel) {
    listen();
    Object reply =
        result(
            transport.requestJson(
                McpSchema.METHOD_INITIALIZE,
                McpRequests.initializeParams(
                    SessionRevisions.offered(), elicitation != null, clientInfo)),
            timeout,
            dead,
            cancel,
            "initialize");
    McpSchema.InitializeResult result;
    try {
      result = McpReplies.initializeResult(reply);
    } catch (McpReplies.BadReply e) {
      throw unreadable("initialize", e);
    }
    if (!SessionRevisions.ACCEPTED.contains(result.protocolVersion())) {
      throw new McpFailure(
          "initialize failed: the server speaks MCP protocol version \""
              + result.protocolVersion()
              + "\"; this client speaks "
              + String.join(", ", SessionRevisions.ACCEPTED));
    }
    try {
      transport.sendJson(McpRequests.INITIALIZED);
    } catch (McpTransportException e) {
      throw new McpFailure("initialize failed: " + e.getMessage(), e);
    }
    initialized = result;
    return result;
  }

  private void listen() {
    if (listening.compareAndSet(false, true)) {
      transport.listen(this::onMessage);
    }
  }

  /**
   * Asks the server {@code server/discover} in the stateless revision. A server that answers it
   * with that revision among its versions is spoken to statelessly from then on (this returns
   * true); any other answer, a timeout or a death returns false, and the caller sends {@code
   * initialize} to the same process, which reports a dead or silent server as it always has.
   *
   * @throws McpFailure when the server answers with an error only the stateless revision sends
   */
  boolean discover(
      Map<String, Object> meta,
      Duration timeout,
      CompletableFuture<String> dead,
      CancelToken cancel) {
    listen();
    StdioProcessTransport.Pending pending =
        transport.request(DiscoverResult.METHOD, RequestMeta.apply(Map.of(), meta));
    JSONRPCResponse reply;
    try {
      reply = Await.await(pending.reply(), timeout, dead, cancel, DiscoverResult.METHOD);
    } catch (McpFailure e) {
      log.debug("MCP server {}: {}; trying the session revision", server, e.getMessage());
      return false;
    } finally {
      transport.abandon(pending.id());
    }
    if (reply.error() != null) {
      if (new RpcError(reply.error().code(), reply.error().message(), null).isStatelessEra()) {
        throw new McpFailure(
            DiscoverResult.METHOD
                + " failed: "
                + reply.error().message()
                + " ("
                + reply.error().code()
                + ")");
      }
      return false;
    }
    DiscoverResult found;
    try {
      found =
          DiscoverResult.from(
              json.convertValue(reply.result() == null ? Map.of() : reply.result(), MAP));
    } catch (RuntimeException e) {
      return false;
    }
    if (!found.supports(Revisions.STATELESS)) {
      return false;
    }
    stateless(meta, json.convertValue(found.capabilities(), CAPABILITIES));
    return true;
  }

  /**
   * Speaks the stateless revision from now on: every request carries {@code meta}; {@code
   * capabilities} are what the server's discover answer declared (null when it was not asked).
   */
  void stateless(Map<String, Object> meta, McpSchema.ServerCapabilities capabilities) {
    listen();
    statelessCapabilities = capabilities;
    statelessMeta = meta;
  }

  private Object withMeta(Object params) {
    Map<String, Object> meta = statelessMeta;
    if (meta == null) {
      return params;
    }
    return RequestMeta.apply(params == null ? Map.of() : json.convertValue(params, MAP), meta);
  }

  /**
   * What the server said it can do: in its {@code initialize} answer, or its {@code
   * server/discover} answer (null when the stateless revision was pinned without asking).
   */
  McpSchema.ServerCapabilities capabilities() {
    McpSchema.InitializeResult r = initialized;
    return r != null ? r.capabilities() : statelessCapabilities;
  }

  /**
   * One page of {@code tools/list}, unusable entries dropped (so one bad tool cannot fail the whole
   * list).
   */
  McpSchema.ListToolsResult listTools(
      String cursor, Duration timeout, CompletableFuture<String> dead, CancelToken cancel) {
    Object page =
        result(
            statelessMeta == null
                ? transport.requestJson(
                    McpSchema.METHOD_TOOLS_LIST, McpRequests.toolsListParams(cursor))
                : transport.request(
                    McpSchema.METHOD_TOOLS_LIST,
                    withMeta(cursor == null ? Map.of() : Map.of("cursor", cursor))),
            timeout,
            dead,
            cancel,
            "tools/list");
    try {
      return McpReplies.listToolsResult(page, server);
    } catch (McpReplies.BadReply e) {
      throw unreadable("tools/list", e);
    }
  }

  /**
   * Sends a {@code tools/call} with {@code retry} (the responses and request state of a call sent
   * again after "input required") added to its params; the caller bounds the wait and {@link
   * #abandon}s it after.
   */
  StdioProcessTransport.Pending call(McpSchema.CallToolRequest request, Map<String, Object> retry) {
    if (retry.isEmpty()) {
      return transport.request(McpSchema.METHOD_TOOLS_CALL, withMeta(request));
    }
    Map<String, Object> params = new LinkedHashMap<>(json.convertValue(request, MAP));
    params.putAll(retry);
    return transport.request(McpSchema.METHOD_TOOLS_CALL, withMeta(params));
  }

  /** Whether the server is spoken to in the stateless revision. */
  boolean isStateless() {
    return statelessMeta != null;
  }

  /**
   * A {@code tools/call} reply as a result; a JSON-RPC error becomes an {@link McpError}. In the
   * stateless revision a created task fails it with {@link TaskStarted} and an "input required"
   * answer with {@link InputRound.Asked}, as the stateless HTTP session does.
   */
  McpSchema.CallToolResult callResult(JSONRPCResponse reply) {
    if (reply.error() != null) {
      throw new McpError(reply.error());
    }
    if (statelessMeta != null && reply.result() instanceof Map<?, ?> raw) {
      Map<String, Object> result = json.convertValue(raw, MAP);
      if (McpTask.isCreated(result)) {
        throw new TaskStarted(McpTask.from(result)); // the call's caller follows it
      }
      if (InputRequired.isInputRequired(result)) {
        throw new InputRound.Asked(StatelessSession.readInput(result));
      }
    }
    McpSchema.CallToolResult plain = textOnly(reply.result());
    return plain != null ? plain : json.convertValue(reply.result(), CALL_TOOL_RESULT);
  }

  /**
   * The result the SDK's conversion would make of a reply that holds only text blocks ({@code
   * content} of {@code {type:"text", text}} items, {@code isError} optional), built directly; null
   * for any other shape, which is converted as before.
   */
  static McpSchema.CallToolResult textOnly(Object result) {
    if (!(result instanceof Map<?, ?> map)
        || !(map.get("content") instanceof List<?> items)
        || map.size() > (map.containsKey("isError") ? 2 : 1)
        || !(map.get("isError") == null || map.get("isError") instanceof Boolean)) {
      return null;
    }
    List<McpSchema.Content> content = new ArrayList<>(items.size());
    for (Object item : items) {
      if (!(item instanceof Map<?, ?> block)
          || block.size() != 2
          || !"text".equals(block.get("type"))
          || !(block.get("text") instanceof String text)) {
        return null;
      }
      content.add(new McpSchema.TextContent(null, text, null));
    }
    return new McpSchema.CallToolResult(content, (Boolean) map.get("isError"), null, null);
  }

  /**
   * Any other request of ours ({@code resources/*}, {@code prompts/*}, {@code
   * completion/complete}): {@code params} written by the mapper, the result read as {@code type}.
   *
   * @throws McpFailure naming {@code method} on timeout, death, an error reply or an unreadable one
   */
  @Override
  public <T> T request(
      String method,
      Object params,
      TypeRef<T> type,
      Duration timeout,
      CompletableFuture<String> dead,
      CancelToken cancel) {
    Object result =
        result(transport.request(method, withMeta(params)), timeout, dead, cancel, method);
    try {
      return json.convertValue(result == null ? Map.of() : result, type);
    } catch (RuntimeException e) {
      throw new McpFailure(
          method
              + " failed: MCP server \""
              + server
              + "\" sent a reply that cannot be read: "
              + Await.message(e),
          e);
    }
  }

  /**
   * In the stateless revision: opens the {@code subscriptions/listen} of {@code filter}, replacing
   * the one open before; see {@link StdioListenStream#open}.
   */
  CompletableFuture<Map<String, Object>> listenChanges(
      Map<String, Object> filter, ChangeNotes notes) {
    return listenStream.open(filter, notes);
  }

  /** Called on a thread of its own with the URI of each {@code notifications/resources/updated}. */
  void onResourceUpdated(Consumer<String> listener) {
    onResourceUpdated = listener;
  }

  /** Stops waiting for a direct request: a late reply is then dropped. */
  void abandon(String id) {
    transport.abandon(id);
  }

  /** The result of a direct request the session makes on its own behalf. */
  private Object result(
      StdioProcessTransport.Pending pending,
      Duration timeout,
      CompletableFuture<String> dead,
      CancelToken cancel,
      String what) {
    try {
      JSONRPCResponse reply = Await.await(pending.reply(), timeout, dead, cancel, what);
      if (reply.error() != null) {
        throw new McpFailure(what + " failed: " + reply.error().message());
      }
      return reply.result();
    } finally {
      transport.abandon(pending.id());
    }
  }

  private McpFailure unreadable(String what, McpReplies.BadReply e) {
    return new McpFailure(
        what
            + " failed: MCP server \""
            + server
            + "\" sent a reply that cannot be read: "
            + e.getMessage(),
        e);
  }

  /** The ids of the calls in flight, for {@code notifications/cancelled}. */
  CallIds callIds() {
    return callIds;
  }

  /** On the reader thread: whatever the server sends that is not a reply to our requests. */
  private void onMessage(JSONRPCMessage message) {
    if (message instanceof JSONRPCRequest r) {
      // answered on a thread of its own: the reader must keep reading while a write waits
      Threads.start("toolnexus-mcp-" + server + "-answer", () -> requests.answer(r));
    } else if (message instanceof JSONRPCNotification n) {
      onNotification(n);
    } else if (message instanceof JSONRPCResponse r) {
      log.debug("MCP server {}: dropped a reply to no request of ours (id {})", server, r.id());
    }
  }

  private void onNotification(JSONRPCNotification n) {
    if (statelessMeta != null && listenStream.accept(n)) {
      return;
    }
    switch (n.method()) {
      case McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED -> {
        if (initialized == null && statelessMeta == null) {
          // the first tools/list, right after initialize, will see the change
          log.debug("MCP server {}: tools/list_changed before initialize ended; ignored", server);
        } else {
          Threads.start("toolnexus-mcp-" + server + "-refresh", onToolsChanged);
        }
      }
      case McpSchema.METHOD_NOTIFICATION_PROGRESS -> {
        try {
          onProgress.accept(json.convertValue(n.params(), PROGRESS));
        } catch (RuntimeException e) {
          log.debug("MCP server {}: unreadable progress notification: {}", server, e.toString());
        }
      }
      case McpSchema.METHOD_NOTIFICATION_RESOURCES_UPDATED -> {
        if (n.params() instanceof Map<?, ?> p && p.get("uri") instanceof String uri) {
          Consumer<String> listener = onResourceUpdated;
          Threads.start("toolnexus-mcp-" + server + "-updated", () -> listener.accept(uri));
        }
      }
      case McpSchema.METHOD_NOTIFICATION_MESSAGE ->
          log.debug("MCP server {} logged: {}", server, n.params());
      default -> log.debug("MCP server {}: ignored notification {}", server, n.method());
    }
  }
}
