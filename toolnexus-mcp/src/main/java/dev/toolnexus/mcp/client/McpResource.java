package dev.toolnexus.mcp.client;

import java.util.Objects;

/**
 * One resource an MCP server lists ({@code resources/list}), read with {@link
 * McpToolSource#read(String, String)}.
 *
 * @param server the server's name in the config
 * @param uri the resource's URI, the key to read it by
 * @param name the server's name for it
 * @param title a human title, or null
 * @param description what it holds, or null
 * @param mimeType its mime type, or null when the server does not say
 * @param size its size in bytes as the server states it, or null
 */
public record McpResource(
    String server,
    String uri,
    String name,
    String title,
    String description,
    String mimeType,
    Long size) {

  /** Requires the server and the URI; a missing name becomes the URI. */
  public McpResource {
    Objects.requireNonNull(server, "server");
    Objects.requireNonNull(uri, "uri");
    name = name == null ? uri : name;
  }
}
