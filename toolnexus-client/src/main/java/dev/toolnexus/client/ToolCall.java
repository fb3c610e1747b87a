package dev.toolnexus.client;

import java.util.Objects;

/**
 * A tool call as the model emitted it. {@code arguments} is the raw JSON text, kept verbatim even
 * when it is not valid JSON, so the transcript never loses what the model actually said.
 *
 * @param id the provider's call id (the tool-result correlation key)
 * @param name the tool the model asked for
 * @param arguments the arguments as JSON text
 */
public record ToolCall(String id, String name, String arguments) {

  /** Requires id and name; a missing argument text becomes {@code "{}"}. */
  public ToolCall {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    arguments = arguments == null ? "{}" : arguments;
  }
}
