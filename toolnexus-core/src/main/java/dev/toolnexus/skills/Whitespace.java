package dev.toolnexus.skills;

/**
 * Trimming with the whitespace set of ECMAScript's {@code String.prototype.trim} (the reference
 * port's), so bodies and frontmatter values trim the same way in every port. {@link String#strip}
 * misses U+00A0 and U+FEFF; {@link String#trim} misses every non-ASCII space.
 */
final class Whitespace {
  private Whitespace() {}

  static String trim(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && isSpace(s.charAt(start))) {
      start++;
    }
    while (end > start && isSpace(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(start, end);
  }

  static boolean isSpace(char c) {
    switch (c) {
      case '\t', '\n', '\u000B', '\f', '\r', ' ', '\u00A0', '\uFEFF', '\u2028', '\u2029':
        return true;
      default:
        return Character.getType(c) == Character.SPACE_SEPARATOR;
    }
  }
}
