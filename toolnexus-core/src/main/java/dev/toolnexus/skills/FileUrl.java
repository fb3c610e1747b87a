package dev.toolnexus.skills;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Renders an absolute directory as a {@code file://} URL the way the reference port does (Node's
 * {@code pathToFileURL}): no trailing slash, {@code /} separators, and the WHATWG path
 * percent-encode set plus {@code %} and {@code \}. {@link Path#toUri()} differs: it appends a slash
 * to directories and encodes other characters.
 */
final class FileUrl {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private FileUrl() {}

  static String of(Path absoluteDir) {
    String p = absoluteDir.toString();
    if (File.separatorChar != '/') {
      p = p.replace(File.separatorChar, '/');
    }
    if (!p.startsWith("/")) {
      p = "/" + p;
    }
    StringBuilder out = new StringBuilder("file://");
    for (byte b : p.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if (mustEncode(c)) {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
      } else {
        out.append((char) c);
      }
    }
    return out.toString();
  }

  private static boolean mustEncode(int c) {
    if (c <= 0x20 || c >= 0x7F) {
      return true;
    }
    switch (c) {
      case '"', '#', '%', '<', '>', '?', '`', '{', '}', '\\':
        return true;
      default:
        return false;
    }
  }
}
