package dev.toolnexus.mcp.internal;

import dev.toolnexus.mcp.Mcp;
import dev.toolnexus.mcp.McpConfig;
import dev.toolnexus.spi.McpConnection;
import dev.toolnexus.spi.McpConnector;
import dev.toolnexus.spi.McpLoadRequest;

/** The {@link McpConnector} toolnexus-core finds through {@link java.util.ServiceLoader}. */
public final class McpConnectorProvider implements McpConnector {

  /** Required by {@link java.util.ServiceLoader}. */
  public McpConnectorProvider() {}

  @Override
  public McpConnection connect(McpLoadRequest request) {
    McpConfig config = McpConfig.parse(request.config(), request.origin());
    return Mcp.connect(
        config,
        request.waitFor(),
        request.cancel() == null ? new dev.toolnexus.CancelToken() : request.cancel(),
        request.onServerStatus());
  }
}
