package dev.toolnexus.spi;

import dev.toolnexus.Tool;
import java.util.List;

/**
 * A live provider of tools that a {@link dev.toolnexus.Toolkit} assembles: the MCP connection, the
 * skill source and others. Its tool list may change over time (an MCP server's {@code
 * list_changed}); it tells the toolkit through the change listener.
 */
public interface ToolSource extends AutoCloseable {

  /** The current tools, in the order they should appear. */
  List<Tool> tools();

  /** Registers a listener called whenever {@link #tools()} changes. */
  default void onToolsChanged(Runnable listener) {}

  /** Releases processes and sockets; idempotent. */
  @Override
  default void close() {}
}
