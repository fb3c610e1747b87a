package dev.toolnexus.server.internal;

import dev.toolnexus.Json;
import dev.toolnexus.mcp.protocol.DiscoverResult;
import dev.toolnexus.mcp.protocol.McpTask;
import dev.toolnexus.mcp.protocol.RequestMeta;
import dev.toolnexus.mcp.protocol.Revisions;
import dev.toolnexus.mcp.protocol.RpcError;
import dev.toolnexus.server.McpServeOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The stateless protocol revision over the same {@link McpProtocol}: each request carries its
 * protocol version, client capabilities and log level in {@code _meta}, so nothing is kept between
 * requests and any replica can answer any of them. Adds {@code server/discover}, refuses versions
 * it does not speak and the methods that revision removed, and marks every result as complete with
 * the server's name, plus cache hints on lists.
 */
public final class StatelessMcp {
  /** The {@code _meta} key of the log level a stateless request asks for. */
  public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";

  /** The methods the stateless revision no longer has. */
  private static final Set<String> REMOVED =
      Set.of(
          "initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe");

  /** The results that carry cache hints. */
  private static final Set<String> CACHEABLE =
      Set.of(
          DiscoverResult.METHOD,
          "tools/list",
          "resources/list",
          "resources/templates/list",
          "resources/read",
          "prompts/list");

  /** The cacheable results whose lifetime is {@link McpServeOptions#listTtl()}; others are 0. */
  private static final Set<String> LISTS =
      Set.of("tools/list", "resources/list", "resources/templates/list", "prompts/list");

  private final McpProtocol protocol;
  private final boolean listens;

  /**
   * The stateless revision over {@code protocol}.
   *
   * @param listens whether the transport serves {@code subscriptions/listen} streams, so tool list
   *     changes are advertised
   */
  public StatelessMcp(McpProtocol protocol, boolean listens) {
    this.protocol = protocol;
    this.listens = listens;
  }

  /** Every revision this server speaks, the stateless one first. */
  public static List<String> supportedVersions() {
    List<String> all = new ArrayList<>();
    all.add(Revisions.STATELESS);
    all.addAll(McpProtocol.VERSIONS);
    return all;
  }

  /**
   * The protocol version {@code message}'s {@code _meta} names, or null when it names none (a
   * session-era message).
   */
  public static String revisionOf(JsonNode message) {
    JsonNode v = message.path("params").path("_meta").get(RequestMeta.PROTOCOL_VERSION);
    return v != null && v.isString() ? v.asString() : null;
  }

  /**
   * Whether {@code message} is served statelessly: it names a protocol version in its {@code _meta}
   * (or, on HTTP, its version header names the stateless revision), it is not an {@code initialize}
   * (unless it names this revision, which removed it), and it does not belong to a session of an
   * older revision.
   *
   * @param headerVersion the protocol version header; null on stdio or when absent
   * @param inSession whether the request names a session
   */
  public static boolean applies(JsonNode message, String headerVersion, boolean inSession) {
    String version = revisionOf(message);
    if ("initialize".equals(message.path("method").asString(""))) {
      // a session-era initialize names no version in _meta; one that names this revision asks
      // for a method it removed
      return Revisions.isStateless(version);
    }
    if (version == null) {
      return Revisions.isStateless(headerVersion);
    }
    return Revisions.isStateless(version) || !inSession || !McpProtocol.VERSIONS.contains(version);
  }

  /**
   * Answers one stateless message.
   *
   * @param scope holds the calls of this request while they run (a fresh one per HTTP request; the
   *     process's one on stdio, where a cancellation names a request)
   * @param out where this request's progress and log messages go
   * @return the response, or null for a notification or a call the client cancelled
   */
  public ObjectNode handle(Session scope, JsonNode message, Outbound out) {
    JsonNode id = message.get("id");
    if (id != null && !id.isNull()) {
      ObjectNode badMeta = RequestMetaCheck.refusal(message);
      if (badMeta != null) {
        return badMeta;
      }
    }
    return handleChecked(scope, message, out);
  }

