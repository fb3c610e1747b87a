package dev.toolnexus.client;

import java.util.Map;

/**
 * One tool call a run made and what came of it.
 *
 * @param id the provider's tool-call id
 * @param name the tool the model called
 * @param args the arguments the tool ran with (after any {@code beforeTool} rewrite); empty when
 *     the model's arguments were not valid JSON
 * @param output the text fed back to the model
 * @param isError whether the result was an error
 * @param metadata the tool result's metadata (MCP {@code server}, HTTP {@code status}, ...)
 */
public record ToolCallRecord(
    String id,
    String name,
    Map<String, Object> args,
    String output,
    boolean isError,
    Map<String, Object> metadata) {

  /** Normalises nulls. */
  public ToolCallRecord {
    args = args == null ? Map.of() : args;
    output = output == null ? "" : output;
    metadata = metadata == null ? Map.of() : metadata;
  }
}
