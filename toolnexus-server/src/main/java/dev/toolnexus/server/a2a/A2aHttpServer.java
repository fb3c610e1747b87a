package dev.toolnexus.server.a2a;

import dev.toolnexus.Toolkit;
import dev.toolnexus.client.LlmClient;
import dev.toolnexus.client.Responder;
import dev.toolnexus.server.McpServeOptions;
import dev.toolnexus.server.internal.JettyServers;
import dev.toolnexus.server.internal.McpProtocol;
import dev.toolnexus.server.internal.RequestGuard;
import dev.toolnexus.server.internal.Sessions;
import dev.toolnexus.server.internal.StreamableHttpHandler;
import dev.toolnexus.server.internal.a2a.A2aHandler;
import dev.toolnexus.server.internal.a2a.TaskRunner;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.server.Server;

/**
 * A toolkit served as an A2A agent over HTTP (Jetty 12), with the toolkit's MCP server on the same
 * host when the options ask for it. {@link #close()} stops serving and cancels running tasks
 * without marking them canceled, so a persistent task store lets the next server run them again; it
 * does not close the toolkit or the client, which the caller owns.
 */
public final class A2aHttpServer implements AutoCloseable {
  private final Server server;
  private final TaskRunner runner;
  private final Sessions sessions;
  private final McpProtocol protocol;
  private final Runnable unsubscribe;
  private final URI url;
  private final URI mcpUrl;
  private final AtomicBoolean closed = new AtomicBoolean();

  private A2aHttpServer(
      Server server,
      TaskRunner runner,
      Sessions sessions,
      McpProtocol protocol,
      Runnable unsubscribe,
      URI url,
      URI mcpUrl) {
    this.server = server;
    this.runner = runner;
    this.sessions = sessions;
    this.protocol = protocol;
    this.unsubscribe = unsubscribe;
    this.url = url;
    this.mcpUrl = mcpUrl;
  }

  static A2aHttpServer start(
      Toolkit toolkit, LlmClient client, Responder agent, A2aServeOptions options)
      throws IOException {
    McpServeOptions host = options.hostOptions();
    TaskRunner runner =
        new TaskRunner(
            toolkit,
            client,
            agent,
            options.store(),
            options.onTask(),
            options.taskTimeout(),
            options.push());
    McpProtocol protocol = null;
    Sessions sessions = null;
    StreamableHttpHandler mcp = null;
    if (options.mcp() != null) {
      protocol = new McpProtocol(toolkit, host);
      sessions = new Sessions(host.sessionIdleTimeout());
      mcp = new StreamableHttpHandler(protocol, sessions);
    }
    Server server = JettyServers.create(options.host(), options.port(), "toolnexus-a2a-http");
    AtomicReference<String> base = new AtomicReference<>();
    server.setHandler(
        new A2aHandler(
            options,
            toolkit,
            runner,
            new RequestGuard(host),
            mcp,
            host.path(),
            () -> base.get() + "/"));
    McpProtocol mcpProtocol = protocol;
    Sessions mcpSessions = sessions;
    JettyServers.start(
        server,
        "A2A",
        options.host(),
        options.port(),
        () -> {
          if (mcpSessions != null) {
            mcpSessions.close();
            mcpProtocol.close();
          }
        });
    String h = options.host();
    if (h.equals("0.0.0.0") || h.equals("::") || h.equals("[::]")) {
      h = "127.0.0.1";
    }
    h = h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h;
    String bound = "http://" + h + ":" + JettyServers.port(server);
    base.set(options.baseUrl() != null ? options.baseUrl() : bound);
    Runnable unsubscribe = () -> {};
    if (protocol != null) {
      Sessions s = sessions;
      unsubscribe = protocol.onToolsChanged(() -> s.broadcast(McpProtocol.listChanged()));
    }
    runner.recover();
    return new A2aHttpServer(
        server,
        runner,
        sessions,
        protocol,
        unsubscribe,
        URI.create(base.get() + "/"),
        mcp == null ? null : URI.create(bound + host.path()));
  }

  /** The JSON-RPC endpoint, for example {@code http://127.0.0.1:8940/}. */
  public URI url() {
    return url;
  }

  /** The agent card's URL: {@code <base>/.well-known/agent-card.json}. */
  public URI cardUrl() {
    return url.resolve(A2aHandler.CARD_PATH);
  }

  /** The MCP endpoint on the same host; empty when MCP is not mounted. */
  public Optional<URI> mcpUrl() {
    return Optional.ofNullable(mcpUrl);
  }

  /** The port the server listens on. */
  public int port() {
    return JettyServers.port(server);
  }

  /** Stops serving; running tasks are canceled and stay working in the store. Idempotent. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    runner.close();
    unsubscribe.run();
    if (sessions != null) {
      sessions.close();
    }
    try {
      server.stop();
    } catch (Exception e) {
      // the port is freed either way; nothing useful to report to the caller
    }
    if (protocol != null) {
      protocol.close();
    }
  }
}
