package dev.toolnexus.mcp.client;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/** An MCP SDK servlet served by Jetty at {@code 127.0.0.1} (a free port), behind one filter. */
final class JettyMcp {
  private JettyMcp() {}

  /** Starts Jetty with {@code servlet} at {@code /mcp} and {@code filter} before every request. */
  static Server start(HttpServlet servlet, Filter filter) throws Exception {
    Server jetty = new Server(new InetSocketAddress("127.0.0.1", 0));
    ServletContextHandler context = new ServletContextHandler();
    ServletHolder holder = new ServletHolder(servlet);
    holder.setAsyncSupported(true);
    context.addServlet(holder, "/mcp");
    FilterHolder filtered = new FilterHolder(filter);
    filtered.setAsyncSupported(true);
    context.addFilter(filtered, "/*", EnumSet.of(DispatcherType.REQUEST));
    jetty.setHandler(context);
    jetty.start();
    return jetty;
  }

  /** The port Jetty listens on. */
  static int port(Server jetty) {
    return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
  }
}
