package dev.toolnexus.mcp.client;

import java.util.List;

/**
 * The server's suggestions for an argument value ({@code completion/complete}).
 *
 * @param values the suggested values, best first (at most 100)
 * @param total how many there are in all, or null when the server does not say
 * @param hasMore whether there are more than {@code values}
 */
public record McpCompletion(List<String> values, Integer total, boolean hasMore) {
  /** Freezes the values. */
  public McpCompletion {
    values = values == null ? List.of() : List.copyOf(values);
  }
}
