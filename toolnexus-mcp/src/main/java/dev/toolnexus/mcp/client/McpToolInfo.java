package dev.toolnexus.mcp.client;

import dev.toolnexus.ToolAnnotations;
import java.util.Map;
import java.util.Objects;

/**
 * A server's tool definition as listed, under its original name (for {@link Mcp#listMcpTools}).
 *
 * @param name the tool's name on its server
 * @param description the server's description; empty when it gave none
 * @param inputSchema the JSON-Schema object of the arguments, as plain values
 * @param annotations the listed title, icons and behaviour hints; {@link ToolAnnotations#NONE} when
 *     it lists none
 * @param outputSchema the JSON-Schema object its structured result conforms to; empty when it lists
 *     none
 */
public record McpToolInfo(
    String name,
    String description,
    Map<String, Object> inputSchema,
    ToolAnnotations annotations,
    Map<String, Object> outputSchema) {

  /** Normalises absent values: no description is empty, no annotations or schema are none. */
  public McpToolInfo {
    Objects.requireNonNull(name, "name");
    description = description == null ? "" : description;
    inputSchema = inputSchema == null ? Map.of() : inputSchema;
    annotations = annotations == null ? ToolAnnotations.NONE : annotations;
    outputSchema = outputSchema == null ? Map.of() : outputSchema;
  }

  /** A listed tool with no annotations and no output schema. */
  public McpToolInfo(String name, String description, Map<String, Object> inputSchema) {
    this(name, description, inputSchema, ToolAnnotations.NONE, Map.of());
  }
}
