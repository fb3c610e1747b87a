package dev.toolnexus;

import java.util.List;
import java.util.Objects;

/**
 * A live provider of tools that a {@link Toolkit} assembles: the MCP servers of a config, the skill
 * source, a host's own source, later remote agents. Its tool list may change over time (an MCP
 * server's {@code list_changed}); it tells the toolkit through the change listener.
 *
 * <p>Where its tools go in the toolkit follows {@link #kind()}: an {@link Source#MCP} source with
 * the MCP servers, a {@link Source#SKILL} source with the skills, anything else after the host's
 * own tools, ordered by {@link #id()}.
 */
public interface ToolSource extends AutoCloseable {

  /**
   * The source's name, unique within a toolkit: the key of {@link Toolkit#status()}, for example
   * {@code "mcp"} or {@code "skills"}.
   */
  String id();

  /** The current tools, in the order they should appear. */
  List<Tool> tools();

  /** What kind of tools this source provides; decides its place in the toolkit's order. */
  default Source kind() {
    return Source.CUSTOM;
  }

  /** Whether the source is up, and the status of each of its parts. */
  default SourceStatus status() {
    return SourceStatus.ready();
  }

  /** Registers a listener called whenever {@link #tools()} changes. */
  default void onToolsChanged(Runnable listener) {}

  /** Releases processes and sockets; idempotent. */
  @Override
  default void close() {}

  /** A fixed source of these tools, always ready. */
  static ToolSource of(String id, List<? extends Tool> tools) {
    Objects.requireNonNull(id, "id");
    List<Tool> copy = List.copyOf(tools);
    copy.forEach(t -> Names.requireValid(t.name()));
    return new ToolSource() {
      @Override
      public String id() {
        return id;
      }

      @Override
      public List<Tool> tools() {
        return copy;
      }

      @Override
      public String toString() {
        return "ToolSource[" + id + ", " + copy.size() + " tools]";
      }
    };
  }

  /** A fixed source of these tools, always ready. */
  static ToolSource of(String id, Tool... tools) {
    return of(id, List.of(tools));
  }
}
