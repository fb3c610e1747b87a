package dev.toolnexus.mcp.client;

import dev.toolnexus.McpServerStatus;
import java.util.List;

/**
 * One server in a list-only inventory: its status and, when connected, every tool it lists
 * (unfiltered, original names).
 *
 * @param status connected, disabled or failed with the reason
 * @param tools the listed tools; empty unless connected
 */
public record McpServerInventory(McpServerStatus status, List<McpToolInfo> tools) {
  /** Freezes the tool list. */
  public McpServerInventory {
    tools = List.copyOf(tools);
  }
}
