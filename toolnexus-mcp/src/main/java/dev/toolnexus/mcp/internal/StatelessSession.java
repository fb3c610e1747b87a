package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.auth.AuthRequiredException;
import dev.toolnexus.auth.HttpAuth;
import dev.toolnexus.mcp.client.McpServerConfig;
import dev.toolnexus.mcp.protocol.DiscoverResult;
import dev.toolnexus.mcp.protocol.InputRequired;
import dev.toolnexus.mcp.protocol.McpHeaders;
import dev.toolnexus.mcp.protocol.McpTask;
import dev.toolnexus.mcp.protocol.RequestMeta;
import dev.toolnexus.mcp.protocol.Revisions;
import dev.toolnexus.mcp.protocol.RpcException;
import dev.toolnexus.mcp.protocol.StatelessHttpClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A remote server spoken to in the stateless 2026-07-28 revision: no {@code initialize}, no session
 * id; every request is its own POST carrying the protocol version, the client's capabilities and
 * name in {@code _meta} and the mirrored headers. Results are read into the same shapes the session
 * revision gives, so listing and calling map them exactly as before. A call is cancelled by closing
 * its response stream (the revision has no cancel notification for it).
 */
final class StatelessSession implements Requester {
  private static final Logger log = LoggerFactory.getLogger(StatelessSession.class);
  private static final TypeRef<McpSchema.ListToolsResult> LIST_TOOLS = new TypeRef<>() {};
  private static final TypeRef<McpSchema.CallToolResult> CALL_RESULT = new TypeRef<>() {};
  private static final TypeRef<McpSchema.ServerCapabilities> CAPABILITIES = new TypeRef<>() {};
  private static final TypeRef<McpSchema.ProgressNotification> PROGRESS = new TypeRef<>() {};
  private static final TypeRef<Map<String, Object>> MAP = new TypeRef<>() {};

  private final StatelessHttpClient http;
  private final McpJsonMapper json;
  private final McpSchema.ServerCapabilities capabilities;
  private final Consumer<McpSchema.ProgressNotification> onProgress;
  // a cancelled call closes its stream; nothing is sent, so the sender does nothing
  private final CallIds callIds = new CallIds(n -> {});
  private final Map<String, Map<String, Object>> inputSchemas = new ConcurrentHashMap<>();
  private final Reuse reuse;
  // named in the warnings about the tools a listing leaves out
  private final String server;

  /** Where answers that may be reused are kept: the cache, the server's URL, the credentials. */
  record Reuse(ListCache cache, String origin, Supplier<String> context) {
    Map<String, Object> fresh(String method, Map<String, Object> params) {
      return cache.fresh(origin, method, params, context);
    }

    void store(String method, Map<String, Object> params, Map<String, Object> result) {
      cache.store(origin, method, params, result, context);
    }
  }

  private StatelessSession(
      StatelessHttpClient http,
      McpJsonMapper json,
      McpSchema.ServerCapabilities capabilities,
      Consumer<McpSchema.ProgressNotification> onProgress,
      Reuse reuse,
      String server) {
    this.server = server;
    this.http = http;
    this.json = json;
    this.capabilities = capabilities;
    this.onProgress = onProgress;
    this.reuse = reuse;
  }

