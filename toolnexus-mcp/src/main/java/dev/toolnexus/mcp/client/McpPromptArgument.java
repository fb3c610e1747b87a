package dev.toolnexus.mcp.client;

import java.util.Objects;

/**
 * One argument of an MCP prompt.
 *
 * @param name the argument's name, the key in {@link McpToolSource#prompt(String, String,
 *     java.util.Map)}
 * @param title a human title, or null
 * @param description what it means, or null
 * @param required whether {@code prompts/get} needs it
 */
public record McpPromptArgument(String name, String title, String description, boolean required) {
  /** Requires the name. */
  public McpPromptArgument {
    Objects.requireNonNull(name, "name");
  }
}
