package dev.toolnexus;

import java.util.regex.Pattern;

/** Tool-name rules shared by every source: {@link #sanitize} (SPEC §0.2) and validation. */
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
   * Checks a tool name at definition time.
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