  /**
   * Opens the stateless session with a server. Unless {@code pinned}, the server is first asked
   * {@code server/discover}; when it does not answer it (method not found, an HTTP 4xx, or any
   * failure other than a timeout or an error only this revision sends) this returns null, and the
   * caller opens the session revision instead, whose handshake reports a broken server as before. A
   * pinned server is not asked.
   *
   * <p>A server refusing the probe with 401 or 403 after {@code auth} had its chance to renew the
   * credential fails here, so the user is not asked to sign in a second time.
   *
   * @param headers the expanded configured headers
   * @param auth asked for the {@code Authorization} header of every request; null for none
   * @param cache where answers the server says may be reused are kept (its discover answer too, so
   *     a reconnect within its lifetime sends no probe)
   * @throws McpFailure when the server cannot be reached, or refuses or fails the probe
   * @throws AuthRequiredException when {@code auth} needs a sign-in that cannot happen now
   */
  static StatelessSession open(
      McpServerConfig config,
      Map<String, String> headers,
      HttpAuth auth,
      boolean pinned,
      CompletableFuture<String> dead,
      CancelToken cancel,
      Consumer<McpSchema.ProgressNotification> onProgress,
      ListCache cache) {
    URI endpoint = URI.create(config.url());
    Reuse reuse = new Reuse(cache, config.url(), () -> credentials(headers, auth, endpoint));
    StatelessHttpClient http =
        new StatelessHttpClient(
            endpoint,
            headers,
            auth,
            Revisions.STATELESS,
            clientMeta(),
            config.maxMessageBytes(),
            config.timeout());
    McpJsonMapper json = McpJsonDefaults.getMapper();
    if (pinned) {
      return new StatelessSession(http, json, null, onProgress, reuse, config.name());
    }
    Map<String, Object> answer = reuse.fresh(DiscoverResult.METHOD, Map.of());
    try {
      if (answer == null) {
        answer = Discovery.discover(http, config, dead, cancel);
      }
    } catch (Discovery.SessionOnly e) {
      log.debug(
          "MCP server {} refused {} and supports {}; speaking {}",
          config.name(),
          Revisions.STATELESS,
          e.supported(),
          Revisions.SESSION);
      return null;
    } catch (McpFailure e) {
      if (e.getCause() == null || e.getCause() instanceof RpcException rpc && isStateless(rpc)) {
        // a timeout, a server that died, or a server of this revision refusing the request
        throw e;
      }
      if (e.getCause() instanceof AuthRequiredException required) {
        throw required; // a sign-in is needed and cannot happen now: asking again would not help
      }
      if (auth != null && e.getCause() instanceof RpcException rpc && isRefusal(rpc)) {
        // the credential was offered (and renewed when the auth could): the session revision's
        // handshake would be refused the same way after a second sign-in
        throw new McpFailure(
            DiscoverResult.METHOD
                + " failed: HTTP "
                + rpc.httpStatus()
                + " (the server refused the credentials)",
            rpc);
      }
      // method not found, a 4xx, or any other failure: the session revision is tried, and its
      // handshake names the problem as it always has (a refused connection, a web page, a 5xx)
      log.debug(
          "MCP server {} does not answer {} ({}); trying {}",
          config.name(),
          DiscoverResult.METHOD,
          e.getMessage(),
          Revisions.SESSION);
      return null;
    }
    DiscoverResult discovered;
    try {
      discovered = DiscoverResult.from(answer);
    } catch (IllegalArgumentException e) {
      // a server of the session revision that answers unknown methods with an empty result
      log.debug(
          "MCP server {} answered {} without a discover result ({}); trying {}",
          config.name(),
          DiscoverResult.METHOD,
          e.getMessage(),
          Revisions.SESSION);
      return null;
    }
    if (!discovered.supports(Revisions.STATELESS)) {
      log.debug(
          "MCP server {} supports {}; speaking {}",
          config.name(),
          discovered.supportedVersions(),
          Revisions.SESSION);
      return null;
    }
    if (discovered.instructions() != null && log.isDebugEnabled()) {
      log.debug("MCP {}: server instructions:\n{}", config.name(), discovered.instructions());
    }
    reuse.store(DiscoverResult.METHOD, Map.of(), answer);
    return new StatelessSession(
        http,
        json,
        json.convertValue(discovered.capabilities(), CAPABILITIES),
        onProgress,
        reuse,
        config.name());
  }

  /**
   * The digest of the credentials a request goes with now; a credential that cannot be had gives a
   * value no kept answer matches.
   */
  private static String credentials(Map<String, String> headers, HttpAuth auth, URI endpoint) {
    try {
      return ListCache.fingerprint(
          headers, auth == null ? null : auth.authorizationHeader(endpoint));
    } catch (RuntimeException e) {
      return "unavailable:" + java.util.UUID.randomUUID();
    }
  }

  /**
   * The {@code _meta} entries every request of the stateless revision carries from this client,
   * over HTTP and stdio alike: its name and version, and what it does: the Tasks extension (a task
   * the server answers a call with is followed instead of its result) and elicitation in form and
   * URL mode (an "input required" answer becomes a suspension, which the host can always answer,
   * inline through {@code waitFor} or later by resuming the run).
   */
  static Map<String, Object> clientMeta() {
    Map<String, Object> capabilities = new java.util.LinkedHashMap<>();
    capabilities.put("elicitation", Map.of("form", Map.of(), "url", Map.of()));
    capabilities.put("extensions", Map.of(McpTask.EXTENSION, Map.of()));
    return RequestMeta.of(Revisions.STATELESS, capabilities, "toolnexus", Version.VALUE);
  }

  private static boolean isRefusal(RpcException e) {
    return e.httpStatus() == 401 || e.httpStatus() == 403;
  }

  private static boolean isStateless(RpcException e) {
    return e.error() != null && e.error().isStatelessEra();
  }

  /** What the server's discover answer declared; null when the revision was pinned. */
  McpSchema.ServerCapabilities capabilities() {
    return capabilities;
  }

  /** The ids of calls in flight; cancelling one sends nothing (its stream is closed instead). */
  CallIds callIds() {
    return callIds;
  }

