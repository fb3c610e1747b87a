package dev.toolnexus.spi;

import dev.toolnexus.CancelToken;
import dev.toolnexus.McpServerStatus;
import dev.toolnexus.WaitFor;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What the toolkit hands an {@link McpConnector}.
 *
 * @param config the parsed config document (with its {@code mcpServers}/{@code servers}/{@code mcp}
 *     wrapper or a raw server map)
 * @param origin where the config came from (a file path, or {@code "<object>"}), for error messages
 * @param waitFor the host's suspension slot, used for the elicitation bridge; may be null
 * @param cancel cancels the whole load
 * @param onServerStatus told each server's status (name, status) as soon as that server is
 *     connected, failed or found disabled, so a host can show progress while the load runs; called
 *     from the connecting threads; never null (a no-op when not given)
 */
public record McpLoadRequest(
    Map<String, Object> config,
    String origin,
    WaitFor waitFor,
    CancelToken cancel,
    BiConsumer<String, McpServerStatus> onServerStatus) {

  /** Fills a missing status listener with a no-op. */
  public McpLoadRequest {
    onServerStatus = onServerStatus == null ? (name, status) -> {} : onServerStatus;
  }

  /** A request without a status listener. */
  public McpLoadRequest(
      Map<String, Object> config, String origin, WaitFor waitFor, CancelToken cancel) {
    this(config, origin, waitFor, cancel, null);
  }
}
