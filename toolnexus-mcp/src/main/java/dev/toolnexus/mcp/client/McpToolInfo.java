package dev.toolnexus.mcp.client;

import java.util.Map;

/**
 * A server's tool definition as listed, under its original name (for {@link Mcp#listMcpTools}).
 *
 * @param name the tool's name on its server
 * @param description the server's description; empty when it gave none
 * @param inputSchema the JSON-Schema object of the arguments, as plain values
 */
public record McpToolInfo(String name, String description, Map<String, Object> inputSchema) {}
