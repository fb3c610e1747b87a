package dev.toolnexus;

import java.util.regex.Pattern;

/**
 * Tool-name rules shared by every source: {@link #sanitize} for names taken from elsewhere (MCP
 * servers, skills, OpenAPI operations) and {@link #requireValid} for names a host defines.
 */
public final class Names {
  /** The longest tool name every provider accepts. */
  public static final int MAX_LENGTH = 64;

  private static final Pattern UNSAFE = Pattern.compile("[^a-zA-Z0-9_-]");

  private Names() {}

  /** Replaces every character outside {@code [a-zA-Z0-9_-]} with {@code _}. */
  public static String sanitize(String raw) {
    return UNSAFE.matcher(raw).replaceAll("_");
  }

  /**
   * Checks a tool name at definition time: 1 to 64 characters from {@code [a-zA-Z0-9_-]}, the rule
   * every provider enforces, so a bad name fails here and not at the first request.
   *
   * @throws IllegalArgumentException naming the tool and the rule it breaks
   */
  public static String requireValid(String name) {
    if (name == null) {
      throw new IllegalArgumentException("tool name must not be null");
    }
    if (name.isEmpty()) {
      throw new IllegalArgumentException("tool name must not be empty");
    }
    if (UNSAFE.matcher(name).find()) {
      throw new IllegalArgumentException(
          "tool name \""
              + name
              + "\" may only contain letters, digits, '_' and '-' (every provider refuses"
              + " anything else); for example \""
              + sanitize(name)
              + "\"");
    }
    if (name.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "tool name \""
              + name
              + "\" is "
              + name.length()
              + " characters; the limit is "
              + MAX_LENGTH);
    }
    return name;
  }
}
