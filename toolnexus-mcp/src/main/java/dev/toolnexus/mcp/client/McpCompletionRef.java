package dev.toolnexus.mcp.client;

import java.util.Objects;

/**
 * What {@code completion/complete} completes an argument of: a prompt by name or a resource
 * template by its URI template.
 *
 * @param type {@code ref/prompt} or {@code ref/resource}
 * @param name the prompt's name or the URI template
 */
public record McpCompletionRef(String type, String name) {
  /** Requires a known type and a name. */
  public McpCompletionRef {
    Objects.requireNonNull(name, "name");
    if (!"ref/prompt".equals(type) && !"ref/resource".equals(type)) {
      throw new IllegalArgumentException(
          "a completion ref is ref/prompt or ref/resource, not " + type);
    }
  }

  /** A prompt's argument. */
  public static McpCompletionRef prompt(String name) {
    return new McpCompletionRef("ref/prompt", name);
  }

  /** A resource template's variable. */
  public static McpCompletionRef resourceTemplate(String uriTemplate) {
    return new McpCompletionRef("ref/resource", uriTemplate);
  }

  /** Whether this is a prompt's argument. */
  public boolean isPrompt() {
    return "ref/prompt".equals(type);
  }
}
