package dev.toolnexus.mcp.internal;

import dev.toolnexus.CancelToken;
import dev.toolnexus.WaitFor;
import dev.toolnexus.mcp.client.McpServerConfig;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The 2025-11-25 session with a remote server through the MCP Java SDK's client: the {@code
 * initialize} handshake over streamable HTTP, falling back to the legacy SSE transport when the
 * POST is answered with a 4xx, or over SSE alone.
 */
final class SdkSession {
  private static final Logger log = LoggerFactory.getLogger(SdkSession.class);
  // The SDK's own per-request timeout is set out of the way; every wait here is bounded by us.
  private static final Duration SDK_REQUEST_TIMEOUT = Duration.ofDays(1);
  private static final Duration CLOSE_GRACE = Duration.ofSeconds(2);
  static final McpSchema.Implementation CLIENT_INFO =
      McpSchema.Implementation.builder("toolnexus", Version.VALUE).build();

  /** What the session hands back to the connection: tools changed, progress, resource updated. */
  record Hooks(
      Runnable toolsChanged,
      Consumer<McpSchema.ProgressNotification> progress,
      Consumer<String> resourceUpdated) {}

  final McpAsyncClient client;
  final ObservedTransport transport;
  final McpSchema.InitializeResult initialized;

  private SdkSession(
      McpAsyncClient client, ObservedTransport transport, McpSchema.InitializeResult initialized) {
    this.client = client;
    this.transport = transport;
    this.initialized = initialized;
  }

  /** The session over the legacy SSE transport only. */
  static SdkSession sse(
      McpServerConfig config,
      Map<String, String> headers,
      WaitFor waitFor,
      CancelToken cancel,
      CompletableFuture<String> dead,
      Hooks hooks) {
    return initialize(config, HttpTransports.sse(config, headers), waitFor, cancel, dead, hooks);
  }

  /** The session over streamable HTTP, or over SSE when the POST is answered with a 4xx. */
  static SdkSession http(
      McpServerConfig config,
      Map<String, String> headers,
      WaitFor waitFor,
      CancelToken cancel,
      CompletableFuture<String> dead,
      Hooks hooks) {
    McpClientTransport streamable = HttpTransports.streamable(config, headers);
    try {
      return initialize(config, streamable, waitFor, cancel, dead, hooks);
    } catch (McpFailure first) {
      Integer refused = HttpTransports.authorizationStatus(first);
      if (refused != null) {
        // SSE would be refused the same way; say so instead of waiting for it
        throw new McpFailure(
            "initialize failed: HTTP "
                + refused
                + " (the server refused the request; check the configured headers)",
            first);
      }
      Integer status = HttpTransports.httpStatus(first);
      if (status == null || status < 400 || status >= 500) {
        // only a 4xx to the POST says "an older server": refused, a web page, a 5xx are final
        throw first;
      }
      log.debug(
          "MCP server {} answered the streamable HTTP POST with HTTP {}; trying SSE",
          config.name(),
          status);
      String sseAnswer = HttpTransports.sseRefusal(config, headers);
      if (sseAnswer != null) {
        // neither transport is served here: say what each attempt was answered
        throw new McpFailure(
            "initialize failed: the streamable HTTP POST was answered "
                + HttpTransports.statusText(first)
                + "; the legacy SSE GET was answered "
                + sseAnswer,
            first);
      }
      try {
        return sse(config, headers, waitFor, cancel, dead, hooks);
      } catch (McpFailure second) {
        throw new McpFailure(
            "streamable HTTP: " + first.getMessage() + "; SSE: " + second.getMessage(), second);
      }
    }
  }

  private static SdkSession initialize(
      McpServerConfig config,
      McpClientTransport raw,
      WaitFor waitFor,
      CancelToken cancel,
      CompletableFuture<String> dead,
      Hooks hooks) {
    SdkLogging.quietInstructions();
    ObservedTransport observed = new ObservedTransport(raw, config.name());
    McpSchema.ClientCapabilities.Builder caps = McpSchema.ClientCapabilities.builder();
    if (waitFor != null) {
      caps.elicitation(true, true);
    }
    McpClient.AsyncSpec spec =
        McpClient.async(observed)
            .requestTimeout(SDK_REQUEST_TIMEOUT)
            // ours (in Await) fires first and names the phase; the SDK's is only a backstop
            .initializationTimeout(config.timeout().plus(config.timeout()).plusSeconds(1))
            .clientInfo(CLIENT_INFO)
            .capabilities(caps.build())
            .jsonSchemaValidator(DeferredSchemaValidator.INSTANCE)
            .toolsChangeConsumer(
                ignored ->
                    Mono.<Void>fromRunnable(hooks.toolsChanged())
                        .subscribeOn(Schedulers.boundedElastic()))
            .progressConsumer(n -> Mono.<Void>fromRunnable(() -> hooks.progress().accept(n)))
            .resourcesUpdateConsumer(
                contents ->
                    Mono.<Void>fromRunnable(
                            () -> contents.forEach(c -> hooks.resourceUpdated().accept(c.uri())))
                        .subscribeOn(Schedulers.boundedElastic()));
    if (waitFor != null) {
      ElicitationBridge bridge = new ElicitationBridge(waitFor, config.name());
      spec.elicitation(bridge::onForm).urlElicitation(bridge::onUrl);
    }
    McpAsyncClient c = spec.build();
    try {
      McpSchema.InitializeResult r =
          Await.await(c.initialize(), config.timeout(), dead, cancel, "initialize");
      return new SdkSession(c, observed, r);
    } catch (RuntimeException e) {
      close(c, config.name());
      throw e;
    }
  }

  /** Closes the client, gracefully first. */
  void close(String server) {
    close(client, server);
  }

  private static void close(McpAsyncClient c, String server) {
    try {
      c.closeGracefully().block(CLOSE_GRACE);
    } catch (RuntimeException e) {
      log.debug("MCP server {}: graceful close failed: {}", server, e.getMessage());
    }
    try {
      c.close();
    } catch (RuntimeException e) {
      log.debug("MCP server {}: close failed: {}", server, e.getMessage());
    }
  }
}
