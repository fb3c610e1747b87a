package dev.toolnexus.mcp.client;

import dev.toolnexus.ContentPart;
import java.util.Objects;

/**
 * One message of a filled-in MCP prompt, its content as a {@link ContentPart} so it can go into a
 * model conversation as it is (for example {@code Message.UserMessage.of(List.of(m.content()))}).
 * An embedded text resource becomes text, an embedded blob a file part, a resource link a file part
 * for an http(s) link and its URI as text otherwise.
 *
 * @param role {@code user} or {@code assistant}
 * @param content the message's content
 */
public record McpPromptMessage(String role, ContentPart content) {
  /** Requires both. */
  public McpPromptMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
  }
}
