package dev.toolnexus;

import java.util.Map;

/**
 * The body of a native tool: takes the parsed arguments and the call context and returns a {@code
 * String} (the output) or a {@link ToolResult}. A thrown exception becomes an error result carrying
 * its message.
 */
@FunctionalInterface
public interface ToolFunction {
  /** Runs the tool body. */
  Object apply(Map<String, Object> args, ToolContext ctx) throws Exception;
}
