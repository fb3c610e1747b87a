package dev.toolnexus.mcp.internal;

import dev.toolnexus.internal.Threads;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a change notification heard on a {@code subscriptions/listen} stream does, over HTTP and
 * stdio alike: the kept answers it makes stale are dropped from the list cache at once (tools,
 * prompts, resources and templates, or the reads after a resource update), then the tools are
 * listed again or the resource's listeners told, each on a thread of its own.
 */
final class ChangeNotes {
  private final String server;
  private final Consumer<String> drop;
  private final Runnable toolsChanged;
  private final Consumer<String> resourceUpdated;

  /**
   * @param drop drops the kept answers of one method (the list cache's, for this server)
   * @param toolsChanged lists the tools again
   * @param resourceUpdated tells the listeners of one URI
   */
  ChangeNotes(
      String server,
      Consumer<String> drop,
      Runnable toolsChanged,
      Consumer<String> resourceUpdated) {
    this.server = server;
    this.drop = drop;
    this.toolsChanged = toolsChanged;
    this.resourceUpdated = resourceUpdated;
  }

  /** Handles one notification; any other method is ignored. */
  void accept(Map<?, ?> message) {
    Object method = message.get("method");
    if (McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(method)) {
      drop.accept(McpSchema.METHOD_TOOLS_LIST);
      Threads.start("toolnexus-mcp-" + server + "-refresh", toolsChanged);
    } else if (McpSchema.METHOD_NOTIFICATION_PROMPTS_LIST_CHANGED.equals(method)) {
      drop.accept(McpSchema.METHOD_PROMPT_LIST);
    } else if (McpSchema.METHOD_NOTIFICATION_RESOURCES_LIST_CHANGED.equals(method)) {
      drop.accept(McpSchema.METHOD_RESOURCES_LIST);
      drop.accept(McpSchema.METHOD_RESOURCES_TEMPLATES_LIST);
    } else if (McpSchema.METHOD_NOTIFICATION_RESOURCES_UPDATED.equals(method)
        && message.get("params") instanceof Map<?, ?> p
        && p.get("uri") instanceof String uri) {
      drop.accept(McpSchema.METHOD_RESOURCES_READ);
      Threads.start("toolnexus-mcp-" + server + "-updated", () -> resourceUpdated.accept(uri));
    }
  }
}
