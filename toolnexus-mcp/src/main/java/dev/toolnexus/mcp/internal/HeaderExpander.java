package dev.toolnexus.mcp.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expands {@code ${VAR}} in remote-server header values from the environment. Expanded values are
 * secrets: they are never logged and never part of an error message.
 */
public final class HeaderExpander {
  private static final Pattern VAR = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

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
      Matcher m = VAR.matcher(h.getValue());
      StringBuilder sb = new StringBuilder();
      while (m.find()) {
        String value = env.apply(m.group(1));
        if (value == null) {
          throw new IllegalArgumentException(
              "header \""
                  + h.getKey()
                  + "\" of MCP server \""
                  + server
                  + "\" uses ${"
                  + m.group(1)
                  + "}, but the environment variable "
                  + m.group(1)
                  + " is not set");
        }
        m.appendReplacement(sb, Matcher.quoteReplacement(value));
      }
      m.appendTail(sb);
      out.put(h.getKey(), sb.toString());
    }
    return out;
  }
}
