package dev.toolnexus.mcp.internal;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import java.util.List;
import java.util.Map;
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
public final class ObservedTransport implements McpClientTransport {
  private static final Logger log = LoggerFactory.getLogger(ObservedTransport.class);

  private final McpClientTransport delegate;
  private final String server;
  private final CallIds callIds;

  /** Observes {@code delegate} of the named server. */
  public ObservedTransport(McpClientTransport delegate, String server) {
    this.delegate = delegate;
    this.server = server;
    this.callIds =
        new CallIds(
            note ->
                delegate
                    .sendMessage(note)
                    .subscribe(
                        ignored -> {},
                        e ->
                            log.debug(
                                "could not send notifications/cancelled: {}", e.getMessage())));
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
      callIds.track(call.meta().get("progressToken"), r.id());
    }
    return delegate.sendMessage(message);
  }

  /** The ids of the calls in flight, for {@code notifications/cancelled}. */
  CallIds callIds() {
    return callIds;
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
