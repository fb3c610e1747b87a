package dev.toolnexus.server;

/**
 * Log messages a served tool sends to the MCP client that called it, as {@code
 * notifications/message} on that call's stream. Only messages at or above the level the client
 * asked for with {@code logging/setLevel} ({@code info} until it asks) are sent. A tool finds it
 * with {@code ctx.get(McpClientLog.class)}; it is absent when the toolkit is not being served.
 */
@FunctionalInterface
public interface McpClientLog {

  /**
   * Sends one message.
   *
   * @param level {@code debug}, {@code info}, {@code notice}, {@code warning}, {@code error},
   *     {@code critical}, {@code alert} or {@code emergency}
   * @param message the text
   * @throws IllegalArgumentException when the level is none of those
   */
  void log(String level, String message);
}
