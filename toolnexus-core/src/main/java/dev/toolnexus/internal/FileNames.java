package dev.toolnexus.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * File names for ids a caller chose (conversation ids, task ids), shared by the file stores of
 * several modules: any id, however hostile, maps to exactly one plain name inside the store's
 * directory. Public only for that.
 */
public final class FileNames {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}");

  private FileNames() {}

  /**
   * The id itself when it is plain (letters, digits, {@code .-_}, not starting with a dot, at most
   * 128 characters), else {@code ~} and a URL-safe base64 spelling of its UTF-8 bytes.
   */
  public static String forId(String id) {
    return PLAIN.matcher(id).matches()
        ? id
        : "~"
            + Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(id.getBytes(StandardCharsets.UTF_8));
  }
}
