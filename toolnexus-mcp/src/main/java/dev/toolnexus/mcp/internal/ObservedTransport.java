package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Wraps a client transport to learn the JSON-RPC id of each {@code tools/call} (keyed by the
 * progress token we put in its {@code _meta}), so a timed-out or cancelled call can be followed by
 * MCP's {@code notifications/cancelled} for exactly that request; and to drop unusable entries of a
 * {@code tools/list} page before the SDK reads it, so one bad tool cannot fail the whole list.
 */
public final class ObservedTransport implements McpClientTransport, CallIds {
  private static final Logger log = LoggerFactory.getLogger(ObservedTransport.class);

  private final McpClientTransport delegate;
  private final String server;
  private final Map<Object, Object> requestIdByToken = new ConcurrentHashMap<>();

  /** Observes {@code delegate} of the named server. */
  public ObservedTransport(McpClientTransport delegate, String server) {
    this.delegate = delegate;
    this.server = server;
  }

  @Override
  public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
    return delegate.connect(handler);
  }

  @Override
  public Mono<Void> sendMessage(JSONRPCMessage message) {
    if (message instanceof McpSchema.JSONRPCRequest r
        && McpSchema.METHOD_TOOLS_CALL.equals(r.method())
        && r.params() instanceof McpSchema.CallToolRequest call
        && call.meta() != null
        && call.meta().get("progressToken") != null) {
      requestIdByToken.put(call.meta().get("progressToken"), r.id());
    }
    return delegate.sendMessage(message);
  }

  /** Remembers the request id of the call sent with this progress token. */
  @Override
  public void track(Object progressToken, Object requestId) {
    requestIdByToken.put(progressToken, requestId);
  }

  /** Forgets a finished call. */
  @Override
  public void forget(Object progressToken) {
    requestIdByToken.remove(progressToken);
  }

  /**
   * Tells the server to stop the call sent with this progress token ({@code
   * notifications/cancelled}); does nothing when the request was never sent.
   */
  @Override
  public void cancel(Object progressToken, String reason) {
    Object id = requestIdByToken.remove(progressToken);
    if (id == null) {
      return;
    }
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("requestId", id);
    params.put("reason", reason);
    delegate
        .sendMessage(
            new McpSchema.JSONRPCNotification(
                McpSchema.JSONRPC_VERSION, "notifications/cancelled", params))
        .subscribe(
            ignored -> {},
            e -> log.debug("could not send notifications/cancelled: {}", e.getMessage()));
  }

  @Override
  public void setExceptionHandler(Consumer<Throwable> handler) {
    delegate.setExceptionHandler(handler);
  }

  @Override
  public List<String> protocolVersions() {
    return delegate.protocolVersions();
  }

  @Override
  public Mono<Void> closeGracefully() {
    return delegate.closeGracefully();
  }

  @Override
  public void close() {
    delegate.close();
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    if (typeRef.getType() == McpSchema.ListToolsResult.class && data instanceof Map<?, ?> page) {
      data = UsableTools.keepUsable(page, server);
    }
    return delegate.unmarshalFrom(data, typeRef);
  }
}
