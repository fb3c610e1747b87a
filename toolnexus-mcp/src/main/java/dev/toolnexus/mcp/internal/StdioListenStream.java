package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpTransportException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The 2026-07-28 {@code subscriptions/listen} stream of a {@link StdioSession}'s channel. */
final class StdioListenStream {
  private static final Logger log = LoggerFactory.getLogger(StdioListenStream.class);
  private static final TypeRef<Map<String, Object>> MAP = new TypeRef<>() {};

  private final StdioProcessTransport transport;
  private final String server;
  private final McpJsonMapper json;
  private final UnaryOperator<Object> withMeta;
  // what the stream's notifications do, its id, its acknowledgement
  private volatile ChangeNotes changes;
  private volatile String subscription;
  private volatile CompletableFuture<Map<String, Object>> acknowledging;

  /**
   * The stream of the session on {@code transport}.
   *
   * @param withMeta adds the stateless revision's {@code _meta} to a request's params
   */
  StdioListenStream(
      StdioProcessTransport transport,
      String server,
      McpJsonMapper json,
      UnaryOperator<Object> withMeta) {
    this.transport = transport;
    this.server = server;
    this.json = json;
    this.withMeta = withMeta;
  }

  /**
   * Opens the {@code subscriptions/listen} of {@code filter} on the shared channel, whose
   * notifications (those carrying its subscription id) go to {@code notes}, ending the one open
   * before with {@code notifications/cancelled}. The future completes with the acknowledgement's
   * params, or with an empty map at once for an empty filter; it fails when the server refuses or
   * ends the subscription before acknowledging it.
   */
  synchronized CompletableFuture<Map<String, Object>> open(
      Map<String, Object> filter, ChangeNotes notes) {
    changes = notes;
    String old = subscription;
    subscription = null;
    if (old != null) {
      transport.abandon(old);
      try {
        transport.send(
            new JSONRPCNotification(
                McpSchema.JSONRPC_VERSION, "notifications/cancelled", Map.of("requestId", old)));
      } catch (McpTransportException e) {
        log.debug("MCP server {}: could not end the listen stream: {}", server, e.getMessage());
      }
    }
    if (filter.isEmpty()) {
      return CompletableFuture.completedFuture(Map.of());
    }
    CompletableFuture<Map<String, Object>> acknowledged = new CompletableFuture<>();
    acknowledging = acknowledged;
    StdioProcessTransport.Pending pending =
        transport.request(ListenFilter.LISTEN, withMeta.apply(Map.of("notifications", filter)));
    subscription = pending.id();
    pending
        .reply()
        .whenComplete(
            (reply, e) ->
                acknowledged.completeExceptionally(
                    new McpFailure(
                        ListenFilter.LISTEN
                            + " ended before the server acknowledged it"
                            + (reply != null && reply.error() != null
                                ? ": " + reply.error().message()
                                : e != null ? ": " + Await.message(e) : ""))));
    return acknowledged;
  }

  /**
   * On the reader thread, a notification of the stateless revision: true when it belongs to a
   * listen stream and was handled here (passed on, acknowledged, or dropped as of an old one).
   */
  boolean accept(JSONRPCNotification n) {
    String current = subscription;
    if (current == null) {
      return false;
    }
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("method", n.method());
    message.put("params", n.params());
    String id = ListenFilter.subscriptionId(message);
    if (id == null) {
      return false; // not of a listen stream (progress of a call, a log message)
    }
    if (!id.equals(ListenFilter.idText(current))) {
      log.debug("MCP server {}: dropped {} of subscription {}", server, n.method(), id);
      return true;
    }
    if (ListenFilter.ACKNOWLEDGED.equals(n.method())) {
      CompletableFuture<Map<String, Object>> a = acknowledging;
      if (a != null) {
        a.complete(n.params() instanceof Map<?, ?> p ? json.convertValue(p, MAP) : Map.of());
      }
    } else {
      ChangeNotes notes = changes;
      if (notes != null) {
        notes.accept(message);
      }
    }
    return true;
  }
}
