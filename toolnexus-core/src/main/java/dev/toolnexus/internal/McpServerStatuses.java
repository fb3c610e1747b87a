package dev.toolnexus.internal;

import dev.toolnexus.McpServerStatus;
import java.util.Map;

/**
 * A tool source of MCP servers that knows each server's status in full, including the revision it
 * speaks, which a {@link dev.toolnexus.SourceStatus} part does not carry. Internal.
 */
public interface McpServerStatuses {
  /** Each configured server's status, in config order. */
  Map<String, McpServerStatus> serverStatus();
}
