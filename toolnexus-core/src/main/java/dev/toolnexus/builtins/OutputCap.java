package dev.toolnexus.builtins;

import java.nio.charset.StandardCharsets;

/**
 * Caps file or command content at a number of UTF-8 bytes and says how much was cut, so a model
 * knows the output is partial and how to ask for the rest.
 */
final class OutputCap {
  private OutputCap() {}

  /** The text of a capped result and how many bytes were cut. */
  record Capped(String text, long cutBytes, long totalBytes) {
    boolean truncated() {
      return cutBytes > 0;
    }
  }

  /** Keeps the head of {@code text}, cut on a character boundary. */
  static Capped head(String text, int maxBytes) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= maxBytes) {
      return new Capped(text, 0, bytes.length);
    }
    int end = maxBytes;
    while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
      end--; // never split a multi-byte character
    }
    String kept = new String(bytes, 0, end, StandardCharsets.UTF_8);
    return new Capped(kept, bytes.length - end, bytes.length);
  }

  /** The notice appended after capped content: how much was cut and what to do about it. */
  static String notice(String tool, Capped c, String hint) {
    return "\n\n["
        + tool
        + ": output truncated: "
        + c.cutBytes()
        + " of "
        + c.totalBytes()
        + " bytes cut"
        + (hint == null || hint.isEmpty() ? "" : "; " + hint)
        + "]";
  }

  /** {@code text} capped at its head, with the notice when something was cut. */
  static String headWithNotice(String tool, String text, int maxBytes, String hint) {
    Capped c = head(text, maxBytes);
    return c.truncated() ? c.text() + notice(tool, c, hint) : text;
  }
}
