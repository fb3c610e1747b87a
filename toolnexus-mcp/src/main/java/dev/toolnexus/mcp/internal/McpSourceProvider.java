package dev.toolnexus.mcp.internal;

import dev.toolnexus.ToolSource;
import dev.toolnexus.mcp.client.Mcp;
import dev.toolnexus.mcp.client.McpConfig;
import dev.toolnexus.spi.SourceRequest;
import dev.toolnexus.spi.ToolSourceProvider;
import java.util.List;

/**
 * The MCP {@link ToolSourceProvider} toolnexus-core finds through {@link java.util.ServiceLoader}:
 * it reads the {@code mcpServers} section (also spelled {@code servers} or {@code mcp}) or a bare
 * map of servers.
 */
public final class McpSourceProvider implements ToolSourceProvider {

  /** Required by {@link java.util.ServiceLoader}. */
  public McpSourceProvider() {}

  @Override
  public List<String> sections() {
    return List.of("mcpServers", "servers", "mcp");
  }

  @Override
  public boolean readsBareConfig() {
    return true;
  }

  @Override
  public ToolSource open(SourceRequest request) {
    McpConfig config = McpConfig.parse(request.config(), request.origin());
    return Mcp.connect(
        config,
        request.waitFor(),
        request.cancel(),
        (name, status) -> request.onPartStatus().accept(name, status.toSourceStatus()));
  }
}
