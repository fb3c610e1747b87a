package dev.toolnexus.server.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The open {@code subscriptions/listen} streams of one HTTP server, each a stream of the stateless
 * revision that carries the list changes its client opted in to. A change goes to every stream that
 * asked for it (unlike a session's messages, which go on one stream); closing tells each stream to
 * end with the result that says the subscription is over.
 */
public final class Listeners {
  /** The method that opens a stream. */
  public static final String METHOD = "subscriptions/listen";

  /** The {@code _meta} key naming the subscription a message belongs to. */
  public static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

  private static final String TOOLS_LIST_CHANGED = "notifications/tools/list_changed";

  private final Set<Outbound> open = ConcurrentHashMap.newKeySet();

  /**
   * Adds a stream for the subscription {@code request} opens; returns a handle that removes it.
   * Only the changes the request opted in to and this server has reach {@code stream}, each marked
   * with the subscription's id.
   */
  public Runnable add(JsonNode request, Outbound stream) {
    JsonNode id = request.get("id");
    boolean tools = wantsTools(request);
    Outbound filtered =
        message -> {
          if (message == Session.CLOSED) {
            stream.send(message);
          } else if (tools && TOOLS_LIST_CHANGED.equals(message.path("method").asString(""))) {
            stream.send(marked(message, id));
          }
        };
    open.add(filtered);
    return () -> open.remove(filtered);
  }

  /** Sends {@code message} to every stream that opted in to it. */
  public void send(ObjectNode message) {
    for (Outbound o : open) {
      o.send(message);
    }
  }

  /** Tells every open stream to end. */
  public void close() {
    for (Outbound o : open) {
      o.send(Session.CLOSED);
    }
  }

  /**
   * The first message of a stream: which of the requested notifications this server honours (tool
   * list changes only; it has no other change events).
   */
  public static ObjectNode acknowledged(JsonNode request) {
    ObjectNode params = JsonRpc.object();
    params.putObject("_meta").set(SUBSCRIPTION_ID, request.get("id"));
    ObjectNode honoured = params.putObject("notifications");
    if (wantsTools(request)) {
      honoured.put("toolsListChanged", true);
    }
    return JsonRpc.notification("notifications/subscriptions/acknowledged", params);
  }

  /** The response that ends a stream the server tears down: complete, naming the subscription. */
  public static ObjectNode ended(JsonNode request) {
    ObjectNode result = JsonRpc.object();
    result.put("resultType", "complete");
    result.putObject("_meta").set(SUBSCRIPTION_ID, request.get("id"));
    return JsonRpc.result(request.get("id"), result);
  }

  private static boolean wantsTools(JsonNode request) {
    return request.path("params").path("notifications").path("toolsListChanged").asBoolean(false);
  }

  private static ObjectNode marked(ObjectNode message, JsonNode id) {
    ObjectNode copy = message.deepCopy();
    ObjectNode params = copy.get("params") instanceof ObjectNode p ? p : copy.putObject("params");
    ObjectNode meta = params.get("_meta") instanceof ObjectNode m ? m : params.putObject("_meta");
    meta.set(SUBSCRIPTION_ID, id);
    return copy;
  }
}
