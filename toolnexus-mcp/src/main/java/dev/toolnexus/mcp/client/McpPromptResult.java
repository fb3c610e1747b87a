package dev.toolnexus.mcp.client;

import java.util.List;

/**
 * A filled-in MCP prompt ({@code prompts/get}).
 *
 * @param description the server's description of the result, or null
 * @param messages the messages in order
 */
public record McpPromptResult(String description, List<McpPromptMessage> messages) {
  /** Freezes the messages. */
  public McpPromptResult {
    messages = messages == null ? List.of() : List.copyOf(messages);
  }
}
