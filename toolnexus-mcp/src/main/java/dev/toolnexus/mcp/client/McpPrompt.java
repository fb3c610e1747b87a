package dev.toolnexus.mcp.client;

import java.util.List;
import java.util.Objects;

/**
 * A prompt template an MCP server lists ({@code prompts/list}), filled in with {@link
 * McpToolSource#prompt(String, String, java.util.Map)}.
 *
 * @param server the server's name in the config
 * @param name the prompt's name
 * @param title a human title, or null
 * @param description what it is for, or null
 * @param arguments its arguments in the server's order
 */
public record McpPrompt(
    String server,
    String name,
    String title,
    String description,
    List<McpPromptArgument> arguments) {
  /** Requires the server and the name; freezes the arguments. */
  public McpPrompt {
    Objects.requireNonNull(server, "server");
    Objects.requireNonNull(name, "name");
    arguments = arguments == null ? List.of() : List.copyOf(arguments);
  }
}
