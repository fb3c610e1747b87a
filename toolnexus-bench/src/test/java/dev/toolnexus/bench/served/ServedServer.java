package dev.toolnexus.bench.served;

import dev.toolnexus.Toolkit;
import dev.toolnexus.Tools;
import dev.toolnexus.server.McpHttpServer;
import dev.toolnexus.server.McpServe;
import dev.toolnexus.server.McpServeOptions;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The Java servers of the served-side bench ({@code bench/served.sh}), one per process, each with
 * the same two tools: {@code echo} (says its {@code text}) and {@code blob} (64 KiB of text).
 * {@code toolnexus} is {@link McpServe#http} as {@code toolnexus serve --mcp} calls it, with the
 * tools defined in Java instead of through an MCP config (which would add a stdio hop); {@code
 * java-sdk} is the official MCP Java SDK's streamable servlet transport on Jetty; {@code floor} is
 * {@link FloorHandler}. Prints {@code PORT=N} once listening and runs until the process is stopped.
 */
public final class ServedServer {
  /** The text of the {@code blob} tool's result. */
  static final String BLOB = "x".repeat(65536);

  private static final Map<String, Object> TEXT_ARG =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of("text", Map.of("type", "string")),
          "required",
          List.of("text"));
  private static final Map<String, Object> NO_ARGS =
      Map.of("type", "object", "properties", Map.of());

  private ServedServer() {}

  /** Starts the server named by the first argument on 127.0.0.1 and a free port. */
  public static void main(String[] args) throws Exception {
    String kind = args.length > 0 ? args[0] : "toolnexus";
    AutoCloseable running =
        switch (kind) {
          case "toolnexus" -> toolnexus();
          case "java-sdk" -> javaSdk();
          case "floor" -> floor();
          default -> throw new IllegalArgumentException("no server " + kind);
        };
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    running.close();
                  } catch (Exception e) {
                    // the process ends anyway
                  }
                }));
    new CountDownLatch(1).await();
  }

  private static AutoCloseable toolnexus() throws Exception {
    Toolkit toolkit =
        Toolkit.builder()
            .builtins(false)
            .tools(
                List.of(
                    Tools.define(
                        "echo", "Says its text", TEXT_ARG, a -> String.valueOf(a.get("text"))),
                    Tools.define("blob", "64 KiB of text", NO_ARGS, a -> BLOB)))
            .build();
    McpHttpServer server = McpServe.http(toolkit, McpServeOptions.builder().build());
    announce(server.port());
    return () -> {
      server.close();
      toolkit.close();
    };
  }

  private static AutoCloseable javaSdk() throws Exception {
    HttpServletStreamableServerTransportProvider provider =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpJsonDefaults.getMapper())
            .mcpEndpoint("/mcp")
            .build();
    McpSyncServer server =
        McpServer.sync(provider)
            .serverInfo("bench-java-sdk", "1.0.0")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            .tools(
                tool("echo", "Says its text", TEXT_ARG, a -> String.valueOf(a.get("text"))),
                tool("blob", "64 KiB of text", NO_ARGS, a -> BLOB))
            .build();
    Server jetty = new Server(new InetSocketAddress("127.0.0.1", 0));
    ServletContextHandler context = new ServletContextHandler();
    ServletHolder holder = new ServletHolder(provider);
    holder.setAsyncSupported(true);
    context.addServlet(holder, "/mcp");
    jetty.setHandler(context);
    jetty.start();
    announce(((ServerConnector) jetty.getConnectors()[0]).getLocalPort());
    return () -> {
      server.close();
      jetty.stop();
    };
  }

  private static SyncToolSpecification tool(
      String name,
      String description,
      Map<String, Object> schema,
      java.util.function.Function<Map<String, Object>, String> body) {
    return SyncToolSpecification.builder()
        .tool(McpSchema.Tool.builder(name, schema).description(description).build())
        .callHandler(
            (exchange, req) ->
                McpSchema.CallToolResult.builder()
                    .addTextContent(body.apply(req.arguments()))
                    .isError(false)
                    .build())
        .build();
  }

  private static AutoCloseable floor() throws Exception {
    Server jetty = new Server(new InetSocketAddress("127.0.0.1", 0));
    jetty.setHandler(new FloorHandler());
    jetty.start();
    announce(((ServerConnector) jetty.getConnectors()[0]).getLocalPort());
    return jetty::stop;
  }

  private static void announce(int port) {
    System.out.println("PORT=" + port);
    System.out.flush();
  }
}
