package dev.toolnexus.server;

import dev.toolnexus.Source;

/**
 * One finished {@code tools/call} a served toolkit handled, for logging and metrics. The result's
 * text and metadata are not in it: they stay with the caller.
 *
 * @param name the tool that ran
 * @param source where the tool comes from
 * @param millis how long the call took, in milliseconds
 * @param isError whether the result was an error
 */
public record CallEvent(String name, Source source, long millis, boolean isError) {}
