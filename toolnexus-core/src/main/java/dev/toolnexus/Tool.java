package dev.toolnexus;

import java.util.Map;

/**
 * One uniform tool, whatever its origin: a name the model calls, a description, a JSON-Schema
 * object for its arguments, and {@link #execute}. Implementations must be safe for concurrent
 * {@code execute} calls unless {@link #sequential()} says otherwise.
 */
public interface Tool {

  /**
   * The unique name the model calls: 1 to 64 characters, which every provider accepts when they are
   * in {@code [a-zA-Z0-9_-]} (sources that take names from elsewhere apply {@link Names#sanitize}).
   */
  String name();

  /** What the tool does, written for the model. */
  String description();

  /**
   * The JSON-Schema object ({@code {"type":"object", ...}}) for the arguments, as an unmodifiable
   * ordered map of plain JSON values (maps, lists, strings, numbers, booleans, null).
   */
  Map<String, Object> inputSchema();

  /** Where this tool comes from. */
  Source source();

  /**
   * The tool's title, icons and behaviour hints, for a host's display and policy (for example,
   * running a {@link ToolAnnotations#isReadOnly read-only} tool without asking). {@link
   * ToolAnnotations#NONE} when the tool states none.
   */
  default ToolAnnotations annotations() {
    return ToolAnnotations.NONE;
  }

  /**
   * The JSON-Schema object its structured result conforms to, as an unmodifiable map of plain JSON
   * values; an empty map when the tool declares none (never null). An MCP tool's result is checked
   * against it, and a result that does not conform is an error result; a served tool lists it and
   * sends its checked output as structured content. {@link Tools#withOutputSchema} declares one.
   */
  default Map<String, Object> outputSchema() {
    return Map.of();
  }

  /**
   * Runs the tool. Failures are reported as {@link ToolResult#error error results}, never thrown; a
   * suspension is a result carrying {@code metadata.pending} (see {@link Request}).
   *
   * @param args the arguments the model supplied, already parsed from JSON
   * @param ctx cancellation, timeout and the {@link Answer} of a post-suspension retry
   */
  ToolResult execute(Map<String, Object> args, ToolContext ctx);

  /**
   * Whether two calls to this tool must never run at the same time (a tool that is not
   * thread-safe). The client then serializes calls to it within a turn.
   */
  default boolean sequential() {
    return false;
  }
}
