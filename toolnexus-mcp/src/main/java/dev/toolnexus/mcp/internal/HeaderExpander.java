package dev.toolnexus.mcp.internal;

import dev.toolnexus.spi.EnvExpander;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Expands {@code ${VAR}} in remote-server header values from the environment with the shared {@link
 * EnvExpander}, naming the server and header when a variable is missing. Expanded values are
 * secrets: they are never logged and never part of an error message.
 */
public final class HeaderExpander {
  private HeaderExpander() {}

  /**
   * Returns the headers with every placeholder replaced.
   *
   * @throws IllegalArgumentException naming the header and the missing variable (never a value)
   */
  public static Map<String, String> expand(
      Map<String, String> headers, Function<String, String> env, String server) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> h : headers.entrySet()) {
      try {
        out.put(h.getKey(), EnvExpander.expand(h.getValue(), env, null));
      } catch (EnvExpander.MissingVariableException e) {
        throw new IllegalArgumentException(
            "header \""
                + h.getKey()
                + "\" of MCP server \""
                + server
                + "\" uses ${"
                + e.variable()
                + "}, but the environment variable "
                + e.variable()
                + " is not set",
            e);
      }
    }
    return out;
  }
}
