package dev.toolnexus;

/**
 * The body of a record-typed tool ({@link Tools#fromRecord(String, String, Class,
 * RecordFunction)}): gets the arguments already bound to {@code T} and the call context, and
 * returns a {@code String}, a {@link ToolResult} or any value (written as JSON). A thrown exception
 * becomes an error result.
 *
 * @param <T> the record or bean the arguments are bound to
 */
@FunctionalInterface
public interface RecordFunction<T> {
  /** Runs the tool body. */
  Object apply(T arguments, ToolContext ctx) throws Exception;
}
