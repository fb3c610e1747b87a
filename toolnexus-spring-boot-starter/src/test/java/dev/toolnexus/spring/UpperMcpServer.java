package dev.toolnexus.spring;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A stdio MCP server built with the MCP SDK, run in its own JVM by the tests: one tool, {@code
 * upper}, answering its {@code text} argument in upper case.
 */
public final class UpperMcpServer {
  private UpperMcpServer() {}

  /** The argv that starts this server with the test classpath. */
  static List<String> command() {
    return List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xshare:auto",
        "-XX:TieredStopAtLevel=1",
        "-cp",
        System.getProperty("java.class.path"),
        UpperMcpServer.class.getName());
  }

  /** An {@code mcp.json} in {@code dir} naming this server {@code text}. */
  static Path config(Path dir) throws java.io.IOException {
    StringBuilder argv = new StringBuilder();
    for (String a : command()) {
      argv.append(argv.length() == 0 ? "" : ",").append(dev.toolnexus.Json.write(a));
    }
    return Files.writeString(
        dir.resolve("mcp.json"), "{\"mcpServers\":{\"text\":{\"command\":[" + argv + "]}}}");
  }

  /**
   * Serves until stdin closes.
   *
   * @param args none
   */
  public static void main(String[] args) throws InterruptedException {
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
    SyncToolSpecification upper =
        SyncToolSpecification.builder()
            .tool(
                McpSchema.Tool.builder(
                        "upper",
                        Map.of(
                            "type",
                            "object",
                            "properties",
                            Map.of("text", Map.of("type", "string"))))
                    .description("Upper-cases a text")
                    .build())
            .callHandler(
                (exchange, req) ->
                    McpSchema.CallToolResult.builder()
                        .addTextContent(String.valueOf(req.arguments().get("text")).toUpperCase())
                        .isError(false)
                        .build())
            .build();
    McpServer.sync(new StdioServerTransportProvider(McpJsonDefaults.getMapper(), System.in, out))
        .serverInfo("upper", "1.0.0")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
        .tools(List.of(upper))
        .build();
    new CountDownLatch(1).await();
  }
}
