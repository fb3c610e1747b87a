package dev.toolnexus.server.internal;

import java.io.IOException;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/** The Jetty server every HTTP host of a toolkit runs on, configured one way. */
public final class JettyServers {
  private JettyServers() {}

  /**
   * A server (not started) with one connector on {@code host:port}: requests on virtual threads
   * where the JVM has them, no version banner, a deep accept queue for bursts of new connections.
   */
  public static Server create(String host, int port, String threadName) {
    QueuedThreadPool threads = new QueuedThreadPool(256, 4);
    threads.setName(threadName);
    threads.setDaemon(true);
    if (VirtualThreads.areSupported()) {
      threads.setVirtualThreadsExecutor(VirtualThreads.getDefaultVirtualThreadsExecutor());
    }
    Server server = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false); // no product and version banner for scanners
    ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
    connector.setHost(host);
    connector.setPort(port);
    // Room for a burst of new connections (many clients connecting at once) before the kernel
    // drops SYNs and the clients wait out retransmission timeouts.
    connector.setAcceptQueueSize(1024);
    server.addConnector(connector);
    server.setStopTimeout(2000);
    return server;
  }

  /** The port the server's first connector listens on. */
  public static int port(Server server) {
    return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
  }

  /**
   * Starts {@code server}; when it cannot start, runs {@code release}, stops what did start and
   * throws an error naming {@code what} and the address (a port in use, a host it cannot bind).
   */
  public static void start(Server server, String what, String host, int port, Runnable release)
      throws IOException {
    try {
      server.start();
    } catch (Exception e) {
      release.run();
      try {
        server.stop();
      } catch (Exception ignored) {
        // nothing more to free
      }
      throw new IOException(
          "cannot serve " + what + " on " + host + ":" + port + ": " + e.getMessage(), e);
    }
  }
}
