package dev.toolnexus.server;

import dev.toolnexus.Toolkit;
import dev.toolnexus.server.internal.JettyServers;
import dev.toolnexus.server.internal.McpProtocol;
import dev.toolnexus.server.internal.Sessions;
import dev.toolnexus.server.internal.StreamableHttpHandler;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.server.Server;

/**
 * A running MCP server over streamable HTTP (Jetty 12). Requests are served concurrently, on
 * virtual threads where the JVM has them. {@link #close()} cancels running calls, ends open streams
 * and frees the port; it does not close the toolkit, which the caller owns.
 */
public final class McpHttpServer implements AutoCloseable {
  private final Server server;
  private final Sessions sessions;
  private final McpProtocol protocol;
  private final Runnable unsubscribe;
  private final URI url;
  private final AtomicBoolean closed = new AtomicBoolean();

  private McpHttpServer(
      Server server, Sessions sessions, McpProtocol protocol, Runnable unsubscribe, URI url) {
    this.server = server;
    this.sessions = sessions;
    this.protocol = protocol;
    this.unsubscribe = unsubscribe;
    this.url = url;
  }

  static McpHttpServer start(Toolkit toolkit, McpServeOptions options) throws IOException {
    McpProtocol protocol = new McpProtocol(toolkit, options);
    Sessions sessions = new Sessions(options.sessionIdleTimeout());
    Server server = JettyServers.create(options.host(), options.port(), "toolnexus-mcp-http");
    server.setHandler(new StreamableHttpHandler(protocol, sessions));
    JettyServers.start(
        server,
        "MCP",
        options.host(),
        options.port(),
        () -> {
          sessions.close();
          protocol.close();
        });
    String host = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
    URI url = URI.create("http://" + host + ":" + JettyServers.port(server) + options.path());
    Runnable unsubscribe =
        protocol.onToolsChanged(() -> sessions.broadcast(McpProtocol.listChanged()));
    return new McpHttpServer(server, sessions, protocol, unsubscribe, url);
  }

  /** The endpoint URL, for example {@code http://127.0.0.1:8931/mcp}. */
  public URI url() {
    return url;
  }

  /** The port the server listens on. */
  public int port() {
    return url.getPort();
  }

  /** How many client sessions are open. */
  public int sessionCount() {
    return sessions.all().size();
  }

  /** Stops serving: running calls are cancelled and open streams end. Idempotent. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    unsubscribe.run();
    sessions.close();
    try {
      server.stop();
    } catch (Exception e) {
      // the port is freed either way; nothing useful to report to the caller
    }
    protocol.close();
  }
}