  /** One page of {@code tools/list}; remembers each tool's input schema for its call headers. */
  McpSchema.ListToolsResult listTools(
      String cursor, Duration timeout, CompletableFuture<String> dead, CancelToken cancel) {
    Map<String, Object> params = new LinkedHashMap<>();
    if (cursor != null) {
      params.put("cursor", cursor);
    }
    Map<String, Object> page =
        request(McpSchema.METHOD_TOOLS_LIST, params, MAP, timeout, dead, cancel);
    McpSchema.ListToolsResult r;
    try {
      r = json.convertValue(UsableTools.withValidHeaders(page, server), LIST_TOOLS);
    } catch (RuntimeException e) {
      throw new McpFailure(
          McpSchema.METHOD_TOOLS_LIST + " failed: the result does not read: " + e.getMessage(), e);
    }
    List<McpSchema.Tool> tools = r.tools() == null ? List.of() : r.tools();
    for (McpSchema.Tool t : tools) {
      if (t.name() != null && t.inputSchema() != null) {
        inputSchemas.put(t.name(), json.convertValue(t.inputSchema(), MAP));
      }
    }
    return r;
  }

  /**
   * Sends a {@code tools/call}; the future completes with the result or fails with the server's
   * error, or with {@link TaskStarted} when the server runs the call as a task. Cancelling the
   * future closes the call's response stream, which cancels it.
   */
  CompletableFuture<McpSchema.CallToolResult> call(McpSchema.CallToolRequest request) {
    return call(request, Map.of());
  }

  /**
   * {@link #call(McpSchema.CallToolRequest)} with {@code retry} (the responses and request state of
   * a call sent again) added to the params; an "input required" answer fails the future with {@link
   * InputRound.Asked}.
   */
  CompletableFuture<McpSchema.CallToolResult> call(
      McpSchema.CallToolRequest request, Map<String, Object> retry) {
    Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("name", request.name());
    params.put("arguments", args);
    if (request.meta() != null) {
      params.put("_meta", request.meta());
    }
    params.putAll(retry);
    Map<String, Object> schema = inputSchemas.get(request.name());
    Map<String, String> extra = schema == null ? Map.of() : McpHeaders.params(schema, args);
    CompletableFuture<Map<String, Object>> raw =
        http.request(McpSchema.METHOD_TOOLS_CALL, params, extra, this::onNotification);
    CompletableFuture<McpSchema.CallToolResult> out =
        raw.thenApply(
            result -> {
              if (McpTask.isCreated(result)) {
                throw new TaskStarted(McpTask.from(result)); // the call's caller follows it
              }
              if (InputRequired.isInputRequired(result)) {
                throw new InputRound.Asked(readInput(result));
              }
              McpSchema.CallToolResult plain = StdioSession.textOnly(result);
              return plain != null ? plain : json.convertValue(result, CALL_RESULT);
            });
    out.whenComplete(
        (r, e) -> {
          if (out.isCancelled()) {
            raw.cancel(true);
          }
        });
    return out;
  }

  static InputRequired readInput(Map<String, Object> result) {
    try {
      return InputRequired.from(result);
    } catch (IllegalArgumentException e) {
      throw new McpFailure("the input-required result does not read: " + e.getMessage(), e);
    }
  }

  @Override
  public <T> T request(
      String method,
      Object params,
      TypeRef<T> type,
      Duration timeout,
      CompletableFuture<String> dead,
      CancelToken cancel) {
    Map<String, Object> asMap = params == null ? Map.of() : json.convertValue(params, MAP);
    Map<String, Object> result = reuse.fresh(method, asMap);
    if (result == null) {
      result =
          Await.await(
              http.request(method, asMap, Map.of(), this::onNotification),
              timeout,
              dead,
              cancel,
              method);
      reuse.store(method, asMap, result);
    }
    try {
      return json.convertValue(result == null ? Map.of() : result, type);
    } catch (RuntimeException e) {
      throw new McpFailure(method + " failed: the result does not read: " + e.getMessage(), e);
    }
  }

  /**
   * Sends {@code subscriptions/listen} with {@code filter}; the stream's notifications go to {@code
   * onNote} and the future ends with the stream (cancelling it closes the stream, which ends the
   * subscription).
   */
  CompletableFuture<Map<String, Object>> listen(
      Map<String, Object> filter, Consumer<Map<String, Object>> onNote) {
    return http.request(ListenFilter.LISTEN, Map.of("notifications", filter), Map.of(), onNote);
  }

  /** The kept answers of this server's {@code method}, dropped under any credentials. */
  void drop(String method) {
    reuse.cache().invalidate(reuse.origin(), method);
  }

  private void onNotification(Map<String, Object> message) {
    if (!"notifications/progress".equals(message.get("method"))
        || !(message.get("params") instanceof Map<?, ?> params)) {
      return;
    }
    try {
      onProgress.accept(json.convertValue(params, PROGRESS));
    } catch (RuntimeException e) {
      log.debug("an unreadable progress notification was dropped: {}", e.getMessage());
    }
  }
}
