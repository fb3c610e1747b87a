package dev.toolnexus.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code serve --request-state-key-file} and {@code $TOOLNEXUS_REQUEST_STATE_KEY}: the secret that
 * signs and checks the request state of a 2026-07-28 "input required" answer, so replicas behind
 * one endpoint continue each other's calls. The key is never printed, not even in an error.
 */
final class RequestStateKeys {
  /** The environment variable holding the key itself. */
  static final String ENV = "TOOLNEXUS_REQUEST_STATE_KEY";

  /** The fewest characters a key may have (256 bits of HMAC-SHA256 key as ASCII). */
  static final int MIN_LENGTH = 32;

  private RequestStateKeys() {}

  /**
   * The key from {@code file} (surrounding whitespace and the final newline dropped) when given,
   * else from {@code env}, else null (the server draws a random one).
   *
   * @throws CliException when the file cannot be read or a key is shorter than {@link #MIN_LENGTH}
   */
  static String read(Path file, Map<String, String> env) {
    if (file != null) {
      String key;
      try {
        key = Files.readString(file).strip();
      } catch (IOException | RuntimeException e) {
        throw new CliException(
            "--request-state-key-file "
                + file
                + ": cannot read it ("
                + e.getClass().getSimpleName()
                + ")");
      }
      return checked(key, "--request-state-key-file " + file);
    }
    String key = env.get(ENV);
    if (key == null || key.isBlank()) {
      return null;
    }
    return checked(key.strip(), "$" + ENV);
  }

  private static String checked(String key, String where) {
    if (key.length() < MIN_LENGTH) {
      throw new CliException(
          where
              + ": the request state key is too short ("
              + key.length()
              + " characters; at least "
              + MIN_LENGTH
              + " are needed)");
    }
    return key;
  }
}
