package dev.toolnexus.spi;

/**
 * Connects the MCP servers of a parsed config. Implemented by {@code toolnexus-mcp} and found with
 * {@link java.util.ServiceLoader}, so core never depends on the MCP SDK.
 */
public interface McpConnector {

  /**
   * Connects every enabled server concurrently; a failing server is isolated in the status map.
   *
   * @throws InterruptedException when the whole load is cancelled
   * @throws IllegalArgumentException when the config itself is malformed (naming file and field)
   */
  McpConnection connect(McpLoadRequest request) throws InterruptedException;
}
