package dev.toolnexus.builtins;

import com.google.re2j.Pattern;

/**
 * A glob over {@code /}-separated relative paths with the JDK's glob syntax ({@code *}, {@code **},
 * {@code ?}, {@code [..]} with {@code !} negation, {@code {a,b}}, {@code \} escapes). A pattern
 * without {@code /} matches the file name alone, and {@code **}{@code /} also matches zero
 * directories, so {@code **}{@code /*.java} finds a top-level file too. The glob is translated to
 * an RE2 expression, which matches in linear time, and a run of {@code **}{@code /} collapses to
 * one, so no pattern can make a match take long.
 */
final class GlobMatcher {
  private final boolean nameOnly;
  private final Pattern regex;

  private GlobMatcher(boolean nameOnly, Pattern regex) {
    this.nameOnly = nameOnly;
    this.regex = regex;
  }

  /**
   * Compiles a glob.
   *
   * @throws IllegalArgumentException with the reason when the glob is malformed
   */
  static GlobMatcher compile(String glob) {
    String regex = toRegex(collapse(glob), glob);
    return new GlobMatcher(!glob.contains("/"), Pattern.compile(regex, Pattern.DOTALL));
  }

  boolean matches(String rel) {
    String subject = rel;
    if (nameOnly) {
      int slash = rel.lastIndexOf('/');
      subject = slash < 0 ? rel : rel.substring(slash + 1);
    }
    return regex.matches(subject);
  }

  /** Repeated {@code **}{@code /} at a segment start means what one does. */
  static String collapse(String glob) {
    StringBuilder sb = new StringBuilder(glob.length());
    int i = 0;
    while (i < glob.length()) {
      boolean segmentStart = i == 0 || glob.charAt(i - 1) == '/';
      if (segmentStart && glob.startsWith("**/", i)) {
        sb.append("**/");
        i += 3;
        while (glob.startsWith("**/", i)) {
          i += 3;
        }
        continue;
      }
      char c = glob.charAt(i);
      sb.append(c);
      if (c == '\\' && i + 1 < glob.length()) {
        sb.append(glob.charAt(i + 1));
        i++;
      }
      i++;
    }
    return sb.toString();
  }

  private static IllegalArgumentException invalid(String glob, String why, int index) {
    return new IllegalArgumentException(
        "invalid glob \"" + glob + "\": " + why + " at index " + index);
  }

  static String toRegex(String g, String original) {
    StringBuilder re = new StringBuilder("^");
    boolean inGroup = false;
    int i = 0;
    while (i < g.length()) {
      char c = g.charAt(i++);
      switch (c) {
        case '\\' -> {
          if (i == g.length()) {
            throw invalid(original, "No character to escape", i - 1);
          }
          literal(re, g.charAt(i++));
        }
        case '*' -> {
          if (i < g.length() && g.charAt(i) == '*') {
            i++;
            boolean segmentStart = i - 2 == 0 || g.charAt(i - 3) == '/';
            if (segmentStart && i < g.length() && g.charAt(i) == '/') {
              re.append("(?:.*/)?"); // any directories, or none
              i++;
            } else {
              re.append(".*");
            }
          } else {
            re.append("[^/]*");
          }
        }
        case '?' -> re.append("[^/]");
        case '[' -> i = bracket(g, i, re, original);
        case '{' -> {
          if (inGroup) {
            throw invalid(original, "Cannot nest groups", i - 1);
          }
          re.append("(?:");
          inGroup = true;
        }
        case '}' -> {
          if (inGroup) {
            re.append(')');
            inGroup = false;
          } else {
            literal(re, c);
          }
        }
        case ',' -> {
          if (inGroup) {
            re.append('|');
          } else {
            literal(re, c);
          }
        }
        default -> literal(re, c);
      }
    }
    if (inGroup) {
      throw invalid(original, "Missing '}'", g.length() - 1);
    }
    return re.append('$').toString();
  }

  /** Translates a {@code [..]} class starting after its {@code [}; returns the index after it. */
  private static int bracket(String g, int i, StringBuilder re, String original) {
    int start = i - 1;
    StringBuilder cls = new StringBuilder("[");
    if (i < g.length() && g.charAt(i) == '!') {
      cls.append("^/");
      i++;
    } else if (i < g.length() && g.charAt(i) == '^') {
      cls.append("\\^");
      i++;
    }
    boolean negated = cls.length() > 1 && cls.charAt(1) == '^';
    boolean closed = false;
    boolean any = cls.length() > 1 && !negated; // a literal ^ was taken
    while (i < g.length()) {
      char c = g.charAt(i++);
      if (c == ']') {
        closed = true;
        break;
      }
      if (c == '/') {
        throw invalid(original, "Explicit 'name separator' in class", i - 1);
      }
      if (c == '\\' || c == '[' || c == ']' || c == '^' || c == '&') {
        cls.append('\\');
      }
      cls.append(c);
      any = true;
    }
    if (!closed) {
      throw invalid(original, "Missing ']'", start);
    }
    if (!any && !negated) {
      re.append("[^\\x{0}-\\x{10FFFF}]"); // an empty class matches nothing
    } else {
      re.append(cls).append(']');
    }
    return i;
  }

  private static void literal(StringBuilder re, char c) {
    if ("\\.[]{}()*+-?^$|".indexOf(c) >= 0) {
      re.append('\\');
    }
    re.append(c);
  }
}