  /**
   * Answers one stateless message whose {@code _meta} the transport has already checked with {@link
   * RequestMetaCheck} (HTTP checks it before the headers), so it is checked once per request;
   * otherwise as {@link #handle}.
   */
  public ObjectNode handleChecked(Session scope, JsonNode message, Outbound out) {
    JsonNode id = message.get("id");
    String method = message.path("method").asString("");
    if (id == null || id.isNull()) {
      return protocol.handle(scope, message, out);
    }
    String version = revisionOf(message);
    if (!Revisions.isStateless(version)) {
      return unsupported(id, version);
    }
    if (REMOVED.contains(method)) {
      return JsonRpc.error(
          id,
          JsonRpc.METHOD_NOT_FOUND,
          "Method not found: " + method + " is not part of protocol version " + version);
    }
    TaskServing tasks = protocol.tasks();
    ObjectNode reply;
    if (DiscoverResult.METHOD.equals(method)) {
      reply = JsonRpc.result(id, discover());
    } else if (method.startsWith("tasks/") && tasks.enabled() && !TaskServing.declared(message)) {
      reply = tasksUndeclared(id, method);
    } else if (method.startsWith("tasks/") && tasks.enabled()) {
      reply = tasks.handle(id, method, message.path("params"));
    } else if ("tools/call".equals(method) && tasks.takes(message)) {
      reply = tasks.start(message);
    } else {
      reply = protocol.handle(scope, message, out);
    }
    return reply == null ? null : complete(reply, method);
  }

  /**
   * The answer to a {@code tasks/*} request from a client that did not declare the Tasks extension:
   * -32021, naming the extension it must declare.
   */
  private static ObjectNode tasksUndeclared(JsonNode id, String method) {
    ObjectNode error =
        JsonRpc.error(
            id,
            RpcError.MISSING_REQUIRED_CLIENT_CAPABILITY,
            "Missing required client capability: "
                + method
                + " needs the "
                + McpTask.EXTENSION
                + " extension in the request's clientCapabilities");
    ((ObjectNode) error.get("error"))
        .putObject("data")
        .putObject("requiredCapabilities")
        .putObject("extensions")
        .putObject(McpTask.EXTENSION);
    return error;
  }

  /** The stateless revision reports an unknown resource as invalid params. */
  private static void renumber(ObjectNode reply) {
    if (reply.get("error") instanceof ObjectNode error
        && error.path("code").asInt(0) == GatewayFeatures.RESOURCE_NOT_FOUND) {
      error.put("code", JsonRpc.INVALID_PARAMS);
    }
  }

  /** What {@code server/discover} answers: versions, capabilities, instructions, server name. */
  ObjectNode discover() {
    McpServeOptions o = protocol.options();
    DiscoverResult d =
        new DiscoverResult(
            supportedVersions(),
            capabilities(),
            o.instructions(),
            Map.of("name", o.name(), "version", o.version()));
    return (ObjectNode) Json.mapper().valueToTree(d.toJson());
  }

  private Map<String, Object> capabilities() {
    // list changes reach a client only on a subscriptions/listen stream
    Map<String, Object> caps = protocol.capabilities(listens);
    if (protocol.tasks().enabled()) {
      caps.put("extensions", Map.of(McpTask.EXTENSION, Map.of()));
    }
    return caps;
  }

  private ObjectNode complete(ObjectNode reply, String method) {
    if (!(reply.get("result") instanceof ObjectNode result)) {
      renumber(reply);
      return reply;
    }
    if (!result.has("resultType")) {
      result.put("resultType", "complete");
    }
    if (CACHEABLE.contains(method)) {
      result.put("ttlMs", LISTS.contains(method) ? protocol.options().listTtl().toMillis() : 0);
      result.put("cacheScope", privateCache() ? "private" : "public");
    }
    ObjectNode meta = result.get("_meta") instanceof ObjectNode m ? m : result.putObject("_meta");
    ObjectNode info = meta.putObject(DiscoverResult.SERVER_INFO);
    info.put("name", protocol.options().name());
    info.put("version", protocol.options().version());
    return reply;
  }

  /** Whether answers depend on who asks (the endpoint needs credentials). */
  private boolean privateCache() {
    return protocol.options().token() != null || protocol.options().authenticator() != null;
  }

  private static ObjectNode unsupported(JsonNode id, String requested) {
    List<String> supported = supportedVersions();
    ObjectNode error =
        JsonRpc.error(
            id,
            RpcError.UNSUPPORTED_PROTOCOL_VERSION,
            "Unsupported protocol version: "
                + requested
                + " (this server speaks "
                + String.join(", ", supported)
                + ")");
    ObjectNode data = ((ObjectNode) error.get("error")).putObject("data");
    supported.forEach(data.putArray("supported")::add);
    data.put("requested", requested);
    return error;
  }

  /**
   * The HTTP status a stateless answer goes with: 400 for a header mismatch, a missing client
   * capability or an unsupported version, 404 for an unknown method, 200 otherwise.
   */
  public static int httpStatus(ObjectNode reply) {
    int code = reply.path("error").path("code").asInt(0);
    if (code == RpcError.HEADER_MISMATCH
        || code == RpcError.MISSING_REQUIRED_CLIENT_CAPABILITY
        || code == RpcError.UNSUPPORTED_PROTOCOL_VERSION) {
      return 400;
    }
    return code == RpcError.METHOD_NOT_FOUND ? 404 : 200;
  }
}
