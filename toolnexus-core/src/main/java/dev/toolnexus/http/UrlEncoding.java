package dev.toolnexus.http;

import java.nio.charset.StandardCharsets;

/** Percent-encoding for URL path segments and query components (RFC 3986, spaces as %20). */
final class UrlEncoding {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private UrlEncoding() {}

  /** Encodes every byte outside the unreserved set {@code A-Z a-z 0-9 - . _ ~}. */
  static String component(String raw) {
    byte[] bytes = raw.getBytes(StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder(bytes.length + 8);
    for (byte b : bytes) {
      int c = b & 0xff;
      if (isUnreserved(c)) {
        out.append((char) c);
      } else {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
      }
    }
    return out.toString();
  }

  private static boolean isUnreserved(int c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }
}
