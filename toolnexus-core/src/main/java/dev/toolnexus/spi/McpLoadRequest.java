package dev.toolnexus.spi;

import dev.toolnexus.CancelToken;
import dev.toolnexus.WaitFor;
import java.util.Map;

/**
 * What the toolkit hands an {@link McpConnector}.
 *
 * @param config the parsed config document (with its {@code mcpServers}/{@code servers}/{@code mcp}
 *     wrapper or a raw server map)
 * @param origin where the config came from (a file path, or {@code "<object>"}), for error messages
 * @param waitFor the host's suspension slot, used for the elicitation bridge; may be null
 * @param cancel cancels the whole load
 */
public record McpLoadRequest(
    Map<String, Object> config, String origin, WaitFor waitFor, CancelToken cancel) {}
