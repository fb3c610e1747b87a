package dev.toolnexus.mcp.client;

import java.util.Objects;

/**
 * A parameterised resource an MCP server lists ({@code resources/templates/list}): an RFC 6570 URI
 * template whose variables can be completed with {@link McpToolSource#complete(String,
 * McpCompletionRef, String, String)} and whose expanded URI is read like any resource.
 *
 * @param server the server's name in the config
 * @param uriTemplate the URI template, for example {@code demo://resource/{id}}
 * @param name the server's name for it
 * @param title a human title, or null
 * @param description what it yields, or null
 * @param mimeType the mime type of what it yields, or null
 */
public record McpResourceTemplate(
    String server,
    String uriTemplate,
    String name,
    String title,
    String description,
    String mimeType) {

  /** Requires the server and the template; a missing name becomes the template. */
  public McpResourceTemplate {
    Objects.requireNonNull(server, "server");
    Objects.requireNonNull(uriTemplate, "uriTemplate");
    name = name == null ? uriTemplate : name;
  }
}
