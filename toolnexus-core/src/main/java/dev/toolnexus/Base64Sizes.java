package dev.toolnexus;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Validation and size arithmetic for base64 payloads; package-private support for parts. */
final class Base64Sizes {
  private Base64Sizes() {}

  static void checkMedia(String partType, String mimeType, String data, String url) {
    String type = partType.equals("file") ? "a file" : "an " + partType;
    if (mimeType == null || mimeType.isBlank()) {
      throw new IllegalArgumentException(type + " part needs a mimeType");
    }
    if (data != null && url != null) {
      throw new IllegalArgumentException(type + " part takes exactly one of data or url, not both");
    }
    if (data == null && url == null) {
      throw new IllegalArgumentException(
          type + " part takes exactly one of data or url; neither was given");
    }
    if (data != null) {
      checkStandardBase64(type, data);
    }
  }

  private static void checkStandardBase64(String type, String data) {
    if (data.length() % 4 != 0) {
      throw new IllegalArgumentException(
          type + " part's data must be padded standard base64 (length " + data.length() + ")");
    }
    for (int i = 0; i < data.length(); i++) {
      char c = data.charAt(i);
      boolean ok =
          (c >= 'A' && c <= 'Z')
              || (c >= 'a' && c <= 'z')
              || (c >= '0' && c <= '9')
              || c == '+'
              || c == '/'
              || (c == '=' && i >= data.length() - 2);
      if (!ok) {
        throw new IllegalArgumentException(
            type + " part's data is not standard base64: bad character at index " + i);
      }
    }
  }

  static long decodedLength(String data) {
    int n = data.length();
    if (n == 0) {
      return 0;
    }
    int pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
    return (long) n / 4 * 3 - pad;
  }

  static ContentPart.Media parseDataUrl(String url) {
    int comma = url.indexOf(',');
    if (comma < 0) {
      throw new IllegalArgumentException("malformed data: URL (no comma)");
    }
    String meta = url.substring(5, comma);
    boolean base64 = meta.endsWith(";base64");
    String mime = base64 ? meta.substring(0, meta.length() - ";base64".length()) : meta;
    int params = mime.indexOf(';');
    if (params >= 0) {
      mime = mime.substring(0, params);
    }
    if (mime.isBlank()) {
      throw new IllegalArgumentException("a data: URL must name its mime type");
    }
    String payload = url.substring(comma + 1);
    byte[] bytes;
    try {
      // Re-encode so whatever arrives (unpadded, wrapped) lands as canonical padded base64.
      bytes =
          base64
              ? Base64.getMimeDecoder().decode(payload)
              : URLDecoder.decode(payload.replace("+", "%2B"), StandardCharsets.UTF_8)
                  .getBytes(StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("malformed data: URL payload: " + e.getMessage(), e);
    }
    return ContentPart.fromBytes(bytes, mime);
  }

  static String scheme(String url) {
    int colon = url.indexOf(':');
    return colon < 0 ? url.substring(0, Math.min(url.length(), 12)) : url.substring(0, colon + 1);
  }
}
