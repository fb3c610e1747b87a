package dev.toolnexus.skills;

import java.util.Comparator;

/**
 * The orderings skills are sorted and listed in. {@link String#compareTo} compares UTF-16 code
 * units, which puts an astral-plane character (a surrogate pair) before U+E000..U+FFFF; these
 * compare code points.
 */
final class CodePointOrder {
  /** Unicode code-point order over whole strings. */
  static final Comparator<String> CODE_POINTS = CodePointOrder::compare;

  /** Discovery order: path segment count ascending, then code point over the relative path. */
  static final Comparator<String> DISCOVERY =
      Comparator.comparingInt(CodePointOrder::depth).thenComparing(CODE_POINTS);

  private CodePointOrder() {}

  static int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) {
        return Integer.compare(x, y);
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Boolean.compare(i < a.length(), j < b.length());
  }

  /** The number of {@code /}-separated segments of a relative path. */
  static int depth(String relative) {
    int n = 1;
    for (int i = 0; i < relative.length(); i++) {
      if (relative.charAt(i) == '/') {
        n++;
      }
    }
    return n;
  }
}
