package dev.toolnexus.server;

import dev.toolnexus.Toolkit;
import dev.toolnexus.server.internal.McpProtocol;
import dev.toolnexus.server.internal.StdioServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Serves a {@link Toolkit} as an MCP server, so any MCP client (a desktop app, an IDE, another
 * agent) can list and call its tools: every source the toolkit aggregates is re-exposed through one
 * server. Over streamable HTTP with {@link #http}, or over stdio with {@link #stdio}.
 *
 * <pre>{@code
 * try (Toolkit toolkit = Toolkit.builder().mcpConfig(Path.of("mcp.json")).build();
 *     McpHttpServer server = McpServe.http(toolkit, McpServeOptions.builder().port(8931).build())) {
 *   System.out.println("serving " + server.url());
 *   Thread.currentThread().join();
 * }
 * }</pre>
 */
public final class McpServe {
  private static final long STDIO_GRACE_MILLIS = 5000;

  private McpServe() {}

  /**
   * Starts serving over streamable HTTP at {@code options.path()}; returns once the port is bound.
   *
   * @throws IOException when the port cannot be bound
   */
  public static McpHttpServer http(Toolkit toolkit, McpServeOptions options) throws IOException {
    return McpHttpServer.start(
        Objects.requireNonNull(toolkit, "toolkit"), Objects.requireNonNull(options, "options"));
  }

  /**
   * Serves over stdio until {@code in} ends: one JSON-RPC message per line, answers on {@code out},
   * nothing else written to it. At end of input, running calls are cancelled and given a few
   * seconds to finish; the caller then closes the toolkit.
   *
   * @throws IOException when reading {@code in} fails
   */
  public static void stdio(
      Toolkit toolkit, McpServeOptions options, InputStream in, OutputStream out)
      throws IOException {
    stdio(
        toolkit,
        options,
        in,
        new OutputStreamWriter(Objects.requireNonNull(out, "out"), StandardCharsets.UTF_8));
  }

  /** {@link #stdio(Toolkit, McpServeOptions, InputStream, OutputStream)} writing to a writer. */
  public static void stdio(Toolkit toolkit, McpServeOptions options, InputStream in, Writer out)
      throws IOException {
    McpProtocol protocol =
        new McpProtocol(
            Objects.requireNonNull(toolkit, "toolkit"), Objects.requireNonNull(options, "options"));
    StdioServer server = new StdioServer(protocol, Objects.requireNonNull(out, "out"));
    Runnable unsubscribe =
        protocol.onToolsChanged(() -> server.session().broadcast(McpProtocol.listChanged()));
    try {
      server.run(Objects.requireNonNull(in, "in"), STDIO_GRACE_MILLIS);
    } finally {
      unsubscribe.run();
      protocol.close();
    }
  }
}
