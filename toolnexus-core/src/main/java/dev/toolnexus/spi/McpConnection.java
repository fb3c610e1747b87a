package dev.toolnexus.spi;

import dev.toolnexus.McpServerStatus;
import java.util.Map;

/** The live MCP side of a toolkit: every server's tools and its status. */
public interface McpConnection extends ToolSource {

  /** Each configured server's status, in config order. */
  Map<String, McpServerStatus> status();
}
