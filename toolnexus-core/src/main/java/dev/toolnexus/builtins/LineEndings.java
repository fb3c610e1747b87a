package dev.toolnexus.builtins;

/** Line-ending helpers for text edits on files written on Windows. */
final class LineEndings {
  private LineEndings() {}

  /** Whether the text uses CRLF: it has at least one {@code \r\n} and no bare {@code \n}. */
  static boolean isCrlf(String text) {
    boolean sawCrlf = false;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        if (i > 0 && text.charAt(i - 1) == '\r') {
          sawCrlf = true;
        } else {
          return false;
        }
      }
    }
    return sawCrlf;
  }

  /** Turns every bare {@code \n} into {@code \r\n}; existing {@code \r\n} stays as is. */
  static String toCrlf(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' && (i == 0 || text.charAt(i - 1) != '\r')) {
        sb.append('\r');
      }
      sb.append(c);
    }
    return sb.toString();
  }
}
